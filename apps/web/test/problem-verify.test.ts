import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, type Env, noOverflow, pageApi, shot, signedInPage, startEnv } from './support';

// Issue 24 item 5 on the real server and built sites: the 题目验证 page lists a problem's jury
// solutions with what they expect and get (judged in the real sandbox), adds one from a file, sets
// the input validator, says why the problem may not be published, and the editor asks before
// forcing it public. On a phone (390 px) nothing scrolls the page sideways.
let env: Env;
let boss: Page;
let problemId = 0;

const MINUS =
  '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);}\n';
const PLUS_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const VALIDATOR = `#include <cstdio>
int main() {
  long long a, b; char sep[2], end[2];
  if (std::scanf("%lld%1[ ]%lld%1[\\n]", &a, sep, &b, end) != 4 || std::getchar() != EOF) {
    std::fputs("FAIL expected two integers on one line", stderr);
    return 3;
  }
  return 0;
}
`;

beforeAll(async () => {
  env = await startEnv();
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
    chinese_name: '两数之和（验证）',
    description: '输入 $a$ 和 $b$，输出 $a+b$。',
    difficulty: 0,
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    visible: false,
    samples: [{ input: '1 2\n', output: '3\n' }],
  });
  expect(added.code, added.message).toBe(0);
  problemId = added.data.problem_id;
  const tests = await pageApi(boss, `/api/problem/algorithm/admin/testCase/add?problem_id=${problemId}`, [
    { input: '1 2\n', output: '3\n' },
    { input: '5 -7\n', output: '-2\n' },
  ]);
  expect(tests.code, tests.message).toBe(0);
  // Labelled as a correct solution, but it subtracts: the validation must call it out.
  const wrong = await pageApi(boss, `/api/problem/algorithm/admin/jury/add?problem_id=${problemId}`, {
    name: 'minus.cpp',
    language: 'C++',
    source: MINUS,
    expected: ['AC'],
  });
  expect(wrong.code, wrong.message).toBe(0);
}, 120_000);
afterAll(async () => {
  await boss?.context().close();
  await env?.close();
});

const toast = (text: string) => boss.locator('.ant-message-notice', { hasText: text }).first();
const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

async function problemVisible(): Promise<boolean> {
  const r = await pageApi<{ visible: boolean }>(
    boss,
    `/api/problem/algorithm/admin/jury/list?problem_id=${problemId}`,
  );
  return r.data.visible;
}

describe('题目验证 (issue 24)', () => {
  it('shows each solution against what it expects, adds one from a file, sets the validator', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/verify`);
    const summary = boss.getByTestId('verify-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 60_000 }).toBe('error');
    await boss.getByText('解法「minus.cpp」期望 AC，实际 WA').waitFor();

    await boss.getByTestId('add-solution').click();
    await boss.locator('.ant-drawer-open input[type=file]').setInputFiles(file('main.py', PLUS_PY));
    await expect.poll(() => boss.getByTestId('solution-name').inputValue()).toBe('main.py');
    await boss.getByTestId('save-solution').click();
    await toast('解法已添加').waitFor();
    const states = () =>
      boss.getByTestId('solution-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
    await expect.poll(states, { timeout: 60_000 }).toEqual(['disagree', 'agree']);
    await boss.getByText(/最慢的正确解「main\.py」\d+ ms \/ 时限 1000 ms/).waitFor();
    await expect.poll(() => summary.getAttribute('data-state')).toBe('error');

    await boss.getByTestId('edit-validator').click();
    await boss.locator('.ant-drawer-open input[type=file]').setInputFiles(file('validator.cpp', VALIDATOR));
    await boss.getByTestId('save-validator').click();
    await boss.getByTestId('validator-checked').getByText('现有 2 组测试数据均通过校验').waitFor();
    await expect.poll(() => boss.getByTestId('validator-source').textContent()).toContain('two integers');
    await shot(boss, 'problem-verify-desktop', true);
  }, 180_000);

  it('fits a 390 px phone: the tables scroll inside their own box', async () => {
    await boss.setViewportSize({ width: 390, height: 844 });
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/verify`);
    await boss.getByTestId('solution-row').first().waitFor();
    await expect.poll(() => noOverflow(boss)).toBe(true);
    const box = boss.locator('.verify-table .ant-table-content, .verify-table .ant-table-body').first();
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await shot(boss, 'problem-verify-phone', true);
    await boss.getByTestId('add-solution').click();
    await boss.getByTestId('save-solution').waitFor();
    // The drawer, once slid in, is the phone's width at most: its save button is on screen.
    const panel = boss.locator('.ant-drawer-open .ant-drawer-content-wrapper');
    await expect
      .poll(async () => (await panel.boundingBox()) ?? { x: -1, width: 0 })
      .toMatchObject({ x: 0, width: 390 });
    expect(await boss.getByTestId('save-solution').isVisible()).toBe(true);
    await expect.poll(() => noOverflow(boss)).toBe(true);
    await shot(boss, 'problem-verify-phone-drawer');
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/edit`);
    await boss.getByTestId('open-verify').waitFor();
    await expect.poll(() => noOverflow(boss)).toBe(true);
  }, 120_000);

  it('the editor asks before publishing a problem whose validation fails, and forces only when told', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/edit`);
    const visible = boss.locator('.ant-form-item', { hasText: '对用户可见' }).getByRole('switch');
    await visible.waitFor();
    expect(await visible.getAttribute('aria-checked')).toBe('false');
    await visible.click();
    await boss.getByTestId('save-problem').click();
    const dialog = boss.locator('.ant-modal-confirm', { hasText: '题目验证未通过，仍要公开？' });
    await dialog.getByText('解法「minus.cpp」期望 AC，实际 WA', { exact: false }).waitFor();
    await shot(boss, 'problem-verify-force-dialog');
    await dialog.getByRole('button', { name: '先不公开' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await problemVisible()).toBe(false);

    await boss.getByTestId('save-problem').click();
    await boss.locator('#force-publish').click();
    await toast('题目已保存').waitFor();
    expect(await problemVisible()).toBe(true);
  }, 120_000);
});
