import type {
  CompetitionAddRequestRaw,
  ContestProblemItem,
  Math408QuestionView,
  Math408Record,
  RankPage,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';
import { type RoleClients, roleClients, verdict } from '../../../test/problems';

const C = '/api/competition';
const M = '/api/problem/math408';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
/** Seeded questions: 1 single (C), 3 multiple (A C D), 6 short, 15 programming (smallest missing positive). */
const MISSING_PY =
  'input()\ns = set(map(int, input().split()))\ni = 1\nwhile i in s:\n    i += 1\nprint(i)\n';

const mathContest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '数学周赛',
  description: '',
  type: 2,
  // 10.5 minutes ago: every answer of the test lands in minute 10 of the contest.
  start_time: iso(-10.5 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1 }, { problem_id: 3 }, { problem_id: 6 }, { problem_id: 15 }],
  ...over,
});

async function create(c: Client, body: CompetitionAddRequestRaw): Promise<number> {
  const res = await c.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, body);
  if (res.code !== 0) throw new Error(`create: ${res.message}`);
  return res.data.competition_id;
}

const answer = (c: Client, body: object) => c.post<Math408Record>(`${M}/answer`, body);
const rank = async (c: Client, id: number) =>
  (await c.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}&pageNum=1`)).data;

describe.each(backends())('math / 408 contests on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let b: { client: Client; uuid: number };
  let outsider: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    c = await roleClients(ts, 'm4c');
    b = await ts.register('m4c_second');
    outsider = (await ts.register('m4c_outsider')).client;
  }, 60_000);
  afterAll(() => ts?.close());

  it('ranks answers given in the contest by ICPC rules, live, participants only', async () => {
    const id = await create(c.admin, mathContest());
    for (const u of [c.user, b.client]) expect((await u.post(`${C}/join?competition_id=${id}`)).code).toBe(0);

    // Refusals: not joined, wrong position, a programming contest, a missing index.
    const refused = await answer(outsider, { question_id: 1, choices: ['C'], competition_id: id, index: 0 });
    expect([refused.status, refused.message]).toEqual([403, '请先报名参加比赛再作答']);
    expect(
      (await answer(c.user, { question_id: 1, choices: ['C'], competition_id: id, index: 1 })).message,
    ).toMatch(/^题目与比赛第 B 题不符/);
    expect((await answer(c.user, { question_id: 1, choices: ['C'], competition_id: id })).message).toMatch(
      /^请指明比赛题目序号/,
    );
    const algo = await create(c.admin, mathContest({ type: 1, problems: [{ problem_id: 1000 }] }));
    expect(
      (await answer(c.user, { question_id: 1, choices: ['C'], competition_id: algo, index: 0 })).message,
    ).toMatch(/^该比赛是程序设计比赛/);

    // user: A wrong then right (first solver), B right; second: A right, the short answer.
    const wrong = await answer(c.user, { question_id: 1, choices: ['A'], competition_id: id, index: 0 });
    expect(wrong.data).toMatchObject({
      status: 'wrong',
      competition_id: id,
      correct_answer: null,
      explanation: null,
    });
    // While the contest runs a wrong answer reveals nothing, on the question page either.
    const view = await c.user.get<Math408QuestionView>(`${M}/search/questionId?question_id=1`);
    expect(view.data).toMatchObject({ answered: true, answer: null, explanation: null });
    expect(
      (await answer(c.user, { question_id: 1, choices: ['C'], competition_id: id, index: 0 })).data.status,
    ).toBe('correct');
    await answer(b.client, { question_id: 1, choices: ['C'], competition_id: id, index: 0 });
    await answer(b.client, { question_id: 6, text: '泊松分布的期望等于方差', competition_id: id, index: 2 });
    const multi = await answer(c.user, {
      question_id: 3,
      choices: ['D', 'A', 'C'],
      competition_id: id,
      index: 1,
    });
    expect(multi.data.status).toBe('correct');
    // Practice in the bank (no contest) is refused while the contest runs (issue 11 item 4).
    expect((await answer(b.client, { question_id: 3, choices: ['A', 'C', 'D'] })).status).toBe(403);

    await expect
      .poll(async () => (await rank(c.anon, id)).records.map((r) => [r.rank, r.username, r.solved, r.penalty]))
      .toEqual([
        [1, 'm4c_user', 2, 10 + 20 + 10],
        [2, 'm4c_second', 1, 10],
      ]);
    const [first, second] = (await rank(c.anon, id)).records;
    expect(first.cells.map((x) => x.label)).toEqual(['+1', '+', '', '']);
    expect(first.cells.map((x) => x.state)).toEqual(['first', 'first', 'none', 'none']);
    expect(second.cells.map((x) => x.state)).toEqual(['accepted', 'none', 'none', 'none']);
    expect(first.cells[0].minute).toBe(10);

    // The short answer counts as answered (tried), never as solved.
    const items = await b.client.post<ContestProblemItem[]>(`${C}/search/problems?competition_id=${id}`);
    expect(items.data.map((p) => [p.display_name, p.my_status, p.solved_count])).toEqual([
      ['A', 'solved', 2],
      ['B', 'none', 1],
      ['C', 'tried', 0],
      ['D', 'none', 0],
    ]);

    // Programming: the verdict decides, and reaches the board without anyone reading records.
    const prog = await answer(b.client, {
      question_id: 15,
      language: 'Python3',
      source_code: MISSING_PY,
      competition_id: id,
      index: 3,
    });
    expect(prog.data).toMatchObject({ status: 'PD', competition_id: id });
    expect(prog.data.problem_id).toBeGreaterThan(0);
    expect((await verdict(b.client, prog.data.submission_id!)).status).toBe('AC');
    const secondSolved = async () => (await rank(c.anon, id)).records.find((r) => r.uuid === b.uuid)!.solved;
    await expect.poll(secondSolved, { timeout: 10_000 }).toBe(2);
    const after = await rank(c.anon, id);
    expect(after.records.map((r) => [r.username, r.solved, r.penalty])).toEqual([
      ['m4c_second', 2, 20],
      ['m4c_user', 2, 40],
    ]);

    // Rebuilt from the database (an edit drops the in-memory board): the same standings.
    expect((await c.admin.post(`${C}/admin/modify?competition_id=${id}`, mathContest())).code).toBe(0);
    const rebuilt = await rank(c.anon, id);
    expect(rebuilt.records.map((r) => [r.username, r.solved])).toEqual([
      ['m4c_second', 2],
      ['m4c_user', 2],
    ]);
  }, 120_000);

  it("lists the caller's own answers of one contest (我的提交), paged, newest first", async () => {
    const id = await create(
      c.admin,
      mathContest({ name: '作答记录', problems: [{ problem_id: 1 }, { problem_id: 6 }] }),
    );
    const elsewhere = await create(c.admin, mathContest({ name: '另一场', problems: [{ problem_id: 1 }] }));
    for (const u of [c.user, b.client]) {
      expect((await u.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
      expect((await u.post(`${C}/join?competition_id=${elsewhere}`)).code).toBe(0);
    }
    const mine = [
      await answer(c.user, { question_id: 1, choices: ['B'], competition_id: id, index: 0 }),
      await answer(c.user, { question_id: 6, text: '二项分布', competition_id: id, index: 1 }),
      await answer(c.user, { question_id: 1, choices: ['C'], competition_id: id, index: 0 }),
    ].map((r) => r.data.record_id);
    // Not listed: someone else's answer and the caller's answer in another (admin's) contest.
    await answer(b.client, { question_id: 1, choices: ['C'], competition_id: id, index: 0 });
    expect(
      (await answer(c.user, { question_id: 1, choices: ['C'], competition_id: elsewhere, index: 0 })).code,
    ).toBe(0);

    const records = (client: Client, query: string) =>
      client.post<{ records: Math408Record[]; total: number; pageSize: number }>(`${M}/records?${query}`);
    const all = await records(c.user, `competition_id=${id}&pageNum=1`);
    expect(all.data.total).toBe(3);
    expect(all.data.records.map((r) => r.record_id)).toEqual([...mine].reverse());
    expect(all.data.records.map((r) => [r.competition_id, r.index, r.answer, r.status])).toEqual([
      [id, 0, 'C', 'correct'],
      [id, 1, '二项分布', 'submitted'],
      [id, 0, 'B', 'wrong'],
    ]);
    // The contest runs: the list reveals no answer either.
    expect(all.data.records.every((r) => r.correct_answer === null && r.explanation === null)).toBe(true);
    const second = await records(c.user, `competition_id=${id}&pageNum=2&pageSize=2`);
    expect(second.data.records.map((r) => r.record_id)).toEqual([mine[0]]);

    // The other contestant sees only theirs; a visitor is refused; the field is checked.
    const theirs = await records(b.client, `competition_id=${id}`);
    expect(theirs.data.total).toBe(1);
    expect(theirs.data.records.every((r) => !mine.includes(r.record_id))).toBe(true);
    expect((await records(c.anon, `competition_id=${id}`)).code).toBe(40101);
    const bad = await records(c.user, 'competition_id=x');
    expect([bad.status, bad.message]).toEqual([400, expect.stringMatching(/^比赛编号/)]);
  });

  it('updates the scoreboard stream on an answer', async () => {
    const id = await create(c.admin, mathContest({ type: 3, name: '408 模拟' }));
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const ac = new AbortController();
    const res = await fetch(`${ts.url}${C}/search/rank/stream?competition_id=${id}`, { signal: ac.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    const versions: number[] = [];
    let buf = '';
    let subscribed!: () => void;
    const firstEvent = new Promise<void>((r) => (subscribed = r));
    const read = (async () => {
      // A notice of the join may come first with the same version: read until the version moves.
      while (versions.length < 2 || versions[versions.length - 1] <= versions[0]) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value);
        for (const m of buf.matchAll(/event: rank\ndata: (.+)\n\n/g))
          versions.push((JSON.parse(m[1]) as { version: number }).version);
        buf = buf.slice(buf.lastIndexOf('\n\n') + 2);
        if (versions.length) subscribed();
      }
    })();
    // The stream opens with the current version: from then on it sees every change.
    await Promise.race([firstEvent, read]);
    await answer(c.user, { question_id: 1, choices: ['C'], competition_id: id, index: 0 });
    await Promise.race([read, new Promise((r) => setTimeout(r, 10_000))]);
    ac.abort();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(versions[versions.length - 1]).toBeGreaterThan(versions[0]);
    expect((await rank(c.anon, id)).records[0]).toMatchObject({ username: 'm4c_user', solved: 1 });
  });

  it('counts only answers made while the contest runs', async () => {
    // Question 2 (single, A) is in no other contest: once this one ends its answer is revealed.
    const body = mathContest({ start_time: iso(-MIN), problems: [{ problem_id: 2 }] });
    const id = await create(c.admin, body);
    expect((await c.user.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const during = await answer(c.user, { question_id: 2, choices: ['B'], competition_id: id, index: 0 });
    expect(during.data).toMatchObject({ status: 'wrong', correct_answer: null });
    await endContestNow(c.admin, id, body);
    // After the end: practice for everyone, joined or not, and answers show again.
    const late = await answer(c.user, { question_id: 2, choices: ['A'], competition_id: id, index: 0 });
    expect(late.data).toMatchObject({ status: 'correct', correct_answer: ['A'] });
    expect(
      (await answer(outsider, { question_id: 2, choices: ['A'], competition_id: id, index: 0 })).code,
    ).toBe(0);
    const board = await rank(c.anon, id);
    expect(board.records.map((r) => [r.username, r.solved, r.penalty, r.cells[0].label])).toEqual([
      ['m4c_user', 0, 0, '-1'],
    ]);
  });
});
