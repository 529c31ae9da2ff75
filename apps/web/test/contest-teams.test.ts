import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 26 part 3 on the real server and the built sites: in a team contest a user creates a team
// on the contest page (the 队伍 panel) and sees its invite code, a second user joins with that code,
// and the board shows one row for the team with its members (at 1366 and 390 px wide).
let env: Env;
let captain: Page;
let mate: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const captainAccount = { account: `tcap_${stamp}`, password: 'Captain-pass-1' };
const mateAccount = { account: `tmate_${stamp}`, password: 'Mate-pass-1' };
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, captainAccount.account, captainAccount.password);
  await registerViaApi(env, mateAccount.account, mateAccount.password);
  captain = await signedInPage(env, captainAccount.account, captainAccount.password);
  mate = await signedInPage(env, mateAccount.account, mateAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${mate.url()}`);
    await shot(captain, 'failed-contest-teams-captain');
    await shot(mate, 'failed-contest-teams-mate');
  }
});
afterAll(async () => {
  await env?.close();
});

const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('team contests', () => {
  it('a user creates a team, a second joins by its code, the board shows the team row', async () => {
    const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
      name: `团队赛测试 ${stamp}`,
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      team_size: 3,
      problems: [{ problem_id: 1000 }],
    });
    expect(created.message).toBe(created.code === 0 ? created.message : '');
    const id = created.data.competition_id;

    await captain.setViewportSize({ width: 1366, height: 820 });
    await captain.goto(`${env.server.url}/competition/${id}`);
    await captain.getByText('团队赛（每队最多 3 人）').waitFor();
    await captain.getByTestId('team-name').fill('星辰队');
    await captain.getByTestId('team-affiliation').fill('第一中学');
    await captain.getByTestId('team-create').click();
    await captain.getByTestId('my-team-name').waitFor();
    expect(await captain.getByTestId('my-team-name').innerText()).toBe('星辰队');
    const code = (await captain.getByTestId('team-invite-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-F]{12}$/);
    await shot(captain, 'contest-teams-captain-1366');

    await mate.setViewportSize({ width: 390, height: 844 });
    await mate.goto(`${env.server.url}/competition/${id}`);
    await mate.getByTestId('team-code').fill(code);
    await expect.poll(() => overflow(mate)).toBeLessThanOrEqual(0);
    await shot(mate, 'contest-teams-join-390');
    await mate.getByTestId('team-join').click();
    await mate.getByTestId('my-team-name').waitFor();
    await expect
      .poll(async () => (await mate.getByTestId('team-member').allInnerTexts()).sort())
      .toEqual([captainAccount.account, mateAccount.account].sort());

    // The board: one row for the team, its school shown, its members on tap.
    await mate.getByRole('tab', { name: '排名' }).click();
    const board = mate.getByTestId('scoreboard');
    const name = board.getByTestId('team-row-name');
    await name.waitFor();
    expect(await name.count()).toBe(1);
    expect(await name.innerText()).toContain('星辰队');
    expect(await name.innerText()).toContain('第一中学');
    await name.click();
    const members = mate.getByTestId('team-members');
    await members.waitFor();
    expect(await members.innerText()).toContain(captainAccount.account);
    expect(await members.innerText()).toContain(mateAccount.account);
    await expect.poll(() => overflow(mate)).toBeLessThanOrEqual(0);
    await shot(mate, 'contest-teams-board-390');

    // The admin's 队伍管理 (contest actions menu): the team with its members, marked 打星 there.
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `团队赛测试 ${stamp}` });
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '队伍管理（打星）' }).click();
    const teams = admin.getByTestId('admin-teams');
    await teams.getByText('星辰队').waitFor();
    expect(await teams.innerText()).toContain(mateAccount.account);
    await teams.getByRole('switch', { name: '星辰队 打星' }).click();
    await admin.locator('.ant-message-notice', { hasText: '已标记为打星' }).waitFor();
    await shot(admin, 'contest-teams-admin-1440');
    await admin.keyboard.press('Escape');
    await expect
      .poll(async () => {
        const page = await api<{ records: { unofficial?: boolean }[] }>(
          admin,
          `/api/competition/search/rank/pageNum?competition_id=${id}`,
          undefined,
          'GET',
        );
        return page.data.records[0]?.unofficial ?? false;
      })
      .toBe(true);
  }, 240_000);
});
