import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import yazl from 'yazl';
import {
  aceIn,
  BOSS,
  newPage,
  pageApi,
  pickNative,
  registerViaApi,
  shot,
  shownCode,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// The problem bank on the real server (demo problems seeded, judge in-process, real sandbox) and the
// real built dist: a student filters the bank, solves A+B in the editor, runs a custom test, submits,
// watches the verdict arrive live and opens the record; an admin creates a problem with a zip of tests
// and finds it in the bank. Each case starts on a fresh page (signed in as the student) and makes
// what it needs: the cases pass in any order, and alone.
let env: Env;
let page: Page;
const stamp = Date.now().toString(36);
const student = { account: `solver_${stamp}`, password: 'Solver-pass-1' };

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, student.account, student.password);
});
beforeEach(async () => {
  page = await signedInPage(env, student.account, student.password);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-problems-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});
afterAll(async () => {
  await env?.close();
});

/** Replaces the whole content of the Ace editor as a paste (no auto-closing brackets). */
async function typeInEditor(p: Page, code: string) {
  await (await aceIn(p)).click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  await p.keyboard.insertText(code);
}

const PY_AB = 'print(sum(map(int, open(0).read().split())))';

/** The solving page of A+B with the Python3 solution in the editor. */
async function openAPlusBInPython(p: Page) {
  await p.goto(`${env.server.url}/problems/algorithm/1000`);
  await pickNative(p, 'language-select', 'Python3');
  await typeInEditor(p, PY_AB);
}

