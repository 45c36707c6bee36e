/**
 * The duplicate check's calls (src/server/modules/similarity serves them, the 查重报告 page makes
 * them): a topic's report, one entry per document with the earlier documents it repeats and the
 * passages side by side. What a reader may see of another's document is decided by the server:
 * an applicant checking their own draft sees their passages, not the other's text or name.
 */
import { contract, type Id } from './contract.js';

/** 0 未检测, 1 未见重复, 2 疑似重复, 3 本人延续 (dictionary ccjg). */
export type SimilarityVerdict = '0' | '1' | '2' | '3';

export interface SimilarityMatch {
  /** The earlier document's topic, when the reader may open it. */
  topicId: number | null;
  /** Its topic's name, or what the reader is told instead (其他课题). */
  topicName: string;
  year: string | null;
  document: string;
  /** Its leader and unit, when the reader may know them. */
  owner: string | null;
  samePerson: boolean;
  /** Share of the checked document found in it, in percent. */
  score: number;
  passages: { ours: string; theirs: string | null; share: number }[];
}

export interface SimilarityDocument {
  document: string;
  score: number;
  verdict: SimilarityVerdict;
  matches: SimilarityMatch[];
}

export interface SimilarityReport {
  topicId: number;
  topicName: string;
  /** The notice's threshold in percent. */
  threshold: number;
  verdict: SimilarityVerdict;
  score: number;
  /** Documents still waiting to be indexed (a conversion under way). */
  pending: boolean;
  documents: SimilarityDocument[];
  /**
   * Why the reader is shown no report although the topic is theirs (its notice keeps the report
   * from applicants): said on the page, not refused, since the tab is offered to every applicant.
   */
  closed?: string;
}

export const similarityCalls = {
  report: contract<{ id: Id }, SimilarityReport>('similarity/report'),
} as const;
