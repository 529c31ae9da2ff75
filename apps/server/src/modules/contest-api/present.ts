import { LANGUAGE_SPECS } from '@oj/judge';
import type { ContestLogRow } from '../submissions';
import {
  abstime,
  JUDGEMENT_TYPES,
  judgementTypeOf,
  languageId,
  languageOf,
  organizationId,
  reltime,
  seconds,
} from './format';
import { type Board, type ContestData, freezeStartMs, hiddenFor, revealMs, scoreboardType } from './view';

/** The endpoints of the event feed, in the order objects of one instant are sent (references first). */
export const FEED_TYPES = [
  'contest',
  'judgement-types',
  'languages',
  'problems',
  'groups',
  'organizations',
  'teams',
  'accounts',
  'state',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
  'awards',
] as const;
export type FeedType = (typeof FEED_TYPES)[number];

type Json = Record<string, unknown>;

/** One object of the API with the instant it took its current value (the event feed's order). */
export interface ApiObject {
  type: FeedType;
  /** null for the singletons (contest, state). */
  id: string | null;
  data: Json;
  stamp: number;
}

const obj = (type: FeedType, id: string | null, data: Json, stamp: number): ApiObject => ({
  type,
  id,
  data,
  stamp,
});

export const problemIdOf = (board: Board, index: number): string =>
  String(board.problems.find((p) => p.idx === index)?.problem_id ?? index);

/** The contest object; `c`: its row (or the list's columns of it). */
export function presentContest(
  c: { id: number; name: string; start_time: string; end_time: string; freeze_minutes: number },
  type: 'pass-fail' | 'score',
): Json {
  const start = Date.parse(c.start_time);
  return {
    id: String(c.id),
    name: c.name,
    formal_name: c.name,
    start_time: abstime(start),
    duration: reltime(Date.parse(c.end_time) - start),
    scoreboard_freeze_duration: reltime(Math.max(0, c.freeze_minutes) * 60_000),
    scoreboard_type: type,
    ...(type === 'pass-fail' ? { penalty_time: 20 } : {}),
  };
}

/** State times as they happened; `thawed` is when an admin lifted the freeze (its update time). */
export function presentState(board: Board, now: number): Json {
  const c = board.contest;
  const start = Date.parse(c.start_time);
  const end = Date.parse(c.end_time);
  const freezeFrom = freezeStartMs(board);
  const update = Date.parse(c.update_time);
  const ended = now >= end ? end : null;
  // A freeze lifted before the end never took effect for the record: neither frozen nor thawed.
  const thawedAt = c.unfrozen && ended !== null && update >= end ? update : null;
  const frozen =
    freezeFrom !== null && now >= freezeFrom && (!c.unfrozen || thawedAt !== null) ? freezeFrom : null;
  const thawed = frozen !== null ? thawedAt : null;
  const finalized = ended !== null && c.finalized ? end : null;
  const endOfUpdates =
    finalized !== null && (frozen === null || thawed !== null) ? Math.max(end, thawed ?? 0) : null;
  const t = (ms: number | null) => (ms === null ? null : abstime(ms));
  return {
    started: t(now >= start ? start : null),
    frozen: t(frozen),
    ended: t(ended),
    thawed: t(thawed),
    finalized: t(finalized),
    end_of_updates: t(endOfUpdates),
  };
}

/** When the state last changed (its place in the event feed). */
export function stateStamp(state: Json, createdMs: number): number {
  const times = Object.values(state).filter((v): v is string => typeof v === 'string');
  return Math.max(createdMs, ...times.map((t) => Date.parse(t)));
}

/** Configuration: contest, judgement types, languages, problems, organizations, teams, accounts. */
export function configObjects(data: ContestData): ApiObject[] {
  const { board } = data;
  const c = board.contest;
  const created = Date.parse(c.create_time);
  const type = scoreboardType(data);
  const out: ApiObject[] = [obj('contest', null, presentContest(c, type), created)];
  for (const j of JUDGEMENT_TYPES) out.push(obj('judgement-types', j.id, { ...j }, created));
  for (const l of data.languages) {
    const { id, extensions } = languageOf(l);
    out.push(obj('languages', id, { id, name: l, entry_point_required: false, extensions }, created));
  }
  for (const p of board.problems) {
    const info = data.problems.get(p.idx)!;
    const id = problemIdOf(board, p.idx);
    out.push(
      obj(
        'problems',
        id,
        {
          id,
          label: p.display_name,
          name: info.name,
          ordinal: p.idx,
          time_limit: seconds(info.timeLimitMs),
          test_data_count: info.tests,
          ...(type === 'score' ? { max_score: 100 } : {}),
        },
        created,
      ),
    );
  }
  for (const g of GROUPS) out.push(obj('groups', g.id, { ...g }, created));
  out.push(...teamObjects(data));
  return out;
}

