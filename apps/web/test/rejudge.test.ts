import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 26 part 4 on the real server and the built sites: an admin opens 重测 from the contest
// list, makes a set for the whole contest, sees the new verdict beside the old one and the board's
// change, and applies it.
let env: Env;
let admin: Page;
let contestId: number;
let submissionId: number;
let uuid: number;
const stamp = Date.now().toString(36);
const NAME = `重测赛 ${stamp}`;
const AB = 'a, b = map(int, input().split())\nprint(a + b)\n';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const account = `rj_${stamp}`.slice(0, 20);
  uuid = await registerViaApi(env, account, 'Student-pass-1');
  const student = await signedInPage(env, account, 'Student-pass-1');
  admin = await signedInPage(env, BOSS.account, BOSS.password);
  const now = Date.now();
  const created = await pageApi<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
    name: NAME,
    description: '',
    type: 1,
    start_time: new Date(now - 10 * 60_000).toISOString(),
    end_time: new Date(now + 60 * 60_000).toISOString(),
    problems: [{ problem_id: 1000 }],
  });
  expect(created.code, created.message).toBe(0);
  contestId = created.data.competition_id;
  expect((await pageApi(student, `/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
  // A correct program stored as WA (as a judge with wrong answers left it): the set turns it AC.
  const row = await env.server.ctx.db.db
    .insertInto('submissions')
    .values({
      problem_id: 1000,
      user_id: uuid,
      language: 'Python3',
      source_code: AB,
      code_length: AB.length,
      status: 'WA',
      time_used: 1,
      memory_used: 1,
      compile_message: '',
      message: '',
      test_results: '[]',
      test_total: 0,
      judge_version: 1,
      competition_id: contestId,
      problem_index: 0,
      local_date: '2026-01-01',
      create_time: new Date(now - 5 * 60_000).toISOString(),
      judge_time: new Date(now - 5 * 60_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  submissionId = row.id;
}, 120_000);
afterAll(async () => {
  await env?.close();
});

async function fits(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('rejudge sets', () => {
  it('an admin makes a set for a contest, sees old against new and the board diff, and applies it', async (ctx) => {
    ctx.onTestFailed(async () => {
      console.error(`[browser] failed at ${admin.url()}`);
      await shot(admin, 'failed-rejudge-admin');
    });
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: NAME });
    await row.getByRole('button', { name: '更多操作' }).click();
    // Click once the menu has finished opening: on a loaded machine a click during antd's opening
    // motion landed on another item (CI, stop 44).
    await expect
      .poll(() => admin.locator('.ant-dropdown').first().getAttribute('class'))
      .not.toMatch(/-(enter|appear)/);
    await admin.getByRole('menuitem', { name: '重测（对照后应用）' }).click();
    await admin.waitForURL(/\/admin\/rejudge\?competition_id=/);
    const panel = admin.getByTestId('rejudge-panel');
    await panel.getByText('还没有重测过').waitFor();

    await panel.getByLabel('原因').fill('数据已修正');
    await panel.getByTestId('rejudge-create').click();
    const set = admin.getByTestId('rejudge-set');
    await set.getByTestId('rejudge-state').filter({ hasText: '待应用' }).waitFor({ timeout: 60_000 });
    // Old WA beside new AC, highlighted; the participant's row would gain a solve and rank.
    const changed = set.getByTestId('rejudge-runs').locator('tr.oj-rejudge-changed');
    await expect.poll(() => changed.count()).toBe(1);
    expect(
      await changed
        .locator('[data-verdict]')
        .evaluateAll((tags) => tags.map((t) => t.getAttribute('data-verdict'))),
    ).toEqual(['WA', 'AC']);
    const boardRow = set
      .getByTestId('rejudge-board')
      .locator('tbody tr', { hasText: `rj_${stamp}`.slice(0, 20) });
    await expect.poll(() => boardRow.innerText()).toContain('0 → 1');
    // Nothing stored changed yet.
    const stored = () =>
      pageApi<{ status: string }>(
        admin,
        `/api/problem/algorithm/records/recordId?submission_id=${submissionId}`,
        undefined,
        'GET',
      );
    expect((await stored()).data.status).toBe('WA');
    await shot(admin, 'rejudge-set');
    await fits(admin, 'rejudge-set');

    await set.getByTestId('rejudge-apply').click();
    await admin.locator('.oj-popconfirm').getByRole('button', { name: '应用' }).click();
    await admin.locator('.ant-message-notice', { hasText: '已应用：1 个提交的结果有变化' }).waitFor();
    await set.getByTestId('rejudge-state').filter({ hasText: '已应用' }).waitFor();
    expect((await stored()).data.status).toBe('AC');
    const rank = await pageApi<{ records: { uuid: number; solved: number }[] }>(
      admin,
      `/api/competition/search/rank/pageNum?competition_id=${contestId}`,
    );
    expect(rank.data.records.map((r) => [r.uuid, r.solved])).toEqual([[uuid, 1]]);

    // The user site's contest page has the same panel in a 重测 tab for those who manage the contest.
    await admin.goto(`${env.server.url}/competition/${contestId}`);
    await admin.getByRole('tab', { name: '重测' }).click();
    await admin.getByTestId('rejudge-panel').locator('tr', { hasText: '已应用' }).waitFor();
    await fits(admin, 'rejudge-user-site');
  }, 120_000);
});
