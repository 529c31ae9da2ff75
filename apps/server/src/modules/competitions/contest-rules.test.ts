import type {
  CompetitionAddRequestRaw,
  CompetitionDetail,
  ContestProblemItem,
  ContestRule,
  JoinRecord,
  Problem,
  ProblemJudgingRaw,
  RankPage,
  RecordPage,
  RecordSum,
  SubmissionRecord,
  TestCaseSummary,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients, verdict, watch } from '../../../test/problems';

/**
 * Issue 26 part 1: contest rules judged for real (server, queue, judge, sandbox) on both databases,
 * from a problem with two subtasks (40 + 60 points): the OI, IOI and IOI-by-subtask boards from
 * partial scores, and a running OI contest hiding every verdict from its authors on every path.
 */

const C = '/api/competition';
const P = '/api/problem/algorithm';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

// Tests 1–2 form subtask 1 (40 points), tests 3–4 subtask 2 (60 points); test k is `k 1` → k + 1.
const JUDGING: ProblemJudgingRaw = {
  scoring: {
    subtasks: [
      { points: 40, tests: [1, 2] },
      { points: 60, tests: [3, 4] },
    ],
  },
};
const TESTS = Array.from({ length: 4 }, (_, i) => ({ input: `${i + 1} 1\n`, output: `${i + 2}\n` }));
const PY = (when: string) => `a, b = map(int, input().split())\nprint(a + b if ${when} else 0)\n`;
const SOURCES = {
  all: PY('True'), // 100
  first: PY('a <= 2'), // subtask 1: 40
  second: PY('a >= 3'), // subtask 2: 60
  none: PY('False'), // 0
  ce: 'def (:\n', // a syntax error: CE
};
type Program = keyof typeof SOURCES;

/** Polls until `pred` holds (the board follows verdicts asynchronously); fails after 60 s. */
async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await read();
    if (pred(v)) return v;
    if (Date.now() > end) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The user stream of one problem's own submissions, read as it comes: `until(id)` answers the events
 * heard up to the first `changed` of submission `id`, then closes the stream.
 */