describe('problem bank, user site', () => {
  it('logs in and shows the bank with the daily problem, sums and difficulty colours', async () => {
    await page.context().close();
    page = await newPage(env); // signs in through the form
    await page.goto(`${env.server.url}/user/login`);
    await page.getByPlaceholder('账号或邮箱').fill(student.account);
    await page.getByPlaceholder('密码', { exact: true }).fill(student.password);
    await page.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
    await page.waitForURL(/\/home$/);

    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('problem-bank').waitFor();
    await page.getByTestId('problem-link').first().waitFor();
    expect(await page.getByTestId('problem-link').count()).toBe(10); // ten demo problems, page size 10
    await page.getByTestId('daily-card').locator('a').waitFor();
    await page.getByTestId('difficulty-sums').getByText('已解决').waitFor();
    await expect.poll(() => page.title()).toBe('题库 - 字节OJ');
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'problems-bank', true);
  });

  it('filters by keyword and difficulty, keeping the filters in the address', async () => {
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('problem-link').first().waitFor();
    await page.getByTestId('bank-keyword').locator('input').fill('A+B');
    await page.getByTestId('bank-keyword').locator('input').press('Enter');
    await page.waitForURL(/keyword=A%2BB/);
    await expect.poll(() => page.getByTestId('problem-link').count()).toBe(1);
    await page.getByTestId('problem-link').getByText('1000. A+B 问题').waitFor();
    await page.getByTestId('bank-difficulty').getByText('困难', { exact: true }).click();
    await page.waitForURL(/difficulty=2/);
    await page.getByText('没有符合条件的题目').waitFor();
    await page.getByTestId('bank-difficulty').getByText('简单', { exact: true }).click();
    await page.waitForURL(/difficulty=0/);
    await page.getByTestId('problem-link').getByText('1000. A+B 问题').waitFor();
    // The tag picker (by category) narrows further: A+B carries 模拟.
    await page.getByTestId('tag-picker-button').click();
    await page
      .getByTestId('tag-picker')
      .locator('.oj-tag-checkable', { hasText: /^模拟$/ })
      .first()
      .click();
    await page.waitForURL(/tagsList=\d+/);
    await page.getByTestId('problem-link').getByText('1000. A+B 问题').waitFor();
    await page.keyboard.press('Escape');
  });

  it('opens the problem: statement with KaTeX and samples, the editor with the a+b template', async () => {
    // Ace (a third of the page) loads when the writer comes to the editor, not with the page.
    const aceAsked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/AceCode-/.test(r.url())) aceAsked.push(r.url());
    });
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('problem-link').getByText('1000. A+B 问题').click();
    await page.waitForURL(/\/problems\/algorithm\/1000$/);
    await page.getByTestId('statement').locator('.katex').first().waitFor();
    // The samples are written in this statement: shown once, each block with a working copy button.
    expect(await page.getByTestId('sample').count()).toBe(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    // Centre the button first: within 50 px of the window bottom the mouse would slide the bottom bar over it.
    const copy = page.getByTestId('statement').locator('.oj-copy').first();
    await copy.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await copy.click();
    await page.locator('.ant-message-notice', { hasText: '已复制' }).first().waitFor();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe('1 2');
    await expect.poll(() => shownCode(page)).toContain('main');
    expect(aceAsked).toEqual([]);
    await page.getByTestId('code-plain').hover();
    await expect.poll(() => aceAsked.length).toBe(1);
    await page.locator('.ace_content').waitFor();
    await expect.poll(() => page.locator('.ace_content').first().innerText()).toContain('main');
    await shot(page, 'problems-solve');
  });

  it('switches to Python3, types code, runs a custom test', async () => {
    await openAPlusBInPython(page);
    await page.getByTestId('custom-input').fill('3 4');
    await page.getByTestId('run-test').click();
    await expect
      .poll(async () => (await page.getByTestId('custom-output').innerText()).trim(), { timeout: 45_000 })
      .toBe('7');
    await page.getByTestId('custom-result').locator('[data-verdict="AC"]').waitFor();
  });

  it('submits and watches the verdict arrive live (AC with every test listed)', async () => {
    await openAPlusBInPython(page);
    const stream = page.waitForRequest(/\/api\/problem\/algorithm\/records\/stream\?submission_id=\d+/);
    await page.getByTestId('submit').click();
    await stream; // the verdict comes over Server-Sent Events, not by polling
    await page.getByTestId('live-result').waitFor();
    await page.locator('[data-testid="final-verdict"][data-verdict="AC"]').waitFor({ timeout: 60_000 });
    const rows = await page.getByTestId('live-result').locator('tbody tr').count();
    expect(rows).toBeGreaterThan(1);
    await shot(page, 'problems-live-verdict');
  });

  it('keeps the code when the user leaves and comes back', async () => {
    await openAPlusBInPython(page);
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('problem-bank').waitFor();
    await page.goBack();
    await page.waitForURL(/\/problems\/algorithm\/1000$/);
    await expect.poll(() => shownCode(page)).toContain('open(0)');
  });

  it('arrives with its statement before the scripts; code typed then goes on in the editor', async () => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // The scripts are held until the reader has typed: what shows meanwhile is the server's HTML.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.server.url}/problems/algorithm/1001`, { waitUntil: 'commit' });
    const layer = page.locator('#oj-prerender');
    await layer.getByText('1001. 斐波那契数列取模').waitFor();
    await layer.locator('.oj-markdown .katex').first().waitFor(); // math typeset by the server
    await layer.locator('#oj-prerender-code').fill('// 先写思路：矩阵快速幂');
    await shot(page, 'problems-first-paint');
    release();
    // The page takes over: the layer goes, the statement is the page's own, the code is in the
    // editor, and in Ace once the writer comes back to it.
    await page.getByTestId('statement').locator('.katex').first().waitFor();
    expect(await layer.count()).toBe(0);
    await expect.poll(() => shownCode(page)).toContain('矩阵快速幂');
    await expect.poll(async () => (await aceIn(page)).innerText()).toContain('矩阵快速幂');
    expect(violations).toEqual([]);
  });

  it('opens the record: verdict, per-test table, own source code highlighted', async () => {
    const sent = await pageApi<{ submission_id: number }>(page, '/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: PY_AB,
    });
    expect(sent.code, sent.message).toBe(0);
    await page.goto(`${env.server.url}/problems/algorithm/1000`);
    await page.getByRole('tab', { name: '我的提交' }).click();
    await page.getByTestId('my-submissions').locator('a', { hasText: '#' }).first().click();
    await page.waitForURL(/\/problems\/1000\/records\/\d+$/);
    await page.locator('[data-testid="record-verdict"][data-verdict="AC"]').waitFor();
    expect(await page.getByTestId('test-table').locator('tbody tr').count()).toBeGreaterThan(1);
    await page.getByTestId('code-view').getByText('open').first().waitFor();
    // Coloured by the server: the page loads highlight.js's colours, not the highlighter or a grammar.
    await page.getByTestId('code-view').locator('.hljs-built_in').first().waitFor();
    const chunks = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(chunks.filter((n) => /\/hljs-(?!theme)\w+-[\w-]+\.js$/.test(n))).toEqual([]);
    expect(chunks.some((n) => /\/hljs-theme-[\w-]+\.css$/.test(n))).toBe(true);
    // A new user has no rated contest: the author's name is unrated (black, 未评级), not the 1400 tier.
    const author = page.getByTestId('record-author').locator('.oj-rating-name');
    expect(await author.innerText()).toBe(student.account);
    expect(await author.getAttribute('data-tier')).toBe('未评级');
    expect(await author.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(0, 0, 0)');
    await expect.poll(() => page.title()).toBe('提交记录 - 字节OJ');
    await shot(page, 'problems-record', true);
  });
});

