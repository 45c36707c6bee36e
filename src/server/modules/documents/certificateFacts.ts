import type { ResourceService } from '../../platform/resources/ResourceService.js';
import { formatDate } from '../../../shared/provinceTime.js';

/** Concluded: province stage two passed (SPEC §4). */
export const CONCLUDED = '18';

/** What a certificate says of its topic, the same on the paper and on the public check page. */
export interface CertificateFacts {
  /** The holder: the leader and, when there is one, the second leader. */
  holder: string;
  members: string[];
  unit: string;
  /** The day it concluded (YYYY-MM-DD, the province's): its last move into the concluded status. */
  date: string;
}

export async function certificateFacts(
  service: ResourceService,
  record: Record<string, unknown>,
): Promise<CertificateFacts> {
  const logs = await service.store.logs(service.entity('topic'), Number(record.id));
  const concludedAt = logs
    .filter((l) => l.toStatus === CONCLUDED)
    .map((l) => Number(l.createdAt))
    .sort((a, b) => b - a)[0];
  const updated = Number(record.updatedAt);
  const date = concludedAt
    ? formatDate(concludedAt)
    : Number.isFinite(updated) && updated > 0
      ? formatDate(updated)
      : String(record.updatedAt ?? '').slice(0, 10);
  const members = (Array.isArray(record.members) ? (record.members as { name?: string }[]) : [])
    .map((m) => m?.name ?? '')
    .filter(Boolean);
  return {
    holder: [record.leader, record.secondLeader].filter(Boolean).map(String).join('、'),
    members,
    unit: String(record.unit ?? ''),
    date,
  };
}
