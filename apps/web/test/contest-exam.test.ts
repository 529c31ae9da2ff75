import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Issue 26 on the real server and the built sites: exam mode as a participant (the bank page is
// refused and sends them to the exam page, the contest's pages work without a single refusal),
// the balloon page as an admin (first ACs newest first, 已送达 ticked off, a new one arriving live)
// and the final board's medals with a 打星 participant (set in the admin's awards dialog).
let env: Env;
let student: Page;
let rival: Page;
let admin: Page;
const stamp = Date.now().toString(36);
const studentAccount = { account: `exam_${stamp}`, password: 'Exam-pass-1' };
const rivalAccount = { account: `rival_${stamp}`, password: 'Rival-pass-1' };
const PY_AB = 'print(sum(map(int, open(0).read().split())))';
let contestId = 0;

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, studentAccount.account, studentAccount.password);
  await registerViaApi(env, rivalAccount.account, rivalAccount.password);
  student = await signedInPage(env, studentAccount.account, studentAccount.password);
  rival = await signedInPage(env, rivalAccount.account, rivalAccount.password);
  admin = await signedInPage(env, BOSS.account, BOSS.password);
  const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
    name: `期末上机考试 ${stamp}`,
    type: 1,
    start_time: new Date(Date.now() - 600_000).toISOString(),
    end_time: new Date(Date.now() + 3600_000).toISOString(),
    exam_mode: true,
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });
  expect(created.code).toBe(0);
  contestId = created.data.competition_id;
  for (const p of [student, rival])
    expect((await api(p, `/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    for (const [name, p] of [
      ['student', student],
      ['admin', admin],
    ] as const) {
      console.error(`[browser] ${name} failed at ${p.url()}`);
      await shot(p, `failed-contest-exam-${name}`);
    }
});
afterAll(async () => {
  await env?.close();
});

const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Submits A+B to problem A of the contest and waits for its verdict. */
async function solveA(p: Page) {
  const sent = await api<{ submission_id: number }>(p, '/api/problem/algorithm/judge/submit', {
    problem_id: 1000,
    competition_id: contestId,
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
            p,
            `/api/problem/algorithm/records/recordId?submission_id=${sent.data.submission_id}`,
            undefined,
            'GET',
          )
        ).data?.status,
      { timeout: 90_000, interval: 500 },
    )
    .toBe('AC');
}

describe('exam mode', () => {
  it('sends a participant from the bank to the exam page, and keeps the contest pages working', async () => {
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/problems`);
    await student.waitForURL(/\/exam$/);
    await student.getByText('考试进行中，只能访问本场比赛').waitFor();
    expect(await student.getByTestId('exam-notice').innerText()).toContain(`期末上机考试 ${stamp}`);
    await student.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(student, 'contest-exam-refused-1440');
    // The server refuses the bank itself, whatever the page does.
    const bank = await api(student, '/api/problem/algorithm/search', { pageNum: 1 });
    expect(bank.message).toContain('考试进行中，只能访问本场比赛');
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflow(student)).toBeLessThanOrEqual(0);
    await shot(student, 'contest-exam-refused-390');

    // Back to the contest: its home, problem and records pages load without any refusal.
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.getByTestId('exam-back').click();
    await student.waitForURL(new RegExp(`/competition/${contestId}$`));
    await student.getByText('考试模式').first().waitFor();
    await student.goto(`${env.server.url}/competition/${contestId}/problem/1`);
    await student.getByRole('button', { name: /提交评测/ }).waitFor();
    await student.getByText('输入格式').waitFor();
    await solveA(student);
    await student.goto(`${env.server.url}/competition/${contestId}`);
    await student.getByRole('tab', { name: /提交/ }).click();
    await student.getByText('AC').first().waitFor();
    await student.getByRole('tab', { name: '排名' }).click();
    await student.getByTestId('scoreboard').getByText(studentAccount.account).waitFor();
    expect(await student.locator('.ant-message-notice', { hasText: '考试' }).count()).toBe(0);
    await shot(student, 'contest-exam-contest-1440');
    // Other pages of the site stay closed: the forum, the contest list.
    for (const path of ['/discussion', '/competition', '/home']) {
      await student.goto(`${env.server.url}${path}`);
      await student.waitForURL(/\/exam$/);
    }
    // An admin is never held, joined or not.
    await admin.goto(`${env.server.url}/problems`);
    await admin.waitForURL(/\/problems$/);
  }, 240_000);
});

describe('balloons', () => {
  it('lists first ACs newest first for staff, ticks them off, and shows a new one live', async () => {
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `期末上机考试 ${stamp}` });
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '气球（现场）' }).click();
    const drawer = admin.getByTestId('balloons');
    const items = drawer.getByTestId('balloon');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().innerText()).toContain(studentAccount.account);
    await items.first().getByText('全场首个通过').waitFor();

    // The rival solves A while the page is open: it arrives on top, without a reload.
    await solveA(rival);
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBe(2);
    expect(await items.first().innerText()).toContain(rivalAccount.account);
    expect(await items.first().getByText('全场首个通过').count()).toBe(0);

    await items.nth(1).getByRole('button', { name: '已送达' }).click();
    await expect.poll(() => items.nth(1).getAttribute('data-delivered')).toBe('yes');
    await shot(admin, 'contest-exam-balloons-1440');
    // Stored: a fresh read keeps the tick.
    const list = await api<{ items: { username: string; delivered: boolean }[] }>(
      admin,
      `/api/competition/admin/balloons?competition_id=${contestId}`,
      undefined,
      'GET',
    );
    expect(list.data.items.map((b) => [b.username, b.delivered])).toEqual([
      [rivalAccount.account, false],
      [studentAccount.account, true],
    ]);

    // On a phone, opened there: the drawer takes the whole width.
    await admin.keyboard.press('Escape');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '气球（现场）' }).click();
    await expect.poll(() => items.count()).toBe(2);
    await expect
      .poll(() => drawer.evaluate((el) => Math.round(el.getBoundingClientRect().left)))
      .toBeGreaterThanOrEqual(0);
    await expect.poll(() => overflow(admin)).toBeLessThanOrEqual(0);
    await shot(admin, 'contest-exam-balloons-390');
    await admin.keyboard.press('Escape');
  }, 240_000);
});