async function openMyStream(ts: TestServer, who: Client, problemId: number) {
  const ac = new AbortController();
  const res = await fetch(`${ts.url}${P}/records/user/stream?problem_id=${problemId}`, {
    headers: { cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: ac.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(id: number): Promise<{ event: string; data: { submission_id?: number; status?: string } }[]> {
      for (;;) {
        const events = text
          .split('\n\n')
          .filter((b) => b.includes('data: '))
          .map((b) => ({
            event: /^event: (.+)$/m.exec(b)?.[1] ?? '',
            data: JSON.parse(/^data: (.+)$/m.exec(b)![1]) as { submission_id?: number; status?: string },
          }));
        const at = events.findIndex((e) => e.event === 'changed' && e.data.submission_id === id);
        if (at >= 0) {
          ac.abort();
          return events.slice(0, at);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe.each(backends())('contest rules (issue 26) on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let problemId: number;
  const people: { client: Client; uuid: number }[] = [];
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'rules');
    const added = await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, {
      ...problemBody({ chinese_name: '子任务两数之和' }),
      judging: JUDGING,
    });
    expect(added.code).toBe(0);
    problemId = added.data.problem_id;
    const up = await c.admin.post<TestCaseSummary>(`${P}/admin/testCase/add?problem_id=${problemId}`, TESTS);
    expect(up.code).toBe(0);
    for (const name of ['rules_a', 'rules_b', 'rules_c']) people.push(await ts.register(name));
  }, 60_000);
  afterAll(() => ts?.close());

  const contest = (
    rule: ContestRule,
    over: Partial<CompetitionAddRequestRaw> = {},
  ): CompetitionAddRequestRaw => ({
    name: `${rule} 赛`,
    description: '',
    type: 1,
    start_time: iso(-10 * MIN),
    end_time: iso(60 * MIN),
    rule,
    problems: [{ problem_id: problemId }],
    ...over,
  });

  async function create(rule: ContestRule): Promise<number> {
    const r = await c.admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest(rule));
    expect(r.message).toBe(r.code === 0 ? r.message : '');
    const id = r.data.competition_id;
    for (const p of people) expect((await p.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    return id;
  }

  /** Each person's programs in order, each judged (seen by an admin) before the next. */
  async function play(id: number, plan: Program[][]): Promise<number[]> {
    const ids: number[] = [];
    for (const [k, programs] of plan.entries())
      for (const program of programs) {
        const r = await people[k].client.post<{ submission_id: number }>(`${P}/judge/submit`, {
          problem_id: problemId,
          language: 'Python3',
          source_code: SOURCES[program],
          competition_id: id,
          index: 0,
        });
        expect(r.message).toBe(r.code === 0 ? r.message : '');
        await verdict(c.admin, r.data.submission_id);
        ids.push(r.data.submission_id);
      }
    return ids;
  }

  const myStream = (who: Client) => openMyStream(ts, who, problemId);
  const board = (who: Client, id: number) =>
    who.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`).then((r) => r.data);
  /** [username, rank, total, cell score] per row. */
  const rows = (b: RankPage) => b.records.map((r) => [r.username, r.rank, r.score, r.cells[0].score]);
  const settled = (want: number) => (b: RankPage) =>
    b.records.reduce((n, r) => n + (r.cells[0].pending === 0 && r.cells[0].score !== null ? 1 : 0), 0) ===
    want;

  it('a contest keeps its rule, which changes only before the start; math contests stay ICPC', async () => {
    const later = await c.admin.post<{ competition_id: number }>(
      `${C}/admin/algorithm/add`,
      contest('ioi', { start_time: iso(60 * MIN), end_time: iso(120 * MIN) }),
    );
    const id = later.data.competition_id;
    const detail = await c.user.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`);
    expect(detail.data.rule).toBe('ioi');
    const moved = contest('oi', { start_time: iso(60 * MIN), end_time: iso(120 * MIN) });
    expect((await c.admin.post(`${C}/admin/modify?competition_id=${id}`, moved)).code).toBe(0);
    expect(
      (await c.user.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${id}`)).data.rule,
    ).toBe('oi');
    const running = await create('icpc');
    const changed = await c.admin.post(`${C}/admin/modify?competition_id=${running}`, contest('oi'));
    expect([changed.code, changed.message]).toEqual([40000, '比赛开始后不能修改赛制']);
    const bad = await c.admin.post(`${C}/admin/algorithm/add`, { ...contest('icpc'), rule: 'acm' });
    expect(bad.message).toMatch(/赛制/);
    const math = await c.admin.post(`${C}/admin/algorithm/add`, { ...contest('oi'), type: 2 });
    expect(math.message).toMatch(/数学和 408 比赛只能使用 ICPC 赛制/);
    // Older contests (and those created without a rule) are ICPC.
    expect(
      (await c.user.post<CompetitionDetail>(`${C}/search/competitionId?competition_id=${running}`)).data.rule,
    ).toBe('icpc');
  }, 120_000);

  it('IOI: the best submission per problem, live; ties by the time the total was reached', async () => {
    const id = await create('ioi');
    // a: 60 then 40 (best 60, at its first try); b: 100; c: 40 then 60 (60, reached later than a).
    const [aBest] = await play(id, [['second', 'first'], ['all'], ['first', 'second']]);
    const b = await until(() => board(people[0].client, id), settled(3));
    expect(b.rule).toBe('ioi');
    expect(rows(b)).toEqual([
      ['rules_b', 1, 100, 100],
      ['rules_a', 2, 60, 60],
      ['rules_c', 3, 60, 60],
    ]);
    expect(b.records.map((r) => r.cells[0].full_score)).toEqual([100, 100, 100]);
    // Scores are live: a participant sees the points and verdict of their own try, and others' too.
    for (const who of [people[0].client, people[1].client]) {
      const r = (await who.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${aBest}`)).data;
      expect([r.status, r.frozen, r.score, r.subtasks.map((s) => s.score)]).toEqual([
        'WA',
        false,
        60,
        [0, 60],
      ]);
    }
  }, 240_000);

  it('IOI by subtask: the best score of each subtask over all submissions', async () => {
    const id = await create('ioi-subtask');
    // a: subtask 1 from one try, subtask 2 from another: 100; b: 60; c: CE then 40.
    await play(id, [['first', 'second'], ['second'], ['ce', 'first']]);
    const b = await until(() => board(people[1].client, id), settled(3));
    expect(rows(b)).toEqual([
      ['rules_a', 1, 100, 100],
      ['rules_b', 2, 60, 60],
      ['rules_c', 3, 40, 40],
    ]);
    // Excel: the rule's columns.
    const excel = await c.admin.get(`${C}/get/rank/excel?competition_id=${id}`);
    expect(excel.status).toBe(200);
  }, 240_000);

  it('OI: only 已提交 while it runs, on every path, for the author too; the last try counts', async () => {
    const id = await create('oi');
    const problemBefore = (await c.admin.get<Problem>(`${P}/search/problemId?problem_id=${problemId}`)).data;
    const author = people[0].client;
    // The author's stream of the problem (the solving page's 我的提交), open while they submit.
    const mineStream = await myStream(author);
    // a: 100 then 40 (the last counts: 40); b: 100 then CE (0); c: 40 — a tie with a.
    const [aFull, aLast, bFull] = await play(id, [['all', 'first'], ['all', 'ce'], ['first']]);
    // One more try of a's, seen queued on the stream: everything before it was sent already.
    const marker = await people[0].client.post<{ submission_id: number }>(`${P}/judge/submit`, {
      problem_id: problemId,
      language: 'Python3',
      source_code: SOURCES.first, // 40 again: a's last try keeps a at 40
      competition_id: id,
      index: 0,
    });
    const heard = await mineStream.until(marker.data.submission_id);
    // Two tries, each queued and judged: four changes, every one 已提交 (PD), no tests streamed.
    expect(heard.filter((e) => e.event === 'changed').map((e) => e.data.status)).toEqual([
      'PD',
      'PD',
      'PD',
      'PD',
    ]);
    expect(heard.filter((e) => !['ready', 'changed'].includes(e.event))).toEqual([]);
    await verdict(c.admin, marker.data.submission_id);
    const hiddenRecord = (r: SubmissionRecord) => [
      r.status,
      r.frozen,
      r.time_used,
      r.test_results.length,
      r.score,
    ];

    // The author, path by path.
    const seen = async (who: Client, sid: number) => {
      const record = (await who.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${sid}`)).data;
      const done = (await watch(ts, who, sid)).find((e) => e.kind === 'done');
      const row = (list: RecordPage) => {
        const r = list.records.find((x) => x.submission_id === sid);
        return r && [r.status, r.frozen];
      };
      const global = (await who.get<RecordPage>(`${P}/records?uuid=${people[0].uuid}`)).data;
      const accepted = (await who.get<RecordPage>(`${P}/records?problem_id=${problemId}&status=AC`)).data;
      const mine = (await who.post<RecordPage>(`${P}/records/user/page?problem_id=${problemId}`)).data;
      const mineAc = (await who.post<RecordPage>(`${P}/records/user/page?problem_id=${problemId}&status=AC`))
        .data;
      const sum = (await who.post<RecordSum>(`${P}/records/user/sum?problem_id=${problemId}`)).data;
      const inContest = (await who.post<RecordPage>(`${C}/search/records/pageNum?competition_id=${id}`)).data;
      const problem = (await who.get<Problem>(`${P}/search/problemId?problem_id=${problemId}`)).data;
      const items = (await who.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`)).data;
      const rank = await board(who, id);
      const joins = (await who.post<JoinRecord[]>(`${C}/user/joins/get`, { pageNum: 0 })).data;
      const join = joins.find((j) => j.competition_id === id);
      return {
        record: hiddenRecord(record),
        done: done?.kind === 'done' ? [done.record.status, done.record.frozen] : null,
        global: row(global),
        acceptedListed: accepted.records.some((r) => r.submission_id === sid),
        mine: row(mine),
        mineAcListed: mineAc.records.some((r) => r.submission_id === sid),
        sum: [sum.accepted, sum.solved],
        contestRecords: row(inContest),
        problem: [problem.accept_num - problemBefore.accept_num, problem.my_status],
        items: [items[0].solved_count, items[0].my_status],
        board: [rank.hidden, rank.records.length, rank.mine],
        join: join && [join.rank, join.ac_num],
      };
    };
    expect(await seen(author, aFull)).toEqual({
      record: ['PD', true, 0, 0, null],
      done: ['PD', true],
      global: ['PD', true],
      acceptedListed: false,
      mine: ['PD', true],
      mineAcListed: false,
      sum: [0, 0],
      contestRecords: ['PD', true],
      problem: [0, 'tried'],
      items: [0, 'tried'],
      board: [true, 0, null],
      join: [null, 0],
    });
    // Another participant learns nothing either.
    const other = people[1].client;
    const byOther = (await other.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${bFull}`)).data;
    expect(hiddenRecord(byOther)).toEqual(['PD', true, 0, 0, null]);
    // Admins see the truth: verdicts, points and the board (ties share the rank).
    const truth = (await c.admin.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${aFull}`)).data;
    expect([truth.status, truth.score]).toEqual(['AC', 100]);
    const adminBoard = await until(() => board(c.admin, id), settled(3));
    expect([adminBoard.hidden, adminBoard.rule]).toEqual([false, 'oi']);
    expect(rows(adminBoard)).toEqual([
      ['rules_a', 1, 40, 40],
      ['rules_c', 1, 40, 40],
      ['rules_b', 3, 0, 0],
    ]);

    // Ended: everything shows, to the author and to everyone.
    const ended = await c.admin.post(
      `${C}/admin/modify?competition_id=${id}`,
      contest('oi', { end_time: iso(0) }),
    );
    expect(ended.code).toBe(0);
    const after = await seen(author, aFull);
    expect(after).toMatchObject({
      record: ['AC', false, expect.any(Number), 4, 100],
      done: ['AC', false],
      global: ['AC', false],
      acceptedListed: true,
      mine: ['AC', false],
      mineAcListed: true,
      sum: [1, 1],
      contestRecords: ['AC', false],
      problem: [2, 'solved'],
      // The contest counts the last try (40 of 100): not solved there, though the bank has an AC.
      items: [0, 'tried'],
      board: [false, 3, expect.objectContaining({ rank: 1, score: 40 })],
    });
    const last = (await other.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${aLast}`)).data;
    expect([last.status, last.score]).toEqual(['WA', 40]);
    expect(rows(await board(c.anon, id))).toEqual(rows(adminBoard));
  }, 300_000);
});