describe('math / 408, user site', () => {
  it('lists the math/408 bank and answers a single-choice question (math in options, explanation after)', async () => {
    await page.goto(`${env.server.url}/problems?bank=math408`);
    await page.getByTestId('math408-bank').getByTestId('question-link').first().waitFor();
    await page.getByTestId('question-link').filter({ hasText: '等价无穷小' }).click();
    await page.waitForURL(/\/problems\/math408\/1$/);
    await page.getByTestId('math408-page').locator('.katex').first().waitFor();
    await page.locator('.oj-option', { hasText: 'C.' }).click();
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('answer-outcome').getByText('回答正确').waitFor();
    await page.getByTestId('reference').getByText('正确答案：C').waitFor();
    await shot(page, 'problems-math408', true);
  });
});

function testsZip(pairs: [string, string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  pairs.forEach(([input, output], i) => {
    zip.addBuffer(Buffer.from(input), `${i + 1}.in`);
    zip.addBuffer(Buffer.from(output), `${i + 1}.out`);
  });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('problem management, admin site', () => {
  let admin: Page;
  let problems = 0;
  beforeEach(async () => {
    admin = await signedInPage(env, BOSS.account, BOSS.password);
  });
  afterEach(async () => {
    await admin.context().close();
  });

  /** A problem of this case alone (named `title`) with two tests, made through the admin API. */
  async function problemWithTests(title: string): Promise<number> {
    const added = await pageApi<{ problem_id: number }>(admin, '/api/problem/algorithm/admin/add', {
      chinese_name: title,
      english_name: `Difference ${stamp} ${++problems}`,
      description: '输入 $a$ 和 $b$，输出 $a-b$。',
      difficulty: 0,
      tags_list: [],
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      samples: [],
    });
    expect(added.code, added.message).toBe(0);
    const id = added.data.problem_id;
    const tests = await pageApi(admin, `/api/problem/algorithm/admin/testCase/add?problem_id=${id}`, [
      { input: '5 3\n', output: '2\n' },
      { input: '1 10\n', output: '-9\n' },
    ]);
    expect(tests.code, tests.message).toBe(0);
    return id;
  }

  it('creates a problem in the editor with a live preview, then uploads a zip of tests', async () => {
    const title = `两数之差 ${stamp}`;
    await admin.context().close();
    admin = await newPage(env); // signs in through the management site's form
    await admin.goto(`${env.server.url}/admin/login`);
    await admin.getByPlaceholder('账号或邮箱').fill(BOSS.account);
    await admin.getByPlaceholder('密码', { exact: true }).fill(BOSS.password);
    await admin.getByRole('button', { name: '登陆管理中心' }).click();
    await admin.waitForURL(/\/admin\/users$/);
    await admin.getByRole('menuitem', { name: '题目管理' }).click();
    await admin.getByTestId('admin-problem-list').locator('tbody tr').first().waitFor();
    await admin.getByTestId('new-problem').click();
    await admin.waitForURL(/\/admin\/problems\/new$/);
    await admin.getByPlaceholder('例如：A+B 问题').fill(title);
    // The statement template has math: the preview renders it with KaTeX.
    await admin.getByTestId('markdown-preview').locator('.katex').first().waitFor();
    await admin.getByTestId('save-problem').click();
    await admin.waitForURL(/\/admin\/problems\/\d+\/edit$/);
    const problemId = Number(/problems\/(\d+)\/edit/.exec(admin.url())![1]);
    expect(problemId).toBeGreaterThan(1009);

    const zipPath = join(env.dataDir, 'tests.zip');
    writeFileSync(
      zipPath,
      await testsZip([
        ['5 3\n', '2\n'],
        ['1 10\n', '-9\n'],
      ]),
    );
    await admin.getByTestId('test-data').locator('input[type=file]').setInputFiles(zipPath);
    await admin.locator('.ant-message-notice', { hasText: '已上传 2 组测试数据' }).waitFor();
    await expect.poll(() => admin.getByTestId('test-data').locator('tbody tr.ant-table-row').count()).toBe(2);
    await admin
      .getByTestId('test-data')
      .locator('tbody tr.ant-table-row')
      .first()
      .locator('.ant-table-row-expand-icon')
      .click();
    await admin.getByTestId('test-data').getByText('5 3').first().waitFor();
    await shot(admin, 'admin-problem-editor', true);
  });

  it('edits the tests as a list, rejudges the problem and sets it as the daily problem', async () => {
    const title = `列表编辑 ${stamp}`;
    const id = await problemWithTests(title);
    await admin.goto(`${env.server.url}/admin/problems/${id}/edit`);
    await admin.getByTestId('test-data').getByText('5 3').first().waitFor({ state: 'attached' });
    await expect.poll(() => admin.getByTestId('test-data').locator('tbody tr.ant-table-row').count()).toBe(2);
    await admin.getByRole('button', { name: '按列表编辑' }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('button', { name: '添加一组' }).click();
    await drawer.getByPlaceholder('输入').nth(2).fill('7 7\n');
    await drawer.getByPlaceholder('输出').nth(2).fill('0\n');
    await drawer.getByRole('button', { name: '保存（替换全部）' }).click();
    await admin.locator('.ant-message-notice', { hasText: '测试数据已保存：3 组' }).waitFor();
    await expect.poll(() => admin.getByTestId('test-data').locator('tbody tr.ant-table-row').count()).toBe(3);

    await admin.getByRole('button', { name: '重判全部提交' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: '重判' }).click();
    await admin.locator('.ant-message-notice', { hasText: '已重新加入评测队列：0 个提交' }).waitFor();

    await admin.getByRole('button', { name: '返回列表' }).click();
    await admin.waitForURL(/\/admin\/problems$/);
    await admin.getByPlaceholder('题号或题目名称').fill(title);
    await admin.getByPlaceholder('题号或题目名称').press('Enter');
    const row = admin.getByTestId('admin-problem-list').locator('tbody tr', { hasText: title });
    await row.getByRole('button', { name: '设为每日一题' }).click();
    await admin.locator('.ant-popover').getByRole('button', { name: '确定' }).click();
    await admin.locator('.ant-message-notice', { hasText: '今日每日一题' }).waitFor();
  });

  it('the editor switches stop-at-first-failure off and on (issue 17)', async () => {
    const id = await problemWithTests(`遇错即停 ${stamp}`);
    const stops = async () =>
      (
        await pageApi<{ stop_at_first_failure: boolean }>(
          admin,
          `/api/problem/algorithm/search/problemId?problem_id=${id}`,
          undefined,
          'GET',
        )
      ).data.stop_at_first_failure;
    expect(await stops()).toBe(true);
    await admin.goto(`${env.server.url}/admin/problems/${id}/edit`);
    const toggle = admin.getByTestId('stop-at-first-failure');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await admin.getByTestId('save-problem').click();
    await admin.locator('.ant-message-notice', { hasText: '题目已保存' }).first().waitFor();
    await expect.poll(stops).toBe(false);
    await admin.reload();
    await expect
      .poll(() => admin.getByTestId('stop-at-first-failure').getAttribute('aria-checked'))
      .toBe('false');
    await shot(admin, 'admin-problem-editor-judge-mode', true);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByTestId('stop-at-first-failure').scrollIntoViewIfNeeded();
    // The admin layout keeps its 208 px menu at any width (the admin site is desktop-only): only
    // the editor's own rows wrap at this width (xs columns), looked at in this screenshot.
    await shot(admin, 'admin-problem-editor-judge-mode-390');
    await admin.setViewportSize({ width: 1440, height: 900 });
  });

  it('the new problem is in the bank and is the daily problem', async () => {
    const title = `每日一题 ${stamp}`;
    const id = await problemWithTests(title);
    expect((await pageApi(admin, `/api/problem/algorithm/set/daily?problem_id=${id}`)).code).toBe(0);
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('daily-card').getByText(title).waitFor();

    await page.goto(`${env.server.url}/problems?keyword=${encodeURIComponent(title)}`);
    await page.getByTestId('problem-link').getByText(title).waitFor();
  });
});
