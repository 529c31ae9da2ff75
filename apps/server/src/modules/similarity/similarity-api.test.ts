import type {
  CompetitionAddRequestRaw,
  SimilarityPage,
  SimilarityPairDetail,
  SimilarityRun,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { DISGUISED, INDEPENDENT_A, INDEPENDENT_B, ORIGINAL } from './programs.fixture';

const C = '/api/competition';
const S = '/api/similarity/admin';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const contest = (over: Partial<CompetitionAddRequestRaw> = {}): CompetitionAddRequestRaw => ({
  name: '查重赛',
  description: '',
  type: 1,
  start_time: iso(-30 * MIN),
  end_time: iso(60 * MIN),
  problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  ...over,
});

/**
 * Contest submissions written as the judge leaves them (the judge itself is not under test here):
 * one row per program, created during the contest.
 */
async function seedSubmissions(
  ts: TestServer,
  contestId: number,
  rows: Array<{ user_id: number; index: number; source: string; status?: string; language?: string }>,
): Promise<number[]> {
  const db = ts.server.ctx.db.db;
  const ids: number[] = [];
  for (const r of rows) {
    const row = await db
      .insertInto('submissions')
      .values({
        problem_id: r.index === 0 ? 1000 : 1001,
        user_id: r.user_id,
        language: r.language ?? 'C++',
        source_code: r.source,
        code_length: r.source.length,
        status: r.status ?? 'AC',
        time_used: 1,
        memory_used: 1,
        compile_message: '',
        message: '',
        test_results: '[]',
        test_total: 0,
        judge_version: 1,
        competition_id: contestId,
        problem_index: r.index,
        local_date: '2026-01-01',
        create_time: iso(-20 * MIN),
        judge_time: iso(-20 * MIN),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * An independent program per seed: random statements (assignments, conditions, loops, output) with
 * random operators, as different people's code differs beyond the usual idioms.
 */
function ownProgram(seed: number): string {
  let x = seed * 7919 + 13;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const ops = ['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>'];
  const cmp = ['<', '>', '<=', '>=', '==', '!='];
  const v = () => 'abcdefgh'[rnd(8)];
  const e = (): string => (rnd(3) === 0 ? `(${v()} ${ops[rnd(10)]} ${rnd(50)})` : `${v()} ${ops[rnd(10)]} ${v()}`);
  const stmt = (depth: number): string => {
    switch (depth > 1 ? rnd(2) : rnd(5)) {
      case 0:
        return `${v()} = ${e()} ${ops[rnd(10)]} ${e()};`;
      case 1:
        return `printf("%lld\\n", ${e()});`;
      case 2:
        return `if (${e()} ${cmp[rnd(6)]} ${e()}) { ${stmt(depth + 1)} } else ${stmt(depth + 1)}`;
      case 3:
        return `while (${v()} ${cmp[rnd(6)]} ${rnd(100)}) { ${stmt(depth + 1)} ${v()}++; }`;
      default:
        return `for (int i = ${rnd(5)}; i ${cmp[rnd(2)]} ${v()}; i += ${rnd(3) + 1}) ${stmt(depth + 1)}`;
    }
  };
  const body = Array.from({ length: 12 }, () => `  ${stmt(0)}`);
  return ['#include <cstdio>', 'int main() {', '  long long a, b, c, d, e, f, g, h;', '  scanf("%lld %lld", &a, &b);', ...body, '}'].join('\n');
}

describe.each(backends())('code similarity ($name)', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let user: Client;
  let owner: Client;
  let users: number[];
  let id: number;
  let own: number;

  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
    user = (await ts.register('sim_user')).client;
    owner = (await ts.register('sim_owner')).client;
    users = [];
    for (const name of ['sim_a', 'sim_b', 'sim_c', 'sim_d']) users.push((await ts.register(name)).uuid);
    const res = await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest());
    id = res.data.competition_id;
    own = (await owner.post<{ competition_id: number }>(`${C}/user/add`, contest())).data.competition_id;
  }, 120_000);
  afterAll(async () => ts?.close());

  it('ranks the disguised copy first and shows the matched lines side by side', async () => {
    const [a, b, c, d] = users;
    const [copyLeft, copyRight] = await seedSubmissions(ts, id, [
      { user_id: a, index: 0, source: ORIGINAL },
      { user_id: b, index: 0, source: DISGUISED },
      { user_id: c, index: 1, source: INDEPENDENT_A },
      { user_id: d, index: 1, source: INDEPENDENT_B },
      // An accepted program is compared rather than a later wrong one.
      { user_id: c, index: 1, source: ORIGINAL, status: 'WA' },
    ]);
    const run = await admin.post<SimilarityRun>(`${S}/run?competition_id=${id}`);
    expect(run.code).toBe(0);
    expect(run.data).toMatchObject({ status: 'done', submissions: 4 });

    const page = (await admin.post<SimilarityPage>(`${S}/pairs?competition_id=${id}`)).data;
    expect(page.run?.status).toBe('done');
    const top = page.records[0];
    expect(top).toMatchObject({ problem_name: 'A', language: 'C++' });
    expect(top.score).toBeGreaterThan(0.8);
    expect([top.left.submission_id, top.right.submission_id].sort()).toEqual([copyLeft, copyRight].sort());
    // The independent pair (problem B) is low or not kept at all.
    const independent = page.records.find((p) => p.problem_index === 1);
    expect(independent?.score ?? 0).toBeLessThan(0.3);

    const detail = (await admin.post<SimilarityPairDetail>(`${S}/pair?pair_id=${top.id}`)).data;
    expect([detail.left_source, detail.right_source].sort()).toEqual([ORIGINAL, DISGUISED].sort());
    expect(detail.regions.length).toBeGreaterThan(0);
    const lines = detail.left_source.split('\n').length;
    for (const r of detail.regions) expect(r.left[1]).toBeLessThanOrEqual(lines);
  });

  it('admins only: a user and a contest author who is not an admin are refused', async () => {
    for (const c of [user, owner]) {
      expect((await c.post(`${S}/run?competition_id=${own}`)).code).toBe(40300);
      expect((await c.post(`${S}/pairs?competition_id=${own}`)).code).toBe(40300);
      expect((await c.post(`${S}/pair?pair_id=1`)).code).toBe(40300);
    }
    expect((await ts.client().post(`${S}/pairs?competition_id=${own}`)).code).toBe(40101);
    const missing = await admin.post(`${S}/pair?pair_id=999999`);
    expect(missing.status).toBe(404);
  });

  it('200 programs: analysed in the background after the end, and timed', async () => {
    const res = await admin.post<{ competition_id: number }>(
      `${C}/admin/algorithm/add`,
      contest({ name: '大赛', start_time: iso(-50 * MIN), end_time: iso(-5 * MIN + 10 * MIN) }),
    );
    const big = res.data.competition_id;
    const rows = [];
    const many = [];
    for (let i = 0; i < 100; i++) many.push((await ts.register(`sim_many_${i}`)).uuid);
    for (let i = 0; i < 100; i++) {
      rows.push({ user_id: many[i], index: 0, source: i === 7 ? ORIGINAL : ownProgram(i) });
      rows.push({ user_id: many[i], index: 1, source: i === 42 ? DISGUISED.replace(/best/g, 'far') : i === 43 ? ORIGINAL : ownProgram(i + 1000) });
    }
    await seedSubmissions(ts, big, rows);
    // The contest ends; the finish job (as at every start and minute) analyses it once.
    await admin.post(`${C}/admin/modify?competition_id=${big}`, contest({ name: '大赛', start_time: iso(-50 * MIN), end_time: iso(-1000) }));
    const t0 = performance.now();
    expect(await ts.server.ctx.similarity.runDue()).toBeGreaterThanOrEqual(1);
    const ms = performance.now() - t0;
    const page = (await admin.post<SimilarityPage>(`${S}/pairs?competition_id=${big}`)).data;
    expect(page.run).toMatchObject({ status: 'done', submissions: 200 });
    console.log(`similarity of 200 programs (2 problems × 100 users): ${Math.round(ms)} ms, ${page.total} pairs kept`);
    expect(page.records[0].score).toBeGreaterThan(0.8);
    expect(page.records[0].problem_name).toBe('B');
    // The random programs share idioms (loops, output), never as much as the copy.
    console.log(`best scores: ${page.records.slice(0, 4).map((p) => p.score.toFixed(2)).join(', ')}`);
    expect(page.records[1].score).toBeLessThan(page.records[0].score - 0.2);
    // A second pass does nothing: each contest is analysed once.
    expect(await ts.server.ctx.similarity.runDue()).toBe(0);
  });
});
