import type { ProgressEvent, SubmissionRecord } from '@oj/shared';
import type { Math408RecordRow, SubmissionRow } from './db/types';
import { EventBus, type EventTransport } from './lib/event-bus';

/** What listeners learn of a submission (never its source code). */
export type SubmissionChange = Pick<
  SubmissionRow,
  | 'id'
  | 'user_id'
  | 'problem_id'
  | 'competition_id'
  | 'problem_index'
  | 'status'
  | 'create_time'
  | 'judge_version'
>;

/** What listeners learn of a math / 408 answer. */
export type AnswerChange = Pick<
  Math408RecordRow,
  'id' | 'user_id' | 'question_id' | 'competition_id' | 'problem_index' | 'status' | 'create_time'
>;

/**
 * The domain events of the server: the one way live updates travel (SSE streams, scoreboards) and
 * the feed that search indexing and notifications will subscribe to. An event is emitted by the
 * node that stored the change and reaches every node (Redis pub/sub when REDIS_URL is set), except
 * the node-scoped ones below.
 */
export type DomainEvents = {
  /** A submission was queued (status PD: new or rejudged) or judged (`record`: as anyone may see it). */
  'submission.changed': { submission: SubmissionChange; record: SubmissionRecord | null };
  /**
   * Judging progress (compiling, running test n, test n finished). Node-scoped: every node hears the
   * judge queue's progress itself (BullMQ broadcasts it), so sending it on would repeat it.
   */
  'submission.progress': Extract<ProgressEvent, { kind: 'compiling' | 'running' | 'test' }>;
  /** A math / 408 answer given in a contest was stored or took its programming verdict. */
  'answer.changed': AnswerChange;
  /** A problem's public answer changed (edit, visibility, tests, counts, video): nodes drop their cached copy. */
  'problem.changed': { problem_id: number };
  /** A contest changed (edited, deleted, frozen, joined, rated): nodes reload their board of it. */
  'contest.changed': { competition_id: number };
  /** This node's live board of a contest has a new version (node-scoped: each node keeps its own). */
  'contest.board.changed': { competition_id: number; version: number };
  /** A post was created or changed by someone (`by`); `content` is the markdown for created/edited, '' otherwise. */
  'post.changed': {
    post_id: number;
    author_id: number;
    by: number;
    title: string;
    category: 'solution' | 'answer' | 'discussion' | 'requirement';
    problem_id: number | null;
    action: 'created' | 'edited' | 'deleted' | 'hidden' | 'shown' | 'pinned' | 'unpinned' | 'locked' | 'unlocked' | 'status';
    content: string;
  };
  /** A comment was added to a post (`parent_author_id`: author of the top-level comment it replies to). */
  'comment.added': {
    comment_id: number;
    post_id: number;
    post_title: string;
    post_author_id: number;
    parent_author_id: number | null;
    author_id: number;
    content: string;
  };
  /** A user's notifications changed (a new one, or some were read): their unread badges recount. */
  'notification.changed': { user_id: number };
  /**
   * A contest's clarifications or announcements changed (issue 18): `user_id` null = every
   * participant may see the change (announcement, public answer), else only that user (a private
   * answer, their own question); the contest's managers hear every change.
   */
  'clarification.changed': { competition_id: number; user_id: number | null };
  /** An administrator changed a language's factors (issue 25): every node reads them again. */
  'languages.changed': { language: string };
};

export type DomainBus = EventBus<DomainEvents>;

export function createDomainBus(
  transport: EventTransport | undefined,
  onError: (err: unknown, event: string) => void,
): DomainBus {
  return new EventBus<DomainEvents>({
    transport,
    nodeScoped: ['submission.progress', 'contest.board.changed'],
    onError,
  });
}

export const submissionChange = (row: SubmissionChange): SubmissionChange => ({
  id: row.id,
  user_id: row.user_id,
  problem_id: row.problem_id,
  competition_id: row.competition_id,
  problem_index: row.problem_index,
  status: row.status,
  create_time: row.create_time,
  judge_version: row.judge_version,
});

export const answerChange = (row: AnswerChange): AnswerChange => ({
  id: row.id,
  user_id: row.user_id,
  question_id: row.question_id,
  competition_id: row.competition_id,
  problem_index: row.problem_index,
  status: row.status,
  create_time: row.create_time,
});
