import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';

// Issue 24 item 6 on the real server and built sites: the management site's problem editor sets
// 忽略大小写 and 输出限制; the problem page states them; the judge follows them (YES = yes, OLE past
// the limit).
let env: Env;
let boss: Page;
let student: Page;
let problemId = 0;
const stamp = Date.now().toString(36);
const who = { account: `js_${stamp}`, password: 'Student-pass-1' };

beforeAll(async () => {
  env = await startEnv();
  await registerViaApi(env, who.account, who.password);
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
    chinese_name: '判断奇偶',
    description: '输入 $n$，是奇数输出 YES，否则输出 NO。',
    difficulty: 0,
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '3\n', output: 'yes\n' }],
  });
  expect(added.code, added.message).toBe(0);
  problemId = added.data.problem_id;
  const tests = await pageApi(boss, `/api/problem/algorithm/admin/testCase/add?problem_id=${problemId}`, [
    { input: '3\n', output: 'yes\n' },
    { input: '4\n', output: 'no\n' },
  ]);
  expect(tests.code, tests.message).toBe(0);
  student = await signedInPage(env, who.account, who.password);
}, 120_000);
afterAll(async () => {
  await student?.context().close();
  await boss?.context().close();
  await env?.close();
});

async function verdictOf(source: string): Promise<string> {
  const sent = await pageApi<{ submission_id: number }>(student, '/api/problem/algorithm/judge/submit', {
    problem_id: problemId,
    language: 'Python3',
    source_code: source,
  });
  expect(sent.code, sent.message).toBe(0);
  await student.goto(`${env.server.url}/problems/${problemId}/records/${sent.data.submission_id}`);
  const line = student.getByTestId('record-verdict');
  await expect.poll(() => line.getAttribute('data-verdict'), { timeout: 60_000 }).toMatch(/^(?!PD$)\w+$/);
  return (await line.getAttribute('data-verdict')) ?? '';
}

const UPPER = 'print("YES" if int(input()) % 2 else "NO")\n';
const FLOOD = 'import sys\nsys.stdout.write("x" * (3 << 20))\n';

describe('letter case and output limit in the problem editor (issue 24)', () => {
  it('case matters and the output limit is 64 MiB until the editor says otherwise', async () => {
    expect(await verdictOf(UPPER)).toBe('WA');
    expect(await verdictOf(FLOOD)).toBe('WA');
  }, 120_000);

  it('the editor sets 忽略大小写 and 输出限制; the problem page says so; the judge follows', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/edit`);
    const caseSwitch = boss.getByTestId('case-insensitive');
    await caseSwitch.waitFor();
    expect(await caseSwitch.getAttribute('aria-checked')).toBe('false');
    expect(await boss.getByTestId('output-limit').inputValue()).toBe('64');
    await caseSwitch.click();
    await boss.getByTestId('output-limit').fill('2');
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).waitFor();
    await boss.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(boss)).toBe(true);
    await shot(boss, 'admin-problem-judge-settings-phone', true);

    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/problems/algorithm/${problemId}`);
    await student.getByText('逐行比较（忽略大小写）').waitFor();
    await student.getByText('2.0 MiB').waitFor();
    await shot(student, 'problem-judge-settings');

    expect(await verdictOf(UPPER)).toBe('AC');
    expect(await verdictOf(FLOOD)).toBe('OLE');

    // Reopened, the editor shows what was saved.
    await boss.goto(`${env.server.url}/admin/problems/${problemId}/edit`);
    await caseSwitch.waitFor();
    expect(await caseSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await boss.getByTestId('output-limit').inputValue()).toBe('2');
  }, 180_000);

  it("an edit keeps a special checker's files and protocol (an imported Kattis validator)", async () => {
    const files = [{ name: 'validate.h', content: '// the package header\n' }];
    const checker = {
      kind: 'special',
      source: '#include "validate.h"\nint main() { return 42; }\n',
      files,
      protocol: 'kattis',
    };
    const added = await pageApi<{ problem_id: number }>(boss, '/api/problem/algorithm/admin/add', {
      chinese_name: '校验器',
      description: '任意输出。',
      difficulty: 0,
      source_name: 'original',
      time_limit: 1000,
      memory_limit: 256,
      checker,
    });
    expect(added.code, added.message).toBe(0);
    const id = added.data.problem_id;
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${id}/edit`);
    const protocol = boss.getByTestId('checker-protocol');
    await protocol.getByRole('radio', { name: 'Kattis 输出校验器' }).waitFor();
    expect(await protocol.getByRole('radio', { name: 'Kattis 输出校验器' }).isChecked()).toBe(true);
    await boss.getByText('随评测器一起编译的文件：validate.h').waitFor();
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).waitFor();
    const stored = await pageApi<{ checker: { files: unknown; protocol: string; source: string } }>(
      boss,
      `/api/problem/algorithm/search/problemId?problem_id=${id}`,
    );
    expect(stored.data.checker).toMatchObject({ files, protocol: 'kattis', source: checker.source });
  }, 120_000);
});
