/**
 * The review module's calls (src/server/modules/review/reviewRoutes.ts serves them, the screens of
 * src/client/modules/review/ make them): allocation, scoring, replacement, discussion, progress,
 * ranking and the chair's decision. Downloads (review/export, review/application) are files, not
 * answers, and stay outside.
 */
import { contract, type Id } from './contract.js';

/** A review task status as the review workflow (schemas/workflows/review.json) names and colours it. */
export interface TaskStatus {
  code: string;
  label: string;
  color?: string;
}

/** One criterion of a batch's scoring template. */
export interface Criterion {
  name: string;
  maxScore: number;
  weight?: number;
  /** What the criterion asks the expert to judge, shown beside its score. */
  guidance?: string;
  /** What scores mean (e.g. 27-30分 选题新颖、价值突出), shown beside its score. */
  anchors?: string;
}

/** One record's result from its experts' totals by the batch rule. */
export interface Aggregate {
  count: number;
  finalScore: number | null;
  mean: number | null;
  spread: number | null;
  stdDev: number | null;
  disagreement: boolean;
}

/** A stored file as a record's files field holds it. */
export interface FileRef {
  id: number;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  md5: string;
}

export interface AssignedExpert {
  reviewId: number;
  expertId: number;
  expertName: string;
  status: string;
}
export interface AllocationTarget {
  id: number;
  /** Read through the batch's target mapping: absent when the record leaves the field empty. */
  name?: string;
  unit?: string | null;
  areaCode?: string | null;
  subject?: string | null;
  status: string;
  waiting: boolean;
  /** Why the record may not enter this batch (stage, status, another running batch, the user's rights); absent when it may. */
  refused?: string;
  assigned: AssignedExpert[];
  conflicts: Array<{ expertId: number; reasons: string[] }>;
  /** In a blind batch: what its identity-free files (the 课题论证活页) say of who made it. */
  identity?: IdentityScan;
}

/** One word of a record's people, unit or numbers found in a file, and where. */
export interface IdentityFinding {
  word: string;
  kind: string;
  page?: number;
  paragraph?: number;
}
export interface IdentityScan {
  state: 'clean' | 'found' | 'pending' | 'unreadable';
  findings: IdentityFinding[];
}
export interface PoolExpert {
  id: number;
  name: string;
  unit: string | null;
  area: string | null;
  subject?: string | null;
  title: string | null;
  load: number;
  subjects?: string[];
}
export interface Candidates {
  batch: { id: number; name: string; status: string; expertsPerTopic: number; outOfArea: boolean; blind: boolean };
  targets: AllocationTarget[];
  experts: PoolExpert[];
  /** Reviews of records that have left the pickable statuses. */
  others: number;
  statuses: TaskStatus[];
}

/** A review as its read rules render it: the fields the score sheet reads, and the others the reader may read. */
export interface ReviewState {
  [field: string]: unknown;
  id: number | string;
  version: number;
  status: string;
  scores?: Record<string, number> | null;
  total?: number | null;
  recommendation?: string | null;
  confidence?: string | null;
  comment?: string | null;
  declineKind?: string | null;
  declineReason?: string | null;
}

export interface TaskAnswer {
  review: ReviewState;
  batch: {
    id: number;
    name: string;
    stage: string;
    /** The template as stored: a list of criteria (null before one is chosen). */
    criteria: Criterion[] | null;
    recommendations: string[];
    blind: boolean;
    startTime: string | null;
    endTime: string | null;
    scoreMode: string | null;
    description: string | null;
    status: string;
  };
  target: Record<string, unknown> | null;
  documentFields: string[];
  documents: Array<{ field: string; label: string; files: FileRef[] }>;
  statuses: TaskStatus[];
  /** The record has an application form the server generates for this reader (review/application). */
  application: boolean;
  canEdit: boolean;
  /** The identity fields the server left out of `target` for this reader (a blind batch). */
  hiddenFields: Array<{ field: string; label: string }>;
  /** The batch's chair may send this submitted review back (退回修改). */
  canReopen: boolean;
}

/** A type, not an interface: the server's services take it as a plain record. */
export type ScoreRequest = {
  id: Id;
  version: number;
  submit?: boolean;
  scores?: Record<string, number | string | null>;
  recommendation?: string | null;
  confidence?: string | null;
  comment?: string | null;
};

export interface ReplacementProposal {
  review: {
    id: number;
    targetName: string;
    expertName: string;
    declineKind: string | null;
    conflictType: string | null;
    declineReason: string | null;
    declinedAt: string | null;
  };
  candidates: Array<{ expertId: number; name: string; unit: string | null; load: number; subjectMatch: boolean }>;
  message: string | null;
}

export interface PeerReview {
  key: number;
  expertName: string;
  scores: Record<string, number> | null;
  total: number | null;
  recommendation: string | null;
  confidence: string | null;
  comment: string | null;
  submittedAt: string | null;
}

