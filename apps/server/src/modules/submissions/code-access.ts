import type { ReplayWire } from '@oj/shared';
import type { SubmissionRow } from './tables';
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

/**
 * How the viewer may read a submission's code: its author and admins always ('own'); someone else
 * only when the author shares it (`sharedByOwner`, a code replay) and the record may be shown to
 * them: readable by the viewer (hidden problems) and its verdict not behind a frozen scoreboard
 * ('shared'). Whether a shared solution is locked meanwhile (a running contest, the after-AC policy)
 * is the forum's solution gate, asked by the replays module; null: not at all.
 */
export async function codeAccess(
  d: WithContests,
  viewer: Viewer,
  id: number,
  sharedByOwner: boolean,
): Promise<'own' | 'shared' | null> {
  const s = await submissionById(d.db, id);
  if (!s) return null;
  const ownerUuid = s.user_id;
  if (can(viewer, { action: 'submission.viewCode', subject: { ownerUuid } })) return 'own';
  if (!sharedByOwner) return null;
  const exposable = (await mayOpenRecord(d, viewer, s)) && !hidesVerdict(await d.curtainFor(viewer), s);
  const shared = can(viewer, {
    action: 'submission.viewSharedCode',
    subject: { ownerUuid, shared: true, exposable },
  });
  return shared ? 'shared' : null;
}
