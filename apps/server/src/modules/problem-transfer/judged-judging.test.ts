import { readFileSync } from 'node:fs';
import type { JuryPage, Problem } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { submit, verdict } from '../../../test/problems';
import { importAndJudge, upload } from './import-client';
import {
  GUESS_SOLUTION,
  GUESS_WRONG,
  hydroInteractive,
  kattisInteractive,
  polygonGroups,
  polygonInteractive,
} from './judging-fixtures';

const P = '/api/problem/algorithm';

/** Our judge's own testlib.h, shipped in the Polygon package as a package's own header would be. */
const JUDGE_TESTLIB = readFileSync(
  new URL('../../../../../packages/judge/testlib/testlib.h', import.meta.url),
  'utf8',
);

/**
 * Problems of other types imported over the API and judged by the real judge (issue 24 item 4): the
 * interactor of each format decides a binary search (AC) and a blind guess (WA), so an import that
 * dropped the interactor (then every solution reads a number it never gets) fails here; Polygon
 * groups score by subtask with their dependency, through file I/O.
 */
describe.each(backends())('imported interactive and scored problems judged on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
  }, 60_000);
  afterAll(() => ts?.close());

  const judged = async (bytes: Buffer, name: string) => {
    const judgedOnce = await importAndJudge(admin, bytes, name, [GUESS_SOLUTION, GUESS_WRONG]);
    expect(judgedOnce.problem.judging.type).toBe('interactive');
    return judgedOnce;
  };

  it('Polygon: a testlib interactor with the package’s testlib.h', async () => {
    const zip = await polygonInteractive({ testlib: JUDGE_TESTLIB, checker: false });
    const { results, problem } = await judged(zip, 'guess.zip');
    expect(results).toEqual(['AC', 'WA']);
    expect(problem.judging.interactor?.files?.map((f) => f.name)).toEqual(['testlib.h']);
  }, 180_000);

  it('Kattis: the output validator as a Kattis interactor', async () => {
    const { results, problem } = await judged(await kattisInteractive(), 'kattis-guess.zip');
    expect(results).toEqual(['AC', 'WA']);
    expect(problem.judging.interactor?.protocol).toBe('kattis');
    // Jury runs see the problem as submissions do: the interactor judges them too.
    const id = problem.problem_id;
    for (const [name, source, expected] of [
      ['search.cpp', GUESS_SOLUTION, ['AC']],
      ['blind.cpp', GUESS_WRONG, ['WA']],
    ] as const) {
      const added = await admin.post(`${P}/admin/jury/add?problem_id=${id}`, { name, language: 'C++', source, expected });
      expect(added.code, added.message).toBe(0);
    }
    const runs = async () =>
      (await admin.get<JuryPage>(`${P}/admin/jury/list?problem_id=${id}`)).data.solutions.map((s) => s.run);
    await expect
      .poll(async () => (await runs()).every((r) => r.state !== 'pending' && r.state !== 'stale'), { timeout: 60_000 })
      .toBe(true);
    expect((await runs()).map((r) => [r.status, r.state])).toEqual([
      ['AC', 'agree'],
      ['WA', 'agree'],
    ]);
  }, 180_000);

  it('our HydroOJ export of imported interactive and scored problems imports back identical', async () => {
    const ids: number[] = [];
    for (const zip of [await polygonInteractive(), await polygonGroups()])
      ids.push((await upload(admin, zip, 'p.zip')).imported[0].problem_id);
    const judgingOf = async (id: number) =>
      (await admin.get<Problem>(`${P}/search/problemId?problem_id=${id}`)).data.judging;
    const res = await fetch(`${ts.url}${P}/admin/export?ids=${ids.join(',')}&format=hydro`, {
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const again = await upload(admin, Buffer.from(await res.arrayBuffer()), 'export.zip');
    expect(again.imported).toHaveLength(2);
    const before = await Promise.all(ids.map(judgingOf));
    expect(before.map((j) => j.type)).toEqual(['interactive', 'batch']);
    expect(before[1].scoring?.subtasks).toHaveLength(3);
    expect(await Promise.all(again.imported.map((p) => judgingOf(p.problem_id)))).toEqual(before);
  }, 120_000);

  it('Polygon groups: file I/O, subtask points and dependencies judged', async () => {
    const job = await upload(admin, await polygonGroups(), 'groups.zip');
    const id = job.imported[0].problem_id;
    // Reads sum.in, writes sum.out; `wrong` answers wrongly for inputs from `from` on.
    const solution = (wrongFrom: number, wrongTo = 1000) =>
      `#include <cstdio>\nint main() { long long a, b; FILE* in = std::fopen("sum.in", "r"); FILE* out = std::fopen("sum.out", "w");\n` +
      `  if (std::fscanf(in, "%lld %lld", &a, &b) != 2) return 1;\n` +
      `  std::fprintf(out, "%lld\\n", a >= ${wrongFrom} && a <= ${wrongTo} ? a - b : a + b); }\n`;
    const scored = async (source: string) => {
      const r = await verdict(admin, await submit(admin, id, 'C++', source));
      return [r.status, r.score, r.full_score];
    };
    expect(await scored(solution(1000))).toEqual(['AC', 100, 100]);
    // Group 2 (tests 5, 6 of the package) fails: 40 of group 1 stay.
    expect((await scored(solution(5)))[1]).toBe(40);
    // Group 1 fails on its test 2: group 2, which depends on it, scores nothing though it passes.
    expect((await scored(solution(2, 2)))[1]).toBe(0);
  }, 180_000);

  it('HydroOJ: type interactive, the judge’s testlib.h', async () => {
    const { results } = await judged(await hydroInteractive(), 'hydro-guess.zip');
    expect(results).toEqual(['AC', 'WA']);
  }, 180_000);
});
