/**
 * The documents module's answer (src/server/modules/documents/documentRoutes.ts serves it): the
 * public certificate check, which the lookup page schemas/pages/portal/certificate.verify.json names
 * as its endpoint, so the generic lookup page calls it by that path; the contract types the server's
 * side. The application form and the certificate (documents/*) are files, not answers.
 */
import { contract } from './contract.js';

export interface CertificateCheck {
  /** The number as checked: trimmed, upper case. */
  no: string;
  topicName: string;
  /** The leader (and second leader), the unit and the day it concluded, as the certificate prints them. */
  holder: string;
  unit: string;
  date: string;
  status: string;
  statusName: string;
  result: string;
}

export const documentCalls = {
  verifyCertificate: contract<{ no: string }, CertificateCheck>('public/certificate/verify'),
} as const;
