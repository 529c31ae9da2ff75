import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// The scoreboard freeze on the real server and the built sites: a running contest whose last 90
// minutes are frozen (so the freeze has begun); a contestant submits after it; another contestant's
// board shows the cell as pending, the admin's switch shows the truth, and after the admin
// unfreezes on the management site the other contestant's open board shows the result live.
let env: Env;
let solver: Page;
let watcher: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const solverAccount = { account: `solver_${stamp}`, password: 'Solver-pass-1' };
const watcherAccount = { account: `watcher_${stamp}`, password: 'Watcher-pass-1' };
const PY_AB = 'print(sum(map(int, open(0).read().split())))';
const PY_WRONG = 'print(0)';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, solverAccount.account, solverAccount.password);
  await registerViaApi(env, watcherAccount.account, watcherAccount.password);
  solver = await signedInPage(env, solverAccount.account, solverAccount.password);
  watcher = await signedInPage(env, watcherAccount.account, watcherAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [name, p] of [
      ['solver', solver],
      ['watcher', watcher],
      ['admin', admin],
    ] as const) {
      console.error(`[browser] ${name} failed at ${p.url()}`);
      await shot(p, `failed-contest-freeze-${name}`);
    }
  }
});
afterAll(async () => {
  await env?.close();
});

/** The solver's row on a scoreboard page. */
const rowOf = (p: Page) => p.getByTestId('scoreboard').locator('tr', { hasText: solverAccount.account });

describe('scoreboard freeze', () => {
  it('hides results after the freeze from others, shows the truth to the admin, reveals them on unfreeze', async () => {
    // Running for an hour, another hour to go, the last 90 minutes frozen: frozen since 30 minutes.
    const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
      name: `封榜赛 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() - 3600_000).toISOString(),
      end_time: new Date(Date.now() + 3600_000).toISOString(),
      freeze_minutes: 90,
      problems: [{ problem_id: 1000 }],
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    for (const p of [solver, watcher]) expect((await api(p, `/api/competition/join?competition_id=${id}`)).code).toBe(0);

    // The solver fails once, then solves A, both after the freeze began.
    let solved = 0;
    for (const source of [PY_WRONG, PY_AB]) {
      const sent = await api<{ submission_id: number }>(solver, '/api/problem/algorithm/judge/submit', {
        problem_id: 1000,
        competition_id: id,
        index: 0,
        language: 'Python3',
        source_code: source,
      });
      expect(sent.code).toBe(0);
      // One at a time, so the order of the tries is the order of the submissions.
      await expect
        .poll(
          async () => {
            const r = await api<{ status: string }>(solver, `/api/problem/algorithm/records/recordId?submission_id=${sent.data.submission_id}`, undefined, 'GET');
            return r.data?.status ?? '';
          },
          { timeout: 90_000, interval: 500 },
        )
        .toMatch(source === PY_AB ? /^AC$/ : /^WA$/);
      solved = sent.data.submission_id;
    }

    // The solver's record page, opened by the watcher: frozen, no verdict and no tests (issue 11).
    await watcher.goto(`${env.server.url}/competition/${id}/records/${solved}`);
    const verdictLine = watcher.getByTestId('record-verdict');
    await expect.poll(() => verdictLine.getAttribute('data-verdict')).toBe('frozen');
    expect(await verdictLine.innerText()).toContain('已封榜');
    await watcher.getByText('封榜期间不公布他人的测试点结果').waitFor();
    await shot(watcher, 'contest-freeze-watcher-record');

    // The watcher's board: frozen, the solver's cell pending with both tries, nothing solved.
    await watcher.goto(`${env.server.url}/competition/${id}`);
    await watcher.getByRole('tab', { name: '排名' }).click();
    const board = watcher.getByTestId('scoreboard');
    await board.getByText('实时更新中').waitFor();
    await board.getByText('封榜中').waitFor();
    const watcherCell = rowOf(watcher).locator('.oj-sb-cell');
    await expect.poll(() => watcherCell.getAttribute('data-state')).toBe('pending');
    expect(await watcherCell.locator('b').innerText()).toBe('?2');
    expect(await rowOf(watcher).getByTestId('solved').innerText()).toBe('0');
    await shot(watcher, 'contest-freeze-watcher-frozen');

    // The solver sees their own true result.
    await solver.goto(`${env.server.url}/competition/${id}`);
    await solver.getByRole('tab', { name: '排名' }).click();
    await expect.poll(() => rowOf(solver).locator('.oj-sb-cell').getAttribute('data-state')).toBe('first');

    // The admin on the rank page: the frozen board first (what contestants see), then the truth.
    await admin.goto(`${env.server.url}/competition/${id}`);
    await admin.getByRole('tab', { name: '排名' }).click();
    const adminCell = rowOf(admin).locator('.oj-sb-cell');
    await expect.poll(() => adminCell.getAttribute('data-state')).toBe('pending');
    await admin.getByTestId('true-standings').click();
    await expect.poll(() => adminCell.getAttribute('data-state')).toBe('first');
    expect(await adminCell.locator('b').innerText()).toBe('+1');
    expect(await rowOf(admin).getByTestId('solved').innerText()).toBe('1');
    await shot(admin, 'contest-freeze-admin-truth');
    // Other users have no such switch, and the server refuses them the true standings.
    expect(await watcher.getByTestId('true-standings').count()).toBe(0);
    expect((await api(watcher, `/api/competition/search/rank/pageNum?competition_id=${id}&status=1`)).code).not.toBe(0);

    // The management site: 解除封榜 from the contest's menu.
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `封榜赛 ${stamp}` });
    await row.getByText('封榜中').waitFor();
    await shot(admin, 'contest-freeze-admin-list');
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '解除封榜（公布结果）' }).click();
    await admin.locator('.ant-message-notice', { hasText: '已解除封榜' }).waitFor();
    await expect.poll(() => row.getByText('封榜中').count()).toBe(0);

    // The watcher's open board shows the result without a reload.
    await expect.poll(() => watcherCell.getAttribute('data-state'), { timeout: 15_000 }).toBe('first');
    expect(await watcherCell.locator('b').innerText()).toBe('+1');
    expect(await rowOf(watcher).getByTestId('solved').innerText()).toBe('1');
    expect(await board.getByText('封榜中').count()).toBe(0);
    // The header follows: the contest is no longer shown as frozen.
    await expect.poll(() => watcher.getByText('封榜中').count()).toBe(0);
    await shot(watcher, 'contest-freeze-watcher-revealed');
  }, 240_000);

  it('does not call the board frozen before the freeze begins', async () => {
    const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
      name: `未封榜 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() - 600_000).toISOString(),
      end_time: new Date(Date.now() + 3600_000).toISOString(),
      freeze_minutes: 30,
      problems: [{ problem_id: 1000 }],
    });
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await api(watcher, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
    await watcher.goto(`${env.server.url}/competition/${id}`);
    await watcher.getByRole('tab', { name: '排名' }).click();
    await watcher.getByTestId('scoreboard').getByText(watcherAccount.account).waitFor();
    await watcher.getByText('最后 30 分钟封榜').waitFor();
    expect(await watcher.getByText('封榜中').count()).toBe(0);
    const rank = await api<{ frozen: boolean }>(watcher, `/api/competition/search/rank/pageNum?competition_id=${id}`);
    expect(rank.data.frozen).toBe(false);
  }, 60_000);
});
