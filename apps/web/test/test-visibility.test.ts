import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';

// Issue 22 item 7 on the real server and built sites: the record page shows a hidden test's verdict,
// time and memory and says its details are not public, a sample test opens to its data; the
// management site's problem editor sets 测试点详情, and the record page follows it.
let env: Env;
let boss: Page;
let student: Page;
let problemId = 0;
let submissionId = 0;
const stamp = Date.now().toString(36);
const who = { account: `tv_${stamp}`, password: 'Student-pass-1' };
const WRONG_ON_HIDDEN = 'a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)\n';

beforeAll(async () => {
  env = await startEnv();
  await registerViaApi(env, who.account, who.password);
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
    chinese_name: '测试点详情',
    description: '输入 $a$ 和 $b$，输出 $a+b$。',
    difficulty: 0,
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '1 2\n', output: '3\n' }],
    stop_at_first_failure: false,
  });
  expect(added.code, added.message).toBe(0);
  problemId = added.data.problem_id;
  const tests = await pageApi(boss, `/api/problem/algorithm/admin/testCase/add?problem_id=${problemId}`, [
    { input: '1 2\n', output: '3\n' },
    { input: '1000000000 1000000000\n', output: '2000000000\n' },
    { input: '5 7\n', output: '12\n' },
  ]);
  expect(tests.code, tests.message).toBe(0);
  student = await signedInPage(env, who.account, who.password);
  const sent = await pageApi<{ submission_id: number }>(student, '/api/problem/algorithm/judge/submit', {
    problem_id: problemId,
    language: 'Python3',
    source_code: WRONG_ON_HIDDEN,
  });
  expect(sent.code, sent.message).toBe(0);
  submissionId = sent.data.submission_id;
}, 120_000);
afterAll(async () => {
  await student?.context().close();
  await boss?.context().close();
  await env?.close();
});

async function openRecord(page: Page) {
  await page.goto(`${env.server.url}/problems/${problemId}/records/${submissionId}`);
  await expect
    .poll(() => page.getByTestId('record-verdict').getAttribute('data-verdict'), { timeout: 60_000 })
    .toBe('WA');
  return page.getByTestId('test-table');
}

describe('what the record page shows of each test (issue 22)', () => {
  it('a hidden test shows verdict, time and memory only; the sample test opens to its data', async () => {
    await student.setViewportSize({ width: 1440, height: 900 });
    const table = await openRecord(student);
    const rows = table.locator('tbody tr.oj-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => rows.nth(0).getByTestId('sample-test').count()).toBe(1);
    await expect.poll(() => table.getByTestId('test-detail-hidden').count()).toBe(2);
    await rows.nth(1).getByText('WA').waitFor();
    await rows.nth(1).getByText(/ms$/).waitFor();
    // Only the sample row opens.
    await expect
      .poll(() => table.locator('.oj-table-expand').count())
      .toBe(1);
    await rows.nth(0).locator('.oj-table-expand').click();
    const detail = table.getByTestId('test-detail');
    await detail.getByText('期望输出').waitFor();
    expect(await detail.innerText()).toMatch(/输入\s+1 2\s+期望输出\s+3/);
    expect(await student.locator('body').innerText()).not.toMatch(/2000000000|1000000000|期望 /);
    await shot(student, 'record-test-visibility', true);

    await student.setViewportSize({ width: 390, height: 844 });
    await table.getByTestId('test-detail').waitFor();
    await expect.poll(() => noOverflow(student)).toBe(true);
    await shot(student, 'record-test-visibility-phone', true);
    // The table scrolls sideways inside its box on a phone: the hidden test's note is there.
    await table.getByTestId('test-detail-hidden').first().scrollIntoViewIfNeeded();
    await expect.poll(() => table.getByTestId('test-detail-hidden').first().isVisible()).toBe(true);
    await shot(student, 'record-test-visibility-phone-scrolled');
  }, 120_000);

  it('the problem editor sets 测试点详情; with 全部详情 the hidden test opens to its data', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/edit`);
    const group = boss.getByTestId('test-visibility');
    await group.getByRole('radio', { name: '仅样例详情' }).waitFor();
    expect(await group.getByRole('radio', { name: '仅样例详情' }).isChecked()).toBe(true);
    await group.getByText('全部详情').click();
    await boss.getByText(/所有测试点都显示输入、期望输出和评测信息/).waitFor();
    await shot(boss, 'admin-problem-test-visibility');
    await boss.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(boss)).toBe(true);
    await shot(boss, 'admin-problem-test-visibility-phone', true);
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).waitFor();

    await student.setViewportSize({ width: 1440, height: 900 });
    const table = await openRecord(student);
    await expect.poll(() => table.getByTestId('test-detail-hidden').count()).toBe(0);
    const rows = table.locator('tbody tr.oj-table-row');
    await rows
      .nth(1)
      .getByText(/期望 2000000000，得到 0/)
      .waitFor();
    await rows.nth(1).locator('.oj-table-expand').click();
    await table.getByTestId('test-detail').getByText('1000000000 1000000000').waitFor();
    await shot(student, 'record-test-visibility-all', true);
  }, 120_000);
});
