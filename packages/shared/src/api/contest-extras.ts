import { z } from 'zod';
import { fieldLabel } from '../field-labels';
import { pageOf } from '../paging';

/**
 * Issue 18, the contest extras: clarifications (答疑) and contest announcements
 * (`/api/clarifications/…`), and code similarity (`/api/similarity/admin/…`, admins only).
 * Live updates of the clarifications come from the SSE stream
 * `GET /api/clarifications/stream?competition_id=` (event `clarification`).
 */

const intField = (field: string, min = 1) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(min, `${fieldLabel([field])}必须大于等于 ${min}`);

const text = (field: string, max: number) =>
  z
    .string({ error: `${fieldLabel([field])}必须是文字` })
    .trim()
    .min(1, `${fieldLabel([field])}不能为空`)
    .max(max, `${fieldLabel([field])}最多 ${max} 个字`);

export const CLARIFICATION_LIMITS = { questionMax: 1000, answerMax: 2000, announcementMax: 2000 } as const;

// ---------------------------------------------------------------- clarifications

export const ClarificationContestQuery = z.object({ competition_id: intField('competition_id') });
export type ClarificationContestQuery = z.infer<typeof ClarificationContestQuery>;

/** A participant's question: about one problem (`problem_index`, 0-based) or the whole contest (null). */
export const AskRequest = z.object({
  competition_id: intField('competition_id'),
  problem_index: intField('problem_index', 0).nullable().default(null),
  question: text('question', CLARIFICATION_LIMITS.questionMax),
});
export type AskRequest = z.infer<typeof AskRequest>;

/** An answer, to the asker only (`public: false`) or to every participant; answering again replaces it. */
export const AnswerRequest = z.object({
  clarification_id: intField('clarification_id'),
  answer: text('answer', CLARIFICATION_LIMITS.answerMax),
  public: z.boolean({ error: `${fieldLabel(['public'])}必须是 true 或 false` }),
});
export type AnswerRequest = z.infer<typeof AnswerRequest>;

export const AnnounceRequest = z.object({
  competition_id: intField('competition_id'),
  content: text('content', CLARIFICATION_LIMITS.announcementMax),
});
export type AnnounceRequest = z.infer<typeof AnnounceRequest>;

export const AnnouncementIdQuery = z.object({ announcement_id: intField('announcement_id') });
export type AnnouncementIdQuery = z.infer<typeof AnnouncementIdQuery>;

export const ContestAnnouncement = z.object({
  id: z.number().int(),
  competition_id: z.number().int(),
  content: z.string(),
  create_time: z.string(),
});
export type ContestAnnouncement = z.infer<typeof ContestAnnouncement>;

export const Clarification = z.object({
  id: z.number().int(),
  competition_id: z.number().int(),
  problem_index: z.number().int().nullable(),
  /** The problem's label (A, B…), null for a general question. */
  problem_name: z.string().nullable(),
  /** Who asked: shown to the contest's managers only (and `mine` to the asker). */
  asker: z.object({ uuid: z.number().int(), username: z.string() }).nullable(),
  mine: z.boolean(),
  question: z.string(),
  answer: z.string().nullable(),
  public: z.boolean(),
  create_time: z.string(),
  answer_time: z.string().nullable(),
});
export type Clarification = z.infer<typeof Clarification>;

/** What the 答疑 tab shows: newest first. `unread`: for managers, the questions still open. */
export const ClarificationBoard = z.object({
  announcements: z.array(ContestAnnouncement),
  clarifications: z.array(Clarification),
  unread: z.number().int(),
  /** The viewer answers and announces (admins; the author of a user-created contest). */
  manager: z.boolean(),
  /** The viewer may ask now (a participant, while the contest runs). */
  can_ask: z.boolean(),
});
export type ClarificationBoard = z.infer<typeof ClarificationBoard>;

export const ClarificationUnread = z.object({ unread: z.number().int() });
export type ClarificationUnread = z.infer<typeof ClarificationUnread>;

/** SSE event `clarification`: something visible to the viewer changed; `unread` is the new count. */
export const ClarificationEvent = z.object({ competition_id: z.number().int(), unread: z.number().int() });
export type ClarificationEvent = z.infer<typeof ClarificationEvent>;

/** The management site: contests with open questions (or any clarification), most open first. */
export const OpenClarificationContest = z.object({
  competition_id: z.number().int(),
  name: z.string(),
  open: z.number().int(),
  total: z.number().int(),
});
export type OpenClarificationContest = z.infer<typeof OpenClarificationContest>;

// ---------------------------------------------------------------- code similarity

export const SimilarityRun = z.object({
  competition_id: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  submissions: z.number().int(),
  pairs: z.number().int(),
  duration_ms: z.number().int(),
  error: z.string(),
  started_time: z.string(),
  finished_time: z.string().nullable(),
});
export type SimilarityRun = z.infer<typeof SimilarityRun>;

const Side = z.object({
  submission_id: z.number().int(),
  user: z.object({ uuid: z.number().int(), username: z.string() }),
  /** Share of this side's fingerprints found on the other side (0–1). */
  share: z.number(),
});

export const SimilarityPair = z.object({
  id: z.number().int(),
  competition_id: z.number().int(),
  problem_index: z.number().int(),
  problem_name: z.string(),
  language: z.string(),
  /** Shared fingerprints over the mean of both counts (0–1). */
  score: z.number(),
  left: Side,
  right: Side,
});
export type SimilarityPair = z.infer<typeof SimilarityPair>;

export const SimilarityPage = pageOf(SimilarityPair).extend({ run: SimilarityRun.nullable() });
export type SimilarityPage = z.infer<typeof SimilarityPage>;

export const SimilarityPairsQuery = z.object({
  competition_id: intField('competition_id'),
  pageNum: intField('pageNum').default(1),
});
export type SimilarityPairsQuery = z.infer<typeof SimilarityPairsQuery>;

export const SimilarityPairQuery = z.object({ pair_id: intField('pair_id') });
export type SimilarityPairQuery = z.infer<typeof SimilarityPairQuery>;

/** A matched region: lines [from, to] (1-based, inclusive) on the left and on the right. */
export const SimilarityRegion = z.object({
  left: z.tuple([z.number().int(), z.number().int()]),
  right: z.tuple([z.number().int(), z.number().int()]),
});
export type SimilarityRegion = z.infer<typeof SimilarityRegion>;

export const SimilarityPairDetail = z.object({
  pair: SimilarityPair,
  left_source: z.string(),
  right_source: z.string(),
  regions: z.array(SimilarityRegion),
});
export type SimilarityPairDetail = z.infer<typeof SimilarityPairDetail>;
