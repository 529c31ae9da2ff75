import type { ContestState } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';
import { can } from '../../lib/permissions';
import { outsiderRefusal } from './class-rule';
import { type Contests, ContestType } from './deps';
import { stateOf, subjectOf } from './present';
import { isJoined } from './participants-repo';
import * as repo from './repo';

/** What the clarifications and similarity modules learn of a contest (issue 18). */
export interface ContestFacts {
  id: number;
  name: string;
  state: ContestState;
  start_time: string;
  end_time: string;
  programming: boolean;
  has_password: boolean;
  /** Problems in order: `index` as submissions name it, `display_name` (A, B…). */
  problems: Array<{ index: number; display_name: string; problem_id: number }>;
}

/** A viewer's standing in a contest: a participant, and / or one who runs it (admins, its author). */
export interface ContestAccess extends ContestFacts {
  joined: boolean;
  manager: boolean;
  /** A class contest's outsider: why they may see nothing of it (class-rule.ts); null otherwise. */
  class_refusal: string | null;
}

export async function contestFacts(d: Contests, id: number): Promise<ContestFacts> {
  const row = await repo.contestRow(d.db, id);
  const problems = await repo.contestProblems(d.db, id);
  return {
    id: row.id,
    name: row.name,
    state: stateOf(row),
    start_time: row.start_time,
    end_time: row.end_time,
    programming: row.type === ContestType.Programming,
    has_password: row.password_hash !== null,
    problems: problems.map((p) => ({ index: p.idx, display_name: p.display_name, problem_id: p.problem_id })),
  };
}

/** The manager rule is the preview rule: admins, and the author of a user-created contest. */
export async function contestAccess(d: Contests, viewer: Viewer, id: number): Promise<ContestAccess> {
  const row = await repo.contestRow(d.db, id);
  const facts = await contestFacts(d, id);
  return {
    ...facts,
    joined: await isJoined(d.db, id, viewer.uuid),
    manager: can(viewer, { action: 'contest.preview', subject: subjectOf(row) }),
    class_refusal: await outsiderRefusal(d, viewer, row),
  };
}

/** Names of some contests (deleted ones left out). */
export const contestNames = (d: Contests, ids: number[]): Promise<Map<number, string>> =>
  repo.contestNames(d.db, ids);

/** Programming contests that ended (the similarity job analyses each once). */
export const endedProgrammingContests = (d: Contests): Promise<number[]> =>
  repo.endedProgrammingIds(d.db, nowIso());
