import type { JuryPage } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { importAndJudge, upload } from './import-client';
import {
  fpsWithSpj,
  HUSTOJ_SPJ,
  INLINE_TESTLIB_CHECKER,
  kattisPackage,
  polygonPackage,
  SUM_SOLUTION,
  WRONG_SOLUTION,
} from './package-fixtures';

const P = '/api/problem/algorithm';

/**
 * Imported special checkers judged by the real judge (issue 24): each package's checker decides a
 * correct and a wrong solution of "print a+b" (its answer files would accept neither by themselves
 * for the wrong one, and the checkers ignore them), so an import that dropped or broke the checker
 * fails here.
 */
describe.each(backends())('imported special checkers judged on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    admin = await ts.login(ts.admin.account, ts.admin.password);
  }, 60_000);
  afterAll(() => ts?.close());

  const judged = async (bytes: Buffer, name: string) => {
    const judgedOnce = await importAndJudge(admin, bytes, name, [SUM_SOLUTION, WRONG_SOLUTION]);
    expect(judgedOnce.problem.checker.kind).toBe('special');
    return judgedOnce;
  };

  it('Polygon: the checker builds with the package’s own testlib.h (setName) and judges', async () => {
    const { results, problem } = await judged(await polygonPackage(), 'sum.zip');
    expect(results).toEqual(['AC', 'WA']);
    expect(problem.checker.files?.map((f) => f.name)).toEqual(['testlib.h']);
  }, 180_000);

  it('FPS: a testlib checker pasted inline is kept and judges', async () => {
    const { results } = await judged(fpsWithSpj('内联 testlib 求和', INLINE_TESTLIB_CHECKER), 'inline.xml');
    expect(results).toEqual(['AC', 'WA']);
  }, 180_000);

  it('FPS: a HUSTOJ special judge, wrapped, judges as HUSTOJ would', async () => {
    const { results, job } = await judged(fpsWithSpj('HUSTOJ 求和', HUSTOJ_SPJ), 'hustoj.xml');
    expect(results).toEqual(['AC', 'WA']);
    expect(job.warnings.join('\n')).toMatch(/已原样包装/);
  }, 180_000);

  it('Kattis: the labelled submissions become jury solutions, judged to their labels; the input validator is kept', async () => {
    const inputValidator = [
      '#include <cstdio>',
      'int main() { long a, b; char end;',
      '  if (scanf("%ld %ld", &a, &b) != 2 || a < -1000 || a > 1000 || b < -1000 || b > 1000) return 43;',
      '  return scanf(" %c", &end) == EOF ? 42 : 43; }',
    ].join('\n');
    const job = await upload(
      admin,
      await kattisPackage({ extra: [['input_validators/range/range.cpp', inputValidator]] }),
      'kattis-jury.zip',
    );
    const id = job.imported[0].problem_id;
    const page = async () => (await admin.get<JuryPage>(`${P}/admin/jury/list?problem_id=${id}`)).data;
    expect((await page()).validator).toMatchObject({ protocol: 'kattis', language: 'C++' });
    const settled = (p: JuryPage) => p.solutions.every((s) => s.run.state !== 'pending' && s.run.state !== 'stale');
    await expect.poll(async () => settled(await page()), { timeout: 120_000, interval: 500 }).toBe(true);
    const byName = Object.fromEntries((await page()).solutions.map((s) => [s.name, s]));
    const dir = 'submissions/';
    for (const name of ['accepted/sum.cpp', 'accepted/sum.py', 'wrong_answer/diff.cpp', 'run_time_error/multi/main.cpp'])
      expect(byName[dir + name]?.run.state, name).toBe('agree');
    expect(byName[`${dir}accepted/sum.cpp`].run.status).toBe('AC');
    expect(byName[`${dir}wrong_answer/diff.cpp`].run.status).toBe('WA');
    // A "slow" solution that prints nothing is WA, not the TLE its folder promises: a disagreement.
    expect(byName[`${dir}time_limit_exceeded/slow.rs`]?.run.state).toBe('disagree');
    // The validator refuses a test outside the package's bounds, naming it.
    const bad = await admin.post(`${P}/admin/testCase/add?problem_id=${id}`, [{ input: '5000 1\n', output: '5001\n' }]);
    expect(bad.code).not.toBe(0);
    expect(bad.message).toMatch(/输入/);
  }, 240_000);

  it('Kattis: the output validator judges under the Kattis protocol', async () => {
    const { results, problem } = await judged(await kattisPackage(), 'kattis.zip');
    expect(results).toEqual(['AC', 'WA']);
    expect(problem.time_limit).toBe(2000);
  }, 180_000);
});
