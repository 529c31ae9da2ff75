import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import yazl from 'yazl';
import {
  BOSS,
  currentUser,
  newPage,
  registerViaApi,
  shot,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// The management site on the real server: only admins get in; the boss bans and unbans a user and
// manages admins. Each case starts on a fresh page with its own user: any order passes, and alone.
let env: Env;
let page: Page;
const stamp = Date.now().toString(36);
const student = { account: `ban_${stamp}`, password: 'Student-pass-1' };

beforeAll(async () => {
  env = await startEnv();
  await registerViaApi(env, student.account, student.password);
});
beforeEach(async () => {
  page = await newPage(env);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-admin-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});
afterAll(async () => {
  await env?.close();
});

/** A Polygon package whose problem.xml declares 4 000 000 tests (issue 22: refused whole). */
function polygonDeclaringMillions(): Promise<Buffer> {
  const xml =
    '<?xml version="1.0"?><problem short-name="big"><names><name language="chinese" value="声明很多测试点"/></names>' +
    '<judging><testset name="tests"><test-count>4000000</test-count></testset></judging></problem>';
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(xml), 'big/problem.xml');
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first();

/** The case's page becomes the boss's, on the user list of the management site. */
async function asBossOnUsers() {
  await page.context().close();
  page = await signedInPage(env, BOSS.account, BOSS.password);
  await page.goto(`${env.server.url}/admin/users`);
  await page.getByTestId('admin-users').waitFor();
}

/** A user of this case alone (banning one must not touch another case's). */
async function newStudent(name: string) {
  const who = { account: `${name}_${stamp}`, password: 'Student-pass-1' };
  return { ...who, uuid: await registerViaApi(env, who.account, who.password) };
}

async function adminLogin(account: string, password: string) {
  await page.getByPlaceholder('账号或邮箱').fill(account);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登陆管理中心' }).click();
}

describe('management site', () => {
  it('sends an anonymous visitor to its own login page, without downloading the pages it may not see', async () => {
    const asked: string[] = [];
    page.on('request', (r) => void asked.push(r.url()));
    await page.goto(`${env.server.url}/admin/users`);
    await page.waitForURL(/\/admin\/login\?redirect=%2Fusers$/);
    await page.getByText('字节OJ 管理中心').waitFor();
    expect(asked.filter((u) => /\/assets\/(AdminLayout|UsersPage)-[^/]*\.js$/.test(u))).toEqual([]);
  });

  it('refuses a valid account that is not an admin, clearly', async () => {
    await page.goto(`${env.server.url}/admin/login`);
    await adminLogin(student.account, student.password);
    await page.getByText('没有管理权限').waitFor();
    await page
      .getByText('管理中心只对管理员和教师开放，当前账号两者都不是。请使用管理员或教师账号登陆。')
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/login/);
    await shot(page, 'admin-refused');
  });

  it('lets the boss in and lists the users', async () => {
    await page.goto(`${env.server.url}/admin/users`);
    await page.waitForURL(/\/admin\/login\?redirect=%2Fusers$/);
    await adminLogin(BOSS.account, BOSS.password);
    await page.waitForURL(/\/admin\/users$/);
    await page.getByTestId('admin-users').locator('tr', { hasText: student.account }).waitFor();
    await expect.poll(() => page.title()).toBe('用户管理 - 管理中心 - 字节OJ');
    await page.getByRole('menuitem', { name: '管理员管理' }).waitFor(); // the boss sees the admin page
    await shot(page, 'admin-users');
  });

  it('shows 管理中心 in the user site menu to the admin (same session)', async () => {
    await asBossOnUsers();
    await page.goto(`${env.server.url}/home`);
    await page.getByTestId('avatar-menu').hover();
    await page.getByRole('menuitem', { name: '管理中心' }).waitFor();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('menuitem', { name: '管理中心' }).click(),
    ]);
    await tab.waitForURL(/\/admin\/users$/);
    await tab.close();
    await page.goto(`${env.server.url}/admin/users`);
    await page.getByTestId('admin-users').waitFor();
  });

  it('finds a user by keyword and bans, then unbans them, each after a confirmation', async () => {
    await asBossOnUsers();
    const student = await newStudent('ban_find');
    await page.getByPlaceholder('按账号、昵称或邮箱搜索').fill(student.account);
    await page.getByPlaceholder('按账号、昵称或邮箱搜索').press('Enter');
    const row = page.getByTestId('admin-users').locator('tbody tr', { hasText: student.account });
    await expect
      .poll(() => page.getByTestId('admin-users').locator('tbody tr.ant-table-row').count())
      .toBe(1);
    await row.getByRole('button', { name: '封禁' }).click();
    await page.locator('.ant-popconfirm').getByText(`确定封禁「${student.account}」吗？`).waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '封禁' }).click();
    await toast('已封禁该用户').waitFor();
    await row.getByText('已封禁').waitFor();
    const stored = await page.evaluate(async (keyword) => {
      const res = await fetch('/api/user/admin/getPage', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword }),
      });
      return ((await res.json()) as { data: { records: Array<{ uuid: number; role: number }> } }).data
        .records;
    }, student.account);
    expect(stored).toEqual([expect.objectContaining({ uuid: student.uuid, role: 3 })]);
    await shot(page, 'admin-banned');

    await row.getByRole('button', { name: '解封' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解封' }).click();
    await toast('已解除封禁').waitFor();
    await row.getByText('普通用户').waitFor();
  });

  it("a ban ends the user's session at once; the server refuses the banned login; unban restores it", async () => {
    await asBossOnUsers();
    const student = await newStudent('ban_session');
    await page.getByPlaceholder('按账号、昵称或邮箱搜索').fill(student.account);
    await page.getByPlaceholder('按账号、昵称或邮箱搜索').press('Enter');
    const studentPage = await newPage(env);
    const login = async () => {
      await studentPage.getByPlaceholder('账号或邮箱').fill(student.account);
      await studentPage.getByPlaceholder('密码', { exact: true }).fill(student.password);
      await studentPage.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    };
    await studentPage.goto(`${env.server.url}/user/login`);
    await login();
    await studentPage.waitForURL(/\/home$/);

    const row = page.getByTestId('admin-users').locator('tbody tr', { hasText: student.account });
    await row.getByRole('button', { name: '封禁' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '封禁' }).click();
    await row.getByText('已封禁').waitFor();

    // The page still believes it is logged in; its next picture-list call answers 40101 → /404 (SPEC §8).
    await studentPage.mouse.move(600, 820 - 10);
    await studentPage.getByTestId('bottom-bar').getByRole('button', { name: '设置' }).click();
    await studentPage.waitForURL(/\/404$/);
    expect((await currentUser(studentPage)).uuid).toBe(-1);

    await studentPage.goto(`${env.server.url}/user/login`);
    await login();
    await studentPage.locator('.ant-message-notice-error').first().waitFor();
    expect((await currentUser(studentPage)).uuid).toBe(-1);

    await row.getByRole('button', { name: '解封' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解封' }).click();
    await row.getByText('普通用户').waitFor();
    await studentPage.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await studentPage.waitForURL(/\/home$/);
    expect((await currentUser(studentPage)).uuid).toBe(student.uuid);
    await studentPage.context().close();
  });

  it('the boss creates an admin account, revokes and grants the role', async () => {
    await asBossOnUsers();
    await page.getByRole('menuitem', { name: '管理员管理' }).click();
    await page.waitForURL(/\/admin\/admins$/);
    const table = page.getByTestId('admin-admins');
    await table
      .locator('tr', { hasText: BOSS.account })
      .locator('.ant-tag', { hasText: '超级管理员' })
      .waitFor();
    await page.getByRole('button', { name: '添加管理员账号' }).click();
    const modal = page.locator('.ant-modal', { hasText: '添加管理员账号' });
    const adminAccount = `adm_${stamp}`;
    await modal.getByPlaceholder('4 到 20 位字母、数字或下划线').fill(adminAccount);
    await modal.getByPlaceholder('至少 6 位').fill('Admin-pass-1');
    await modal.getByPlaceholder('再输入一次').fill('Admin-pass-1');
    await modal.getByRole('button', { name: '创建' }).click();
    await toast('管理员账号已创建').waitFor();
    const row = table.locator('tr', { hasText: adminAccount });
    await row.locator('.ant-tag', { hasText: '管理员' }).waitFor();
    await shot(page, 'admin-admins');
    const uuid = Number(await row.locator('td').first().innerText());

    await row.getByRole('button', { name: '撤销管理员' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '撤销' }).click();
    await toast('的管理员权限').waitFor();
    await row.waitFor({ state: 'detached' });

    await page.getByTestId('admin-user-picker').locator('input').fill(adminAccount);
    await page.locator('.ant-select-item-option', { hasText: `用户编号 ${uuid}` }).click();
    await page.getByRole('button', { name: '设为管理员' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
    await toast(`已将「${adminAccount}」设为管理员`).waitFor();
    await table.locator('tr', { hasText: adminAccount }).waitFor();
  });
  it('imports an FPS file as a job: progress, the hidden problems, the warnings, a refusal; kept over a refresh; fits a phone', async () => {
    await page.context().close();
    page = await signedInPage(env, BOSS.account, BOSS.password);
    await page.goto(`${env.server.url}/admin/problems`);
    await page.getByTestId('import-problems').click();
    await page.waitForURL(/\/admin\/problems\/import$/);
    // One problem to look at, and 99 more with long statements: the page shows the import's progress.
    const statement = '<p>给定 <b>n</b> 个整数 $a_i$，求它们的和。</p>'.repeat(300);
    const more = Array.from(
      { length: 99 },
      (_, i) =>
        `<item><title>批量导入 ${i + 1}</title><time_limit unit="s">1</time_limit><memory_limit unit="mb">256</memory_limit>` +
        `<description><![CDATA[${statement}]]></description><test_input>1</test_input><test_output>1</test_output></item>`,
    ).join('');
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><fps version="1.2"><item><title>浏览器导入</title>' +
      '<time_limit unit="s">20</time_limit><memory_limit unit="mb">128</memory_limit>' +
      '<description><![CDATA[<p>求 <b>a+b</b></p>]]></description><sample_input>1 2</sample_input><sample_output>3</sample_output>' +
      `<test_input>1 2</test_input><test_output>3</test_output><source>POJ</source></item>${more}</fps>`;
    const choose = (name: string, buffer: Buffer) =>
      page
        .getByTestId('problem-import')
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
    await choose('problems.xml', Buffer.from(xml));
    await page.getByTestId('import-start').click();
    // The server answers with the job at once; the page follows it (its number in the address).
    await page.waitForURL(/\/admin\/problems\/import\?job=\d+$/);
    await page.getByTestId('import-progress').waitFor();
    await shot(page, 'admin-problem-import-progress');
    const result = page.getByTestId('import-result');
    await result
      .getByText(/已从FPS XML（HUSTOJ \/ QDUOJ）导入 100 道题目（隐藏）/)
      .waitFor({ timeout: 60_000 });
    await page
      .getByTestId('import-warning')
      .filter({ hasText: /时间限制 20000 毫秒超出本站范围/ })
      .waitFor();
    // A refresh loses nothing: the job is the server's.
    await page.reload();
    await result.getByText(/导入 100 道题目（隐藏）/).waitFor();
    await page.getByTestId('import-recent').getByText('problems.xml').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'admin-problem-import');
    await page.setViewportSize({ width: 390, height: 844 });
    // The whole management page fits a phone, its menu folded into the drawer (issue 16).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'admin-problem-import-phone', true);
    const href = await result.locator('a').first().getAttribute('href');
    const id = /\/problems\/(\d+)\/edit/.exec(href ?? '')![1];
    // A package declaring more tests than a problem may have is refused whole, naming the field.
    await page.setViewportSize({ width: 1440, height: 900 });
    await choose('big.zip', await polygonDeclaringMillions());
    await page.getByTestId('import-start').click();
    await page
      .getByTestId('import-error')
      .getByText('题目「声明很多测试点」：测试点数量不能超过 200（problem.xml 的 test-count 为 4000000）')
      .waitFor();
    await shot(page, 'admin-problem-import-refused');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'admin-problem-import-refused-phone', true);
    // Back on the list (desktop): the hidden problem is there and exports as FPS.
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.goto(`${env.server.url}/admin/problems`);
    // The list shows the newest first (issue 29): the package's 99 later problems come before it.
    await page.getByPlaceholder('题号或题目名称').fill('浏览器导入');
    await page.getByPlaceholder('题号或题目名称').press('Enter');
    const row = page.getByTestId('admin-problem-list').locator('tr', { hasText: '浏览器导入' });
    await row.getByText('隐藏').waitFor();
    await shot(page, 'admin-problem-list-export');
    await row.getByTestId('export-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'FPS XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`problem-${id}-fps.xml`);
  });
});
