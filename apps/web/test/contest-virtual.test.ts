import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 26 part 2 on the real server and the built sites: a user starts a virtual run of an ended
// contest and sees its board with the real participant and their own row marked 虚拟; a window
// contest's 开始 button opens the problems and shows the participant's own countdown.
let env: Env;
let real: Page;
let runner: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const realAccount = { account: `vreal_${stamp}`, password: 'Real-pass-1' };
const runnerAccount = { account: `vrun_${stamp}`, password: 'Runner-pass-1' };
const PY_AB = 'print(sum(map(int, open(0).read().split())))';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, realAccount.account, realAccount.password);
  await registerViaApi(env, runnerAccount.account, runnerAccount.password);
  real = await signedInPage(env, realAccount.account, realAccount.password);
  runner = await signedInPage(env, runnerAccount.account, runnerAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] runner failed at ${runner.url()}`);
    await shot(runner, 'failed-contest-virtual');
  }
});
afterAll(async () => {
  await env?.close();
});

const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

function contestBody(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    type: 1,
    start_time: iso(-60 * MIN),
    end_time: iso(60 * MIN),
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
    ...over,
  };
}

describe('virtual participation and window contests', () => {
  it('a virtual run of an ended contest shows the board with the runner marked 虚拟', async () => {
    const body = contestBody(`虚拟参赛测试 ${stamp}`);
    const created = await api<{ competition_id: number }>(
      admin,
      '/api/competition/admin/algorithm/add',
      body,
    );
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await api(real, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
    const sent = await api<{ submission_id: number }>(real, '/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      competition_id: id,
      index: 0,
      language: 'Python3',
      source_code: PY_AB,
    });
    expect(sent.code).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await api<{ status: string }>(
              admin,
              `/api/problem/algorithm/records/recordId?submission_id=${sent.data.submission_id}`,
              undefined,
              'GET',
            )
          ).data?.status,
        { timeout: 90_000, interval: 500 },
      )
      .toBe('AC');
    // The contest ends now.
    const ended = await api(admin, `/api/competition/admin/modify?competition_id=${id}`, {
      ...body,
      end_time: iso(0),
    });
    expect(ended.message).toBe(ended.code === 0 ? ended.message : '');

    await runner.setViewportSize({ width: 1366, height: 820 });
    await runner.goto(`${env.server.url}/competition/${id}`);
    await runner.getByTestId('virtual-start').click();
    await runner
      .locator('.oj-popconfirm')
      .getByRole('button', { name: /开始虚拟参赛/ })
      .click();
    await runner.getByTestId('virtual-countdown').waitFor();
    expect(await runner.getByTestId('virtual-countdown').innerText()).toMatch(/虚拟参赛中 · 剩余 \d/);
    await runner.getByRole('tab', { name: '排名' }).click();
    const board = runner.getByTestId('scoreboard');
    await board.getByTestId('virtual-mark').waitFor();
    await board.getByText(realAccount.account).waitFor();
    const markedRow = board.locator('tr', { has: runner.getByTestId('virtual-mark') });
    expect(await markedRow.innerText()).toContain(runnerAccount.account);
    await runner.getByTestId('board-virtual').waitFor();
    // The real participant's AC came about an hour in: at the runner's minute 0 it is not there yet.
    const realRow = board.locator('tr', { hasText: realAccount.account });
    expect(await realRow.locator('[data-state="accepted"], [data-state="first"]').count()).toBe(0);
    await shot(runner, 'contest-virtual-board-1366');
    await runner.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflow(runner)).toBeLessThanOrEqual(0);
    await shot(runner, 'contest-virtual-board-390');
    // The real board, seen by the real participant, has no virtual row.
    await real.goto(`${env.server.url}/competition/${id}`);
    await real.getByRole('tab', { name: '排名' }).click();
    await real.getByTestId('scoreboard').getByText(realAccount.account).waitFor();
    expect(await real.getByTestId('virtual-mark').count()).toBe(0);
  }, 240_000);

  it('a window contest: 开始 opens the problems and shows the own countdown', async () => {
    const created = await api<{ competition_id: number }>(
      admin,
      '/api/competition/admin/algorithm/add',
      contestBody(`限时赛测试 ${stamp}`, { start_time: iso(-10 * MIN), window_minutes: 30 }),
    );
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    expect((await api(runner, `/api/competition/join?competition_id=${id}`)).code).toBe(0);
    await runner.setViewportSize({ width: 390, height: 844 });
    await runner.goto(`${env.server.url}/competition/${id}`);
    await runner.getByText('每人限时 30 分钟').first().waitFor();
    await runner.getByTestId('problems-wait-start').waitFor();
    await expect.poll(() => overflow(runner)).toBeLessThanOrEqual(0);
    await shot(runner, 'contest-window-before-390');
    await runner.getByTestId('window-start').first().click();
    await runner
      .locator('.oj-popconfirm')
      .getByRole('button', { name: /开\s*始/ })
      .click();
    const countdown = runner.getByTestId('window-countdown').first();
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(/我的剩余时间 (00:2\d|00:30):\d\d/);
    await runner.getByTestId('contest-problems').waitFor();
    await expect.poll(() => overflow(runner)).toBeLessThanOrEqual(0);
    await shot(runner, 'contest-window-started-390');
  }, 120_000);
});
