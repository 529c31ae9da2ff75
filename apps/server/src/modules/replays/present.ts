import type { Language, ReplayDetail, ReplayRow, ReplayWire } from '@oj/shared';
import type { CodeReplayRow } from './tables';
import type { UserBrief } from '../users';

type Listed = Omit<CodeReplayRow, 'data'> & { stored_bytes: number | string };

export function presentReplayRow(
  r: Listed,
  problems: Map<number, string>,
  users: Map<number, UserBrief>,
): ReplayRow {
  return {
    id: r.id,
    submission_id: r.submission_id,
    problem_id: r.problem_id,
    problem_name: problems.get(r.problem_id) ?? '',
    uuid: r.user_id,
    username: users.get(r.user_id)?.username ?? '',
    language: r.language as Language,
    duration_ms: r.duration_ms,
    edit_count: r.edit_count,
    run_count: r.run_count,
    stored_bytes: Number(r.stored_bytes),
    shared: r.shared === 1,
    create_time: r.create_time,
  };
}

export function presentReplay(row: ReplayRow, timeline: ReplayWire, mine: boolean): ReplayDetail {
  return { ...row, mine, timeline };
}