export interface DiscussionPost {
  id: number;
  author: string;
  mine: boolean;
  organiser: boolean;
  content: string;
  replyTo: number | null;
  replyToAuthor: string | null;
  createdAt: string;
}
export interface DiscussionThread {
  /** Why the reader may not read it yet (an expert before their own review is submitted), else null. */
  closed: string | null;
  blind: boolean;
  /** How the reader is named in the thread (absent or null: not one of its experts). */
  me?: string | null;
  canPost: boolean;
  maxLength: number;
  posts: DiscussionPost[];
}

export interface ProgressTask {
  reviewId: number;
  expertId: number;
  expertName: string;
  status: string;
  total: number | null;
  submittedAt: string | null;
}
/** A record's result of the batch as written on the record (stageResult.ts), with the fields the page shows. */
export interface ProgressResult extends Aggregate {
  [field: string]: unknown;
  recommendation: string | null;
}
export interface ProgressTarget {
  targetId: number;
  targetName: string;
  submitted: number;
  total: number;
  experts: ProgressTask[];
  result: ProgressResult | null;
}
/** A task whose expert declared a conflict or declined: waiting for the chair's replacement, or replaced. */
export interface LeftTask {
  reviewId: number;
  targetId: number;
  targetName: string;
  expertName: string;
  status: string;
  declineKind: string | null;
  declineReason: string | null;
  declinedAt: string | null;
}
export interface ProgressAnswer {
  batch: {
    id: number;
    name: string;
    status: string;
    endTime: string | null;
    blind: boolean;
    endedAt: string | null;
    endReason: string | null;
    /** Why this account may not end the running batch (the end would be refused), or null. */
    endRefusal: string | null;
  };
  total: number;
  submitted: number;
  drafts: number;
  percent: number;
  targets: ProgressTarget[];
  missing: Array<{ expertId: number; expertName: string; open: number }>;
  left: LeftTask[];
  statuses: TaskStatus[];
}

export interface RankedExpert {
  name: string;
  total: number | null;
  submitted: boolean;
}
export interface RankedRow extends Aggregate {
  rank: number | null;
  targetId: number;
  targetName: string;
  status: string | null;
  statusLabel: string;
  experts: RankedExpert[];
  expertScores: string;
  conflicts: number;
  decision: string | null;
  decisionLabel: string;
  decisionNote: string | null;
  /** The decisions the reader may make on this row now, as the batch's stage words them (none: not theirs to decide). */
  decisions: Array<{ value: string; label: string }>;
  decidedAt: string | null;
}
export interface Ranking {
  /** canDecide: the review has ended and this user chairs it (a city administrator their own batches). */
  batch: { id: number; name: string; status: string; blind: boolean; ended: boolean; canDecide: boolean };
  rows: RankedRow[];
}

type ByBatch = { batchId: Id };
type ById = { id: Id };

export const reviewCalls = {
  candidates: contract<ByBatch, Candidates>('review/candidates'),
  allocate: contract<
    { batchId: Id; mode: 'auto' | 'manual'; targetIds: Id[]; pairs?: Array<{ targetId: Id; expertId: Id }> },
    { created: number; assignments: Array<{ targetId: number; expertId: number }> }
  >('review/allocate', { write: true }),
  unassign: contract<ById, { deleted: number }>('review/unassign', { write: true }),
  /** An uploaded file of an identity-free field read for the record's people, unit and numbers (the form's values). */
  identityScan: contract<
    { entity: string; field: string; fileId: Id; id?: Id | null; record?: Record<string, unknown> | null },
    IdentityScan & { message: string | null }
  >('review/identityScan'),
  task: contract<ById, TaskAnswer>('review/task'),
  score: contract<ScoreRequest, ReviewState>('review/score', { write: true }),
  reopen: contract<ById & { comment?: string | null }, { id: number }>('review/reopen', { write: true }),
  decline: contract<
    ById & { kind: string; conflictType?: string | null; reason?: string | null },
    { id: number; status: string }
  >('review/decline', { write: true }),
  replacement: contract<ById, ReplacementProposal>('review/replacement'),
  replace: contract<ById & { expertId: Id }, { id: number; replaced: number }>('review/replace', { write: true }),
  peers: contract<ById, { blind: boolean; reviews: PeerReview[] }>('review/peers'),
  discussion: contract<ById, DiscussionThread>('review/discussion'),
  discussionPost: contract<ById & { content?: string | null; replyTo?: Id | null }, { id: number }>(
    'review/discussionPost',
    { write: true },
  ),
  progress: contract<ByBatch, ProgressAnswer>('review/progress'),
  remind: contract<ByBatch, { reminded: number }>('review/remind', { write: true }),
  ranking: contract<ByBatch, Ranking>('review/ranking'),
  decide: contract<ByBatch & { targetId: Id; decision: string; note?: string | null }, { decision: string }>(
    'review/decide',
    { write: true },
  ),
  copyBatch: contract<ById, { id: number }>('review/copyBatch', { write: true }),
  /** SPEC §7's name for the end of a review. */
  endReview: contract<ByBatch & { force?: boolean; reason?: string | null }, { forced: boolean; results: unknown[] }>(
    'tTopicReview/checkEndReview',
    { write: true },
  ),
} as const;
