import type {
  ContestRecordFilter,
  DailyCount,
  ProgressEvent,
  RecordPage,
  RecordsQuery,
  RecordSum,
  SubmissionRecord,
} from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { notFound } from '../../lib/errors';
import { codeHtml, loadMarkdownHtml } from '../../lib/markdown-html';
import { can } from '../../lib/permissions';
import { behindCurtain, hidesOwn, hidesVerdict, NO_CURTAIN, type VerdictCurtain } from './curtain';
import { type Curtained, namesOf, type SubmissionsDeps, type WithContests } from './deps';
import { type Names, presentRecord, presentRecordRow, storedTests } from './present';
import * as lists from './records-repo';
import { type CountFilter, distinctAccepted, runOf, submissionById, verdictCounts } from './repo';
import type { SubmissionRow } from './tables';
import { shapeTests, type TestRule, testRuleFor } from './test-details';

/**
 * Someone else's record of a hidden problem (a contest's, or behind a math / 408 programming
 * question) names it and shows its tests' verdicts: only through a contest whose problems the
 * viewer may read (started; a password contest: joined). The public lists leave them out already.
 */
export async function mayOpenRecord(d: WithContests, viewer: Viewer, s: SubmissionRow): Promise<boolean> {
  if (s.user_id === viewer.uuid || can(viewer, { action: 'problem.viewHidden' })) return true;
  const problem = await d.problems.row(s.problem_id);
  if (!problem || problem.visible === 1) return true; // deleted problems' records stay readable
  if (s.competition_id !== null) return d.contestReadable(viewer, s.competition_id);
  // A class problem's records: its classes' teachers and TAs read their students' (issue 27 part 3).
  return d.problems.managesClassProblem(viewer, s.problem_id);
}

/**
 * One record as the viewer may see it: someone else's try behind a frozen scoreboard is pending;
 * each test shows what the problem's test visibility lets this viewer see (test-details.ts).
 * `names`: the problem's name and the author's, when the caller holds them already (not read again).
 */
export async function record(
  d: WithContests,
  viewer: Viewer,
  id: number,
  names?: Names,
): Promise<SubmissionRecord> {
  const s = await submissionById(d.db, id);
  if (!s || !(await mayOpenRecord(d, viewer, s))) throw notFound(`提交 ${id} 不存在`);
  // Others' tries behind a frozen board; anyone's, the author's too, in a running OI contest.
  const frozen = hidesVerdict(await d.curtainFor(viewer), s);
  const shown = frozen ? behindCurtain(s) : s;
  const stored = storedTests(shown);
  const rule = stored.length || shown.status === 'IE' ? await testRuleFor(d, viewer, s) : null;
  const tests = rule && stored.length ? await shapeTests(stored, rule) : [];
  await loadMarkdownHtml();
  return presentRecord(
    shown,
    names ?? (await namesOf(d, [s], rule)),
    viewer,
    tests,
    frozen,
    rule?.everything,
    await isTeammate(d, viewer, s),
  );
}

/**
 * Team contests (issue 26 part 3): a member of the author's team in the submission's contest reads
 * its code like the author does; members of other teams do not.
 */
async function isTeammate(d: WithContests, viewer: Viewer, s: SubmissionRow): Promise<boolean> {
  if (s.competition_id === null || viewer.uuid <= 0 || viewer.uuid === s.user_id || !d.teammates)
    return false;
  return (await d.teammates(s.competition_id, viewer.uuid)).includes(s.user_id);
}

/** What a viewer may see of the tests of a submission's current run (the streams' `test` events). */
export async function testRule(d: SubmissionsDeps, viewer: Viewer, id: number): Promise<TestRule> {
  const s = await submissionById(d.db, id);
  if (!s) throw notFound(`提交 ${id} 不存在`);
  return testRuleFor(d, viewer, s);
}

/** The names a presented record carries, to present the same submission again without reading them. */
const namesIn = (r: SubmissionRecord): Names => ({
  problems: new Map([[r.problem_id, r.problem_name]]),
  users: new Map([[r.uuid, { username: r.username, rating: r.rating, rated: r.rated }]]),
});

/**
 * A verdict a stream heard, as this viewer may see it. `carried`: the record the verdict event
 * carried, as anyone may see it (no code, each test shaped for an anonymous viewer). `rule`: this
 * viewer's rule of the run (the stream's). The submission's author, whose tests show as they show
 * anyone (not `everything`: the rule then differs from an anonymous viewer's in nothing), gets the
 * carried record with the code and the compiler's output added: one read, of the run it announced
 * (a rejudge started or ended since, or tests the verdict could not show: read again). Anyone else
 * who sees more (admins, the problem's author) or a contest try (a freeze may have begun) gets the
 * record read again, the names aside. A rejudge under way answers its progress, not `done`.
 */
