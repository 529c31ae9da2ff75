import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import type { ContestApiDeps } from './deps';
import { CCS_VERSION, CCS_VERSION_URL } from './format';
import { allObjects, collection } from './objects';
import { FEED_TYPES, type FeedType, presentContest, presentState } from './present';
import { presentScoreboard } from './scoreboard';
import { boardOf, callerOf, loadContest, requireReadable, scoreboardType } from './view';

/** The feed's singletons: served as objects of their own (`/contests/{id}`, `/state`), not lists. */
const SINGLETONS: readonly FeedType[] = ['contest', 'state'];
export type Collection = Exclude<FeedType, 'contest' | 'state'>;
/** The collections under `/contests/{id}/`, as the specification names them: the feed's other types. */
export const COLLECTIONS = FEED_TYPES.filter((t): t is Collection => !SINGLETONS.includes(t));

/** `GET /`: the API information. */
export const apiInformation = () => ({
  version: CCS_VERSION,
  version_url: CCS_VERSION_URL,
  provider: { name: '字节OJ' },
});

/** Every programming contest (the contest objects are as public as our contest list). */
export async function listContests(d: ContestApiDeps): Promise<unknown[]> {
  const rows = await d.reads.programmingContests();
  return rows.map((c) => presentContest(c, c.rule === 'icpc' || !c.rule ? 'pass-fail' : 'score'));
}

export async function contestObject(d: ContestApiDeps, id: number): Promise<unknown> {
  const board = await boardOf(d, id);
  return presentContest(board.contest, scoreboardType({ board }));
}

/** The state is public too: whether the contest started, froze, ended. */
export async function contestState(d: ContestApiDeps, id: number): Promise<unknown> {
  return presentState(await boardOf(d, id), Date.now());
}

export async function contestCollection(
  d: ContestApiDeps,
  viewer: Viewer,
  id: number,
  type: Collection,
  filter: Record<string, string>,
): Promise<unknown[]> {
  return collection(await loadContest(d, viewer, id), type, filter);
}

export async function contestItem(
  d: ContestApiDeps,
  viewer: Viewer,
  id: number,
  type: Collection,
  itemId: string,
): Promise<unknown> {
  const data = await loadContest(d, viewer, id);
  const found = allObjects(data).find((o) => o.type === type && o.id === itemId);
  if (!found) throw notFound(`${type} 中没有 ${itemId}`);
  return found.data;
}

export async function scoreboard(d: ContestApiDeps, viewer: Viewer, id: number): Promise<unknown> {
  return presentScoreboard(await loadContest(d, viewer, id));
}

/**
 * `/contests/{id}/account`: the caller's own account — a participant's team account, an admin's
 * `admin` account (the specification: the account of the client making the request); 404 for
 * anonymous callers and other users, who have none in the contest.
 */
export async function ownAccount(d: ContestApiDeps, viewer: Viewer, id: number): Promise<unknown> {
  const data = await loadContest(d, viewer, id);
  const mine = allObjects(data).find((o) => o.type === 'accounts' && o.id === String(viewer.uuid));
  if (mine) return mine.data;
  if (data.caller.admin && viewer.uuid > 0) {
    const [me] = await d.users.byIds([viewer.uuid]);
    const id = String(viewer.uuid);
    return { id, username: me?.account ?? id, name: me?.username || me?.account || id, type: 'admin' };
  }
  throw notFound('当前账号不是该比赛的参赛者');
}

const PROPERTIES: Record<string, string[]> = {
  contest: [
    'id',
    'name',
    'formal_name',
    'start_time',
    'duration',
    'scoreboard_freeze_duration',
    'scoreboard_type',
    'penalty_time',
  ],
  'judgement-types': ['id', 'name', 'penalty', 'solved'],
  languages: ['id', 'name', 'entry_point_required', 'extensions'],
  problems: ['id', 'label', 'name', 'ordinal', 'time_limit', 'test_data_count', 'max_score'],
  groups: ['id', 'name'],
  organizations: ['id', 'name', 'formal_name'],
  teams: ['id', 'label', 'name', 'display_name', 'organization_id', 'group_ids', 'hidden'],
  accounts: ['id', 'username', 'name', 'type', 'team_id'],
  state: ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'],
  submissions: ['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time', 'entry_point', 'files'],
  judgements: [
    'id',
    'submission_id',
    'judgement_type_id',
    'score',
    'start_time',
    'start_contest_time',
    'end_time',
    'end_contest_time',
    'max_run_time',
  ],
  runs: ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'],
  clarifications: [
    'id',
    'from_team_id',
    'to_team_id',
    'reply_to_id',
    'problem_id',
    'text',
    'time',
    'contest_time',
  ],
  awards: ['id', 'citation', 'team_ids'],
  scoreboard: ['time', 'contest_time', 'state', 'rows'],
  'event-feed': ['type', 'id', 'data', 'token'],
};

/** `/contests/{id}/access`: read-only (no capabilities), every endpoint the caller may read. */
export async function access(d: ContestApiDeps, viewer: Viewer, id: number): Promise<unknown> {
  const board = await boardOf(d, id);
  const caller = await callerOf(d, viewer, id);
  const open = new Set(['contest', 'state']);
  let readable = true;
  try {
    requireReadable(caller, board);
  } catch {
    readable = false;
  }
  return {
    capabilities: [],
    endpoints: Object.entries(PROPERTIES)
      .filter(([type]) => readable || open.has(type))
      .map(([type, properties]) => ({ type, properties })),
  };
}
