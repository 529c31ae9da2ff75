import type { ReplayWire } from '@oj/shared';
import type { SubmissionRow } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { can } from '../../lib/permissions';
import { hidesVerdict } from './curtain';
import type { WithContests } from './deps';
import { mayOpenRecord } from './records';
import { submissionById } from './repo';

/**
 * Where a submission's editing timeline goes (the replays module, wired in services.ts). `prepare`
 * checks and packs it before the submission is stored (a bad timeline refuses the submission,
 * nothing half-stored); `save` stores it once the submission has its id.
 */
export interface ReplaySink {
  prepare(replay: ReplayWire, source: string): unknown;
  save(prepared: unknown, submission: SubmissionRow): Promise<void>;
}

/** The problems a running programming contest lists (competitions, wired in services.ts). */
export type RunningProblems = () => Promise<number[]>;

/**
 * Whether the viewer may read a submission's code: its author and admins always; someone else only
 * when the author shares it (`sharedByOwner`, a code replay) and the code may be shown at all: the
 * record is readable by the viewer (hidden problems), its verdict is not behind a frozen scoreboard,
 * and no running contest lists its problem (a practice solution would give the contest away).
 */
export async function mayReadCode(
  d: WithContests & { runningProblems: RunningProblems },
  viewer: Viewer,
  id: number,
  sharedByOwner: boolean,
): Promise<boolean> {
  const s = await submissionById(d.db, id);
  if (!s) return false;
  const ownerUuid = s.user_id;
  if (can(viewer, { action: 'submission.viewCode', subject: { ownerUuid } })) return true;
  if (!sharedByOwner) return false;
  const exposable =
    (await mayOpenRecord(d, viewer, s)) &&
    !hidesVerdict(await d.curtainFor(viewer), s) &&
    !(await d.runningProblems()).includes(s.problem_id);
  return can(viewer, {
    action: 'submission.viewSharedCode',
    subject: { ownerUuid, shared: true, exposable },
  });
}
