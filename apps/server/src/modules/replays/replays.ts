import type { ReplayDetail, ReplayLink, ReplayPage, ReplayQuery, ReplayWire } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import type { SubmissionRow } from '../submissions';
import type { ReplaysDeps } from './deps';
import { type PackedReplay, packReplay, unpackReplay } from './pack';
import { presentReplay, presentReplayRow } from './present';
import { insertReplay, pageOfUser, replayBy, setShared } from './repo';
import type { CodeReplayRow } from './tables';

/**
 * The submissions module's sink: check and pack, then store. A lower part over code_replays, built
 * before the submissions, whose records the replays module then reads.
 */
export function replaySink(d: Pick<ReplaysDeps, 'db'>) {
  return {
    prepare: (replay: ReplayWire, source: string): PackedReplay => packReplay(replay, source),
    async save(prepared: unknown, s: SubmissionRow): Promise<void> {
      const p = prepared as PackedReplay;
      await insertReplay(d.db, {
        submission_id: s.id,
        user_id: s.user_id,
        problem_id: s.problem_id,
        language: s.language,
        duration_ms: p.facts.durationMs,
        edit_count: p.facts.edits,
        run_count: p.facts.runs,
        wire_bytes: p.wireBytes,
        data: p.data,
        shared: 0,
        create_time: s.create_time,
      });
    },
  };
}

/** My replays, newest first (no timelines: the list never decompresses). */
export async function listMine(
  d: ReplaysDeps,
  viewer: Viewer,
  page: { pageNum: number; pageSize: number },
): Promise<ReplayPage> {
  const found = await pageOfUser(d.db, viewer.uuid, page);
  const [problems, users] = await Promise.all([
    d.problems.names([...new Set(found.records.map((r) => r.problem_id))]),
    d.users.briefs([viewer.uuid]),
  ]);
  return { ...found, records: found.records.map((r) => presentReplayRow(r, problems, users)) };
}

/**
 * A replay the viewer may play: its owner and admins; others only when shared, where the
 * submission's code may be shown at all (the submissions' rule) and while no lock keeps the
 * problem's solutions from them (the forum's solution gate: a running contest, the after-AC
 * policy). Anything else is "not found", so a guessed id tells nothing.
 */
async function readable(d: ReplaysDeps, viewer: Viewer, q: ReplayQuery): Promise<CodeReplayRow> {
  const row = await replayBy(d.db, q.id !== undefined ? { id: q.id } : { submission_id: q.submission_id! });
  const access = row && (await d.submissions.codeAccess(viewer, row.submission_id, row.shared === 1));
  if (!row || !access || (access === 'shared' && (await d.solutions.refusal(viewer, row.problem_id))))
    throw notFound('代码回放不存在或未公开');
  return row;
}

export async function detail(d: ReplaysDeps, viewer: Viewer, q: ReplayQuery): Promise<ReplayDetail> {
  const row = await readable(d, viewer, q);
  const [problems, users] = await Promise.all([
    d.problems.names([row.problem_id]),
    d.users.briefs([row.user_id]),
  ]);
  const listed = presentReplayRow({ ...row, stored_bytes: row.data.length }, problems, users);
  return presentReplay(listed, unpackReplay(row.data), row.user_id === viewer.uuid);
}

/** The record page's link: the replay of a submission, when there is one the viewer may play. */
export async function linkOf(d: ReplaysDeps, viewer: Viewer, submissionId: number): Promise<ReplayLink> {
  try {
    return { id: (await readable(d, viewer, { submission_id: submissionId })).id };
  } catch {
    return null;
  }
}

/** The owner's share switch (admins read every replay already; sharing is the owner's choice). */
export async function share(d: ReplaysDeps, viewer: Viewer, id: number, shared: boolean): Promise<void> {
  const row = await replayBy(d.db, { id });
  if (!row) throw notFound('代码回放不存在或未公开');
  if (row.user_id !== viewer.uuid) throw forbidden('只有回放的作者可以设置分享');
  await setShared(d.db, id, shared);
}