/**
 * Two groups: the official teams and the 打星 ones (ranked, no medal or award), so that the ICPC
 * tools can tell them apart (the Resolver and the CDS show a team's groups).
 */
const GROUPS = [
  { id: 'participants', name: '正式队伍' },
  { id: 'observers', name: '打星队伍' },
] as const;

/** A team's groups: `key` as on the board (a user id, or a team contest's team key). */
const groupIdsOf = (data: ContestData, key: number) => [
  data.unofficial.has(key) ? 'observers' : 'participants',
];

/** Teams (one per participant), their schools as organizations, and the accounts (admins; one's own). */
function teamObjects(data: ContestData): ApiObject[] {
  if (data.board.teams) return contestTeamObjects(data);
  const orgs = new Map<string, ApiObject>();
  const teams: ApiObject[] = [];
  for (const uid of data.teamIds) {
    const u = data.users.get(uid);
    const joined = Date.parse(data.joinTimes.get(uid) ?? data.board.contest.create_time);
    const school = u?.school.trim() ?? '';
    const orgId = school ? organizationId(school) : null;
    if (orgId) {
      const held = orgs.get(orgId);
      if (!held || held.stamp > joined)
        orgs.set(
          orgId,
          obj('organizations', orgId, { id: orgId, name: school, formal_name: school }, joined),
        );
    }
    const id = String(uid);
    const name = u?.username || u?.account || id;
    teams.push(
      obj(
        'teams',
        id,
        {
          id,
          label: id,
          name,
          display_name: name,
          organization_id: orgId,
          group_ids: groupIdsOf(data, uid),
          hidden: false,
        },
        joined,
      ),
    );
    if (data.caller.admin || uid === data.caller.viewer.uuid)
      teams.push(
        obj('accounts', id, { id, username: u?.account ?? id, name, type: 'team', team_id: id }, joined),
      );
  }
  return [...orgs.values(), ...teams];
}

/**
 * A team contest's teams (issue 26 part 3): each team with its affiliation as organization, and
 * its members as accounts of the team (admins; a member sees their own team's).
 */
function contestTeamObjects(data: ContestData): ApiObject[] {
  const orgs = new Map<string, ApiObject>();
  const out: ApiObject[] = [];
  const myKey = data.keyOfUser(data.caller.viewer.uuid);
  for (const key of data.teamIds) {
    const team = data.board.teams!.byKey.get(key);
    if (!team) continue;
    const captain = team.members[0]?.uuid;
    const joined = Date.parse(
      (captain === undefined ? undefined : data.joinTimes.get(captain)) ?? data.board.contest.create_time,
    );
    const school = team.affiliation.trim();
    const orgId = school ? organizationId(school) : null;
    if (orgId && !orgs.has(orgId))
      orgs.set(orgId, obj('organizations', orgId, { id: orgId, name: school, formal_name: school }, joined));
    const id = String(team.id);
    out.push(
      obj(
        'teams',
        id,
        {
          id,
          label: id,
          name: team.name,
          display_name: team.name,
          organization_id: orgId,
          group_ids: groupIdsOf(data, key),
          hidden: false,
        },
        joined,
      ),
    );
    if (!data.caller.admin && key !== myKey) continue;
    for (const m of team.members) {
      const u = data.users.get(m.uuid);
      const aid = String(m.uuid);
      out.push(
        obj(
          'accounts',
          aid,
          { id: aid, username: u?.account ?? aid, name: m.username || aid, type: 'team', team_id: id },
          joined,
        ),
      );
    }
  }
  return [...orgs.values(), ...out];
}

/** The submission's files: its source in a zip (admins only: others get none, as on our site). */
const filesOf = (data: ContestData, s: ContestLogRow) =>
  data.caller.admin
    ? [
        {
          href: `contests/${data.board.contest.id}/submissions/${s.id}/files`,
          filename: 'files.zip',
          mime: 'application/zip',
        },
      ]
    : [];

