import type { SubmissionRow } from '../../db/types';
import type {
  DailyCount,
  ProgressEvent,
  RecordPage,
  RecordsQuery,
  RecordSum,
  SubmissionRecord,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { paginateQuery } from '../../lib/pagination';
import { can } from '../../lib/permissions';
import {
  behindCurtain,
  hasCurtain,
  hiddenVerdictSql,
  hidesVerdict,
  NO_CURTAIN,
  type VerdictCurtain,
} from './curtain';
import { type Curtained, namesOf, type SubmissionsDeps, type WithContests } from './deps';
import { presentRecord, presentRecordRow, storedTests } from './present';
import { shapeTests, type TestRule, testRuleFor } from './test-details';
import type { ProgressFeed } from './progress-feed';
import { type CountFilter, distinctAccepted, submissionById, verdictCounts } from './repo';

/**
 * Someone else's record of a hidden problem (a contest's, or behind a math / 408 programming
 * question) names it and shows its tests' verdicts: only through a contest whose problems the
 * viewer may read (started; a password contest: joined). The public lists leave them out already.
 */
export async function mayOpenRecord(d: WithContests, viewer: Viewer, s: SubmissionRow): Promise<boolean> {
  if (s.user_id === viewer.uuid || can(viewer, { action: 'problem.viewHidden' })) return true;
  const problem = await d.problems.row(s.problem_id);
  if (!problem || problem.visible === 1) return true; // deleted problems' records stay readable
  return s.competition_id !== null && (await d.contestReadable(viewer, s.competition_id));
}

/**
 * One record as the viewer may see it: someone else's try behind a frozen scoreboard is pending;
 * each test shows what the problem's test visibility lets this viewer see (test-details.ts).
 */
export async function record(d: WithContests, viewer: Viewer, id: number): Promise<SubmissionRecord> {
  const s = await submissionById(d.db, id);
  if (!s || !(await mayOpenRecord(d, viewer, s))) throw notFound(`提交 ${id} 不存在`);
  const frozen = s.user_id !== viewer.uuid && hidesVerdict(await d.curtainFor(viewer), s);
  const shown = frozen ? behindCurtain(s) : s;
  const stored = storedTests(shown);
  const rule = stored.length || shown.status === 'IE' ? await testRuleFor(d, viewer, s) : null;
  const tests = rule && stored.length ? await shapeTests(stored, rule) : [];
  return presentRecord(shown, await namesOf(d, [s]), viewer, tests, frozen, rule?.everything);
}

/** What a viewer may see of the tests of a submission's current run (the streams' `test` events). */
export async function testRule(d: SubmissionsDeps, viewer: Viewer, id: number): Promise<TestRule> {
  const s = await submissionById(d.db, id);
  if (!s) throw notFound(`提交 ${id} 不存在`);
  return testRuleFor(d, viewer, s);
}

/**
 * Current state for a stream that just connected: done (already judged, or frozen for this
 * viewer: nothing of its run is shown) or the latest progress.
 */
export async function snapshot(
  d: WithContests & { feed: ProgressFeed },
  viewer: Viewer,
  id: number,
): Promise<ProgressEvent> {
  const rec = await record(d, viewer, id);
  if (rec.status !== 'PD' || rec.frozen) return { kind: 'done', submission_id: id, record: rec };
  return d.feed.current(id) ?? { kind: 'queued', submission_id: id };
}

/**
 * A page of records. Public lists leave out hidden problems' records (admins and the author still
 * see them); the problems module gives the hidden ids as a subquery of the same statement, however
 * many contest and math / 408 ones exist.
 */
export async function listPage(
  d: Curtained,
  q: RecordsQuery,
  filter: { userId?: number; viewer?: Viewer },
): Promise<RecordPage> {
  const viewer = filter.viewer;
  const hideFrom =
    viewer && filter.userId === undefined && !can(viewer, { action: 'problem.viewHidden' }) ? viewer : null;
  // Others' tries behind a frozen scoreboard list as pending, and filter as pending.
  const curtain = viewer && filter.userId === undefined ? await d.curtainFor(viewer) : NO_CURTAIN;
  const curtained = hasCurtain(curtain);
  // A name that matches nobody lists nothing (not everyone).
  const named = q.user ? await d.users.idsNamed(q.user) : null;
  const base = () => {
    let b = d.db.selectFrom('submissions');
    if (hideFrom)
      b = b.where((eb) =>
        eb.or([eb('problem_id', 'not in', d.problems.hiddenIds()), eb('user_id', '=', hideFrom.uuid)]),
      );
    if (q.problem_id !== undefined) b = b.where('problem_id', '=', q.problem_id);
    const uid = filter.userId ?? q.uuid;
    if (uid !== undefined) b = b.where('user_id', '=', uid);
    if (named) b = b.where('user_id', 'in', named.length ? named : [-1]);
    if (q.status && !curtained) b = b.where('status', '=', q.status);
    else if (q.status === 'PD')
      b = b.where((eb) => eb.or([eb('status', '=', 'PD'), hiddenVerdictSql(eb, curtain)]));
    else if (q.status)
      b = b.where((eb) => eb.and([eb('status', '=', q.status!), eb.not(hiddenVerdictSql(eb, curtain))]));
    if (q.language) b = b.where('language', '=', q.language);
    return b;
  };
  const page = await paginateQuery(q, base, (b) => b.selectAll().orderBy('id', 'desc'));
  const n = await namesOf(d, page.records);
  return {
    ...page,
    records: page.records.map((r) =>
      hidesVerdict(curtain, r) ? presentRecordRow(behindCurtain(r), n, true) : presentRecordRow(r, n),
    ),
  };
}

/**
 * `curtain`: others' accepted tries behind a frozen scoreboard do not count as accepted yet.
 * `filter.hidden`: a public count leaves hidden problems out, as the public lists do.
 */
export async function sum(
  d: SubmissionsDeps,
  filter: CountFilter,
  curtain: VerdictCurtain = NO_CURTAIN,
): Promise<RecordSum> {
  const { total, accepted } = await verdictCounts(d.db, filter, curtain);
  const solved = await distinctAccepted(d.db, filter, curtain);
  return { total, accepted, pages: Math.ceil(total / 10), solved };
}

export async function dailyCounts(d: SubmissionsDeps, uuid: number, year: number): Promise<DailyCount[]> {
  const rows = await d.db
    .selectFrom('submissions')
    .select((eb) => ['local_date', eb.fn.countAll().as('num')])
    .where('user_id', '=', uuid)
    .where('local_date', '>=', `${year}-01-01`)
    .where('local_date', '<=', `${year}-12-31`)
    .groupBy('local_date')
    .orderBy('local_date')
    .execute();
  return rows.map((r) => ({ date: r.local_date, num: Number(r.num) }));
}

/** A user's submissions in one contest, newest first (the contest's "my submissions" tab). */
export async function contestPage(
  d: SubmissionsDeps,
  viewer: Viewer,
  contestId: number,
  page: { pageNum: number; pageSize: number },
): Promise<RecordPage> {
  const base = () =>
    d.db.selectFrom('submissions').where('competition_id', '=', contestId).where('user_id', '=', viewer.uuid);
  const found = await paginateQuery(page, base, (b) => b.selectAll().orderBy('id', 'desc'));
  const n = await namesOf(d, found.records);
  return { ...found, records: found.records.map((r) => presentRecordRow(r, n)) };
}

/** What a scoreboard needs of the tries made in a contest while it ran (no code, no results). */
export type ContestTry = Pick<SubmissionRow, 'id' | 'user_id' | 'problem_index' | 'status' | 'create_time'>;

/** The submissions made in a contest between its start and its end (a scoreboard being loaded). */
export function contestTries(
  d: Pick<SubmissionsDeps, 'db'>,
  contest: { id: number; start_time: string; end_time: string },
): Promise<ContestTry[]> {
  return d.db
    .selectFrom('submissions')
    .select(['id', 'user_id', 'problem_index', 'status', 'create_time'])
    .where('competition_id', '=', contest.id)
    .where('create_time', '>=', contest.start_time)
    .where('create_time', '<', contest.end_time)
    .execute();
}