export async function verdictFor(
  d: WithContests & { feed: { current(id: number): ProgressEvent | undefined } },
  viewer: Viewer,
  id: number,
  carried: SubmissionRecord,
  rule: TestRule | null,
): Promise<ProgressEvent> {
  const author =
    carried.uuid === viewer.uuid &&
    can(viewer, { action: 'submission.viewCode', subject: { ownerUuid: carried.uuid } });
  // A running OI contest shows its author nothing of the verdict: the record is read again.
  if (author && rule && !rule.everything && !hidesOwn(await d.curtainFor(viewer))) {
    const run = await runOf(d.db, id);
    if (
      run &&
      run.status === carried.status &&
      run.judge_time === carried.judge_time &&
      storedTests(run).length === carried.test_results.length
    ) {
      await loadMarkdownHtml();
      const record = {
        ...carried,
        source_code: run.source_code,
        source_html: codeHtml(run.source_code, carried.language ?? ''),
        compile_message: run.compile_message,
      };
      return { kind: 'done', submission_id: id, record };
    }
  }
  return progressOf(d, await record(d, viewer, id, namesIn(carried)));
}

/**
 * Where a record stands for a stream: done (already judged, or frozen for this viewer: nothing of
 * its run is shown) or the latest progress of its run under way.
 */
export function progressOf(
  d: { feed: { current(id: number): ProgressEvent | undefined } },
  rec: SubmissionRecord,
): ProgressEvent {
  const id = rec.submission_id;
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
  // Others' tries behind a frozen scoreboard list as pending, and filter as pending; so do the
  // viewer's own in a running OI contest (its own list included).
  const curtain = viewer ? await d.curtainFor(viewer) : NO_CURTAIN;
  // A name that matches nobody lists nothing (not everyone).
  const named = q.user ? await d.users.idsNamed(q.user) : undefined;
  const page = await lists.recordsPage(
    d.db,
    {
      hidden: hideFrom
        ? {
            ids: d.problems.hiddenIds(),
            exceptUserId: hideFrom.uuid,
            // The class problems of the classes the viewer teaches or assists in (issue 27 part 3).
            exceptIds: d.problems.managedClassProblemIds(hideFrom),
          }
        : undefined,
      problemId: q.problem_id,
      userId: filter.userId ?? q.uuid,
      userIds: named,
      status: q.status,
      language: q.language,
      curtain,
    },
    q,
  );
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

/** Public counts (the problem's records pager, the records page): hidden problems left out but for admins. */
export async function sumOfProblem(d: Curtained, viewer: Viewer, problemId: number | undefined) {
  const hidden = can(viewer, { action: 'problem.viewHidden' }) ? undefined : d.problems.hiddenIds();
  return sum(d, { problemId, hidden }, await d.curtainFor(viewer));
}

export async function dailyCounts(d: SubmissionsDeps, uuid: number, year: number): Promise<DailyCount[]> {
  const rows = await lists.dailyCounts(d.db, uuid, year);
  return rows.map((r) => ({ date: r.local_date, num: Number(r.num) }));
}

/** A user's submissions in one contest, newest first (the contest's "my submissions" tab). */
export async function contestPage(
  d: Curtained & Pick<WithContests, 'teammates'>,
  viewer: Viewer,
  contestId: number,
  page: { pageNum: number; pageSize: number },
  filter: ContestRecordFilter = 'all',
): Promise<RecordPage> {
  // A team contest: the records of the viewer's whole team (teammates read each other's code too).
  const team = viewer.uuid > 0 && d.teammates ? await d.teammates(contestId, viewer.uuid) : [];
  const ids = team.length ? team : [viewer.uuid];
  const found = await lists.contestPage(d.db, contestId, ids, page, filter);
  const n = await namesOf(d, found.records);
  // A running OI contest: its participants' own tries show as 已提交 only.
  const curtain = await d.curtainFor(viewer);
  return {
    ...found,
    records: found.records.map((r) =>
      hidesVerdict(curtain, r) ? presentRecordRow(behindCurtain(r), n, true) : presentRecordRow(r, n),
    ),
  };
}

/** Whether the viewer may not see a try's verdict now (the streams of the viewer's own tries). */
export async function hidesFrom(d: Curtained, viewer: Viewer, s: Parameters<typeof hidesVerdict>[1]) {
  return hidesVerdict(await d.curtainFor(viewer), s);
}

export type { ContestTry } from './records-repo';

/** The submissions made in a contest between its start and its end (a scoreboard being loaded). */
export const contestTries = (
  d: Pick<SubmissionsDeps, 'db'>,
  contest: { id: number; start_time: string; end_time: string },
) => lists.contestTries(d.db, contest);

/** One user's tries of a virtual run since it started (the contests module's virtual board). */
export const virtualTries = (
  d: Pick<SubmissionsDeps, 'db'>,
  contestId: number,
  userId: number,
  since: string,
) => lists.virtualTries(d.db, contestId, userId, since);

/** One try with its points, as a scoreboard needs it (a scored contest rule heard its verdict). */
export const contestTry = (d: Pick<SubmissionsDeps, 'db'>, id: number) => lists.contestTry(d.db, id);