/** Submissions, their judgements (one per submission, updated by a rejudge) and their runs. */
export function submissionObjects(data: ContestData): ApiObject[] {
  const out: ApiObject[] = [];
  const type = scoreboardType(data);
  for (const s of data.submissions) {
    const id = String(s.id);
    const at = Date.parse(s.create_time);
    const rel = (ms: number) => reltime(ms - data.startMs);
    out.push(
      obj(
        'submissions',
        id,
        {
          id,
          language_id: languageId(s.language),
          problem_id: problemIdOf(data.board, s.problem_index!),
          team_id: data.apiTeamId(data.keyOfUser(s.user_id)),
          time: abstime(at),
          contest_time: rel(at),
          entry_point: null,
          files: filesOf(data, s),
        },
        at,
      ),
    );
    const verdict = hiddenFor(data, s) ? null : judgementTypeOf(s.status);
    if (verdict === null) {
      const start = { start_time: abstime(at), start_contest_time: rel(at) };
      out.push(obj('judgements', id, { id, submission_id: id, judgement_type_id: null, ...start }, at));
      continue;
    }
    const endMs = s.judge_time ? Date.parse(s.judge_time) : at;
    const stamp = revealMs(data, s);
    out.push(
      obj(
        'judgements',
        id,
        {
          id,
          submission_id: id,
          judgement_type_id: verdict,
          ...(type === 'score' ? { score: s.score ?? (s.status === 'AC' ? 100 : 0) } : {}),
          start_time: abstime(at),
          start_contest_time: rel(at),
          end_time: abstime(endMs),
          end_contest_time: rel(endMs),
          max_run_time: seconds(s.time_used),
        },
        stamp,
      ),
    );
    out.push(...runsOf(s, rel, endMs, stamp));
  }
  return out;
}

function runsOf(s: ContestLogRow, rel: (ms: number) => string, endMs: number, stamp: number): ApiObject[] {
  let tests: { index: number; status: string; time_used: number }[] = [];
  try {
    tests = JSON.parse(s.test_results) as typeof tests;
  } catch {
    // Unreadable results: the judgement stands without runs.
  }
  // Every run of a judgement ends with it (the judge stores the results at the end): one time each.
  const time = abstime(endMs);
  const contestTime = rel(endMs);
  const judgementId = String(s.id);
  const out: ApiObject[] = [];
  for (const t of tests) {
    const verdict = judgementTypeOf(t.status);
    if (verdict === null) continue;
    const id = `${s.id}-${t.index}`;
    const data = {
      id,
      judgement_id: judgementId,
      ordinal: t.index,
      judgement_type_id: verdict,
      time,
      contest_time: contestTime,
      run_time: seconds(t.time_used),
    };
    out.push(obj('runs', id, data, stamp));
  }
  return out;
}

/**
 * 答疑 as the caller may read them: a participant's question (its asker shown to the contest's
 * managers and to the asker), the jury's answer (to everyone when public, else to the asker) and
 * contest announcements (from the jury to everyone).
 */
export function clarificationObjects(data: ContestData): ApiObject[] {
  const board = data.clarifications;
  if (!board) return [];
  const rel = (ms: number) => reltime(ms - data.startMs);
  const problemOf = (index: number | null) => (index === null ? null : problemIdOf(data.board, index));
  const out: ApiObject[] = [];
  const msg = (id: string, fields: Json, ms: number) =>
    obj('clarifications', id, { id, ...fields, time: abstime(ms), contest_time: rel(ms) }, ms);
  for (const a of board.announcements) {
    const at = Date.parse(a.create_time);
    out.push(
      msg(
        `n${a.id}`,
        { from_team_id: null, to_team_id: null, reply_to_id: null, problem_id: null, text: a.content },
        at,
      ),
    );
  }
  const teams = new Set(data.teamIds);
  for (const q of board.clarifications) {
    const asker = q.asker?.uuid ?? (q.mine ? data.caller.viewer.uuid : null);
    const key = asker === null ? null : data.keyOfUser(asker);
    const from = key !== null && teams.has(key) ? data.apiTeamId(key) : null;
    const problem_id = problemOf(q.problem_index);
    if (from !== null) {
      const at = Date.parse(q.create_time);
      out.push(
        msg(
          `q${q.id}`,
          { from_team_id: from, to_team_id: null, reply_to_id: null, problem_id, text: q.question },
          at,
        ),
      );
    }
    if (q.answer === null || !q.answer_time) continue;
    const at = Date.parse(q.answer_time);
    out.push(
      msg(
        `a${q.id}`,
        {
          from_team_id: null,
          to_team_id: q.public ? null : from,
          reply_to_id: from !== null ? `q${q.id}` : null,
          problem_id,
          text: q.answer,
        },
        at,
      ),
    );
  }
  return out;
}

/** The file name of a submission's source inside its zip, as our judge names it. */
export function sourceFileName(language: string, source: string): string {
  const spec = LANGUAGE_SPECS[language as keyof typeof LANGUAGE_SPECS];
  if (!spec) return 'main.txt';
  return spec.sourceFileFor?.(source) ?? spec.sourceFile;
}