describe('medals', () => {
  it('shows the medals on the final board once the contest ends, and frees the exam', async () => {
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `期末上机考试 ${stamp}` });
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '奖牌与打星' }).click();
    const dialog = admin.getByTestId('awards');
    const count = (medal: string) =>
      dialog.locator(`input[data-testid="medal-${medal}"], [data-testid="medal-${medal}"] input`);
    await count('gold').fill('1');
    await count('silver').fill('1');
    await dialog.getByTestId('save-medals').click();
    await admin.locator('.ant-message-notice', { hasText: '奖牌设置已保存' }).waitFor();
    // The rival is 打星: ranked, no medal.
    await dialog.getByRole('switch', { name: `${rivalAccount.account} 打星` }).click();
    await expect
      .poll(() =>
        dialog.getByRole('switch', { name: `${rivalAccount.account} 打星` }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await admin.keyboard.press('Escape');

    // The contest ends (an edit of its times): the exam ends with it.
    const edit = await api<{ name: string; problems: { problem_id: number }[] }>(
      admin,
      `/api/competition/get?competition_id=${contestId}`,
      undefined,
      'GET',
    );
    const ended = await api(admin, `/api/competition/admin/modify?competition_id=${contestId}`, {
      name: edit.data.name,
      type: 1,
      start_time: new Date(Date.now() - 1200_000).toISOString(),
      end_time: new Date(Date.now() - 1000).toISOString(),
      problems: edit.data.problems.map((p) => ({ problem_id: p.problem_id })),
    });
    expect(ended.code).toBe(0);
    // The board follows the edit asynchronously (its contest row is read again on the change):
    // the final board with its medals is what the page then shows.
    await expect
      .poll(async () => {
        const rank = await api<{ records: { username: string; medal?: string }[] }>(
          admin,
          `/api/competition/search/rank/pageNum?competition_id=${contestId}&PageNum=1`,
          undefined,
          'GET',
        );
        return rank.data.records?.find((r) => r.username === studentAccount.account)?.medal;
      })
      .toBe('gold');

    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/competition/${contestId}`);
    await student.getByRole('tab', { name: '排名' }).click();
    const board = student.getByTestId('scoreboard');
    await board.getByText('已结束 · 最终排名').waitFor();
    const mine = board.locator('tr', { hasText: studentAccount.account });
    const rivals = board.locator('tr', { hasText: rivalAccount.account });
    expect(await mine.getByTestId('medal').innerText()).toBe('金牌');
    await rivals.getByTestId('unofficial').waitFor();
    expect(await rivals.getByTestId('medal').count()).toBe(0);
    await shot(student, 'contest-exam-medals-1440');
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflow(student)).toBeLessThanOrEqual(0);
    await shot(student, 'contest-exam-medals-390');
    // No longer held: the bank opens (the exam page's answer is asked again after 30 s at most;
    // a fresh page load asks at once).
    await student.goto(`${env.server.url}/exam`);
    await student.getByText('当前没有进行中的考试').waitFor();
    await student.goto(`${env.server.url}/problems`);
    await student.waitForURL(/\/problems$/);
  }, 240_000);
});

describe('bulk contest accounts', () => {
  it('makes accounts from a pasted list and downloads them with their passwords', async () => {
    const created = await api<{ competition_id: number }>(admin, '/api/competition/admin/algorithm/add', {
      name: `现场赛 ${stamp}`,
      type: 1,
      start_time: new Date(Date.now() + 3600_000).toISOString(),
      end_time: new Date(Date.now() + 7200_000).toISOString(),
      problems: [{ problem_id: 1000 }],
    });
    expect(created.code).toBe(0);
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`${env.server.url}/admin/competitions`);
    const row = admin.getByTestId('admin-competitions').locator('tr', { hasText: `现场赛 ${stamp}` });
    await row.getByRole('button', { name: '更多操作' }).click();
    await admin.getByRole('menuitem', { name: '批量创建参赛账号' }).click();
    await admin.getByTestId('bulk-prefix').fill(`s${stamp}`.slice(0, 12));
    // Two columns pasted from Excel (a tab between), and one typed with a Chinese comma.
    await admin.getByTestId('bulk-list').fill('王五\t实验中学\n赵六，第二中学');
    await shot(admin, 'contest-exam-bulk-1440');
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: '创建 2 个账号并导出' }).click();
    const file = await (await download).path();
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.getWorksheet('参赛账号')!;
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(2, 5));
    const prefix = `s${stamp}`.slice(0, 12);
    expect(rows).toEqual([
      ['王五', '实验中学', `${prefix}001`],
      ['赵六', '第二中学', `${prefix}002`],
    ]);
    await admin.locator('.ant-message-notice', { hasText: '已创建 2 个账号并报名' }).waitFor();
    const detail = await api<{ participants: number }>(
      admin,
      `/api/competition/search/competitionId?competition_id=${created.data.competition_id}`,
      undefined,
      'GET',
    );
    expect(detail.data.participants).toBe(2);
  }, 120_000);
});
