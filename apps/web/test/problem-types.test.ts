import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, type Env, noOverflow, pageApi, registerViaApi, shot, signedInPage, startEnv } from './support';

// Issue 24 on the real server and built sites: the management site's problem editor sets subtasks
// and an interactive problem, which round-trip; the problem page states type, files, grader and
// scoring; a record shows its subtasks' scores; an output-only problem takes uploaded answers.
let env: Env;
let boss: Page;
let student: Page;
const stamp = Date.now().toString(36);
const who = { account: `pt_${stamp}`, password: 'Student-pass-1' };
const P = '/api/problem/algorithm';

const sumTests = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ input: `${i + 1} 1\n`, output: `${i + 2}\n` }));

async function addProblem(name: string, tests: { input: string; output: string }[], over: object = {}) {
  const added = await pageApi<{ problem_id: number }>(boss, `${P}/admin/add`, {
    chinese_name: name,
    description: '输入 $a$ 和 $b$，输出 $a+b$。',
    difficulty: 0,
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    ...over,
  });
  expect(added.code, added.message).toBe(0);
  const id = added.data.problem_id;
  const up = await pageApi(boss, `${P}/admin/testCase/add?problem_id=${id}`, tests);
  expect(up.code, up.message).toBe(0);
  return id;
}

interface Judging {
  type: string;
  file_io: unknown;
  interactor: { source: string; files?: { name: string }[]; protocol?: string } | null;
  grader: unknown;
  scoring: unknown;
}
const judgingOf = async (id: number) =>
  (await pageApi<{ judging: Judging }>(boss, `${P}/search/problemId?problem_id=${id}`, undefined, 'GET')).data
    .judging;

const INTERACTOR = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt(), secret = inf.readInt();
  printf("%d\\n", n); fflush(stdout);
  for (int q = 1; q <= 10; q++) {
    std::string op = ouf.readWord();
    int x = ouf.readInt(1, n, "x");
    if (op == "!") { if (x == secret) quitf(_ok, "found"); quitf(_wa, "wrong guess"); }
    printf("%s\\n", secret > x ? "higher" : secret < x ? "lower" : "equal"); fflush(stdout);
  }
  quitf(_wa, "too many queries");
}
`;
const GUESS = `#include <stdio.h>
int main(void){int n;char r[16];scanf("%d",&n);int lo=1,hi=n;
while(lo<=hi){int m=(lo+hi)/2;printf("? %d\\n",m);fflush(stdout);scanf("%15s",r);
if(r[0]=='e'){printf("! %d\\n",m);fflush(stdout);return 0;}if(r[0]=='h')lo=m+1;else hi=m-1;}return 0;}
`;
// a + b, one too many when a is 3: test 3 is wrong.
const SUM_OFF_AT_3 = 'a, b = map(int, input().split())\nprint(a + b + (a == 3))\n';

let subtaskProblem = 0;
let interactiveProblem = 0;

beforeAll(async () => {
  env = await startEnv();
  await registerViaApi(env, who.account, who.password);
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  student = await signedInPage(env, who.account, who.password);
  subtaskProblem = await addProblem('子任务加法', sumTests(4), { stop_at_first_failure: false });
  interactiveProblem = await addProblem('猜数', [
    { input: '100 37\n', output: '\n' },
    { input: '100 64\n', output: '\n' },
  ]);
}, 120_000);
afterAll(async () => {
  await student?.context().close();
  await boss?.context().close();
  await env?.close();
});

async function waitVerdict(page: Page, problemId: number, submissionId: number) {
  await page.goto(`${env.server.url}/problems/${problemId}/records/${submissionId}`);
  const line = page.getByTestId('record-verdict');
  await expect.poll(() => line.getAttribute('data-verdict'), { timeout: 90_000 }).toMatch(/^(?!PD$)\w+$/);
  return (await line.getAttribute('data-verdict')) ?? '';
}

describe('problem types and scoring on the sites (issue 24)', () => {
  it('the editor sets subtasks (with Chinese validation) and they round-trip', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${subtaskProblem}/edit`);
    const mode = boss.getByTestId('scoring-mode');
    await mode.getByText('按子任务').click();
    const table = boss.getByTestId('subtasks-table');
    for (let i = 0; i < 3; i++) await boss.getByTestId('add-subtask').click();
    const points = table.getByLabel('分值');
    const tests = table.getByLabel('测试点');
    const deps = table.getByLabel('依赖子任务');
    await points.nth(0).fill('20');
    await tests.nth(0).fill('1');
    await points.nth(1).fill('30');
    await tests.nth(1).fill('2-3');
    await deps.nth(1).fill('1');
    await points.nth(2).fill('50');
    await tests.nth(2).fill('3-9x');
    await deps.nth(2).fill('2');
    await boss.getByTestId('save-problem').click();
    await boss.getByText('无法识别「3-9x」：测试点编号写作 3 或 1-5，用逗号分隔').waitFor();
    await tests.nth(2).fill('3-4');
    await boss.getByLabel('满分', { exact: true }).fill('90');
    await boss.getByTestId('save-problem').click();
    await boss.getByText('子任务分值之和（100）必须等于满分（90）').waitFor();
    await boss.getByLabel('满分', { exact: true }).fill('');
    // Subtask 2 sums its tests' shares.
    await table.getByLabel('计分').nth(1).click();
    await boss.locator('.ant-select-item-option', { hasText: '按测试点累加' }).click();
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).waitFor();
    expect(await judgingOf(subtaskProblem)).toMatchObject({
      type: 'batch',
      scoring: {
        subtasks: [
          { points: 20, tests: [1] },
          { points: 30, tests: [2, 3], scoring: 'sum', dependencies: [1] },
          { points: 50, tests: [3, 4], dependencies: [2] },
        ],
      },
    });
    await shot(boss, 'admin-problem-subtasks', true);
    await boss.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(boss)).toBe(true);
    await shot(boss, 'admin-problem-subtasks-phone', true);

    // Reopened: the table shows what was saved, and saving again changes nothing.
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${subtaskProblem}/edit`);
    await expect.poll(() => tests.nth(1).inputValue()).toBe('2-3');
    expect(await tests.nth(2).inputValue()).toBe('3-4');
    expect(await deps.nth(2).inputValue()).toBe('2');
    const before = await judgingOf(subtaskProblem);
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).last().waitFor();
    expect(await judgingOf(subtaskProblem)).toEqual(before);
  }, 180_000);

  it('the editor makes an interactive problem; it round-trips and judges', async () => {
    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${interactiveProblem}/edit`);
    await boss.getByTestId('judging-type').getByText('交互题').click();
    await boss.getByTestId('interactor-source').fill(INTERACTOR);
    await boss
      .getByTestId('interactor-files')
      .locator('input[type=file]')
      .setInputFiles({ name: 'guess_notes.h', mimeType: 'text/plain', buffer: Buffer.from('// notes\n') });
    await boss.getByTestId('interactor-files').getByLabel('文件名').waitFor();
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).waitFor();
    const stored = await judgingOf(interactiveProblem);
    expect(stored.type).toBe('interactive');
    expect(stored.interactor?.source).toBe(INTERACTOR);
    expect(stored.interactor?.files).toEqual([{ name: 'guess_notes.h', content: '// notes\n' }]);
    await boss.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(boss)).toBe(true);
    await shot(boss, 'admin-problem-interactive-phone', true);

    await boss.setViewportSize({ width: 1440, height: 900 });
    await boss.goto(`${env.server.url}/admin/problems/${interactiveProblem}/edit`);
    await expect
      .poll(() => boss.getByTestId('judging-type').getByRole('radio', { name: '交互题' }).isChecked())
      .toBe(true);
    expect(await boss.getByTestId('interactor-source').inputValue()).toBe(INTERACTOR);
    await boss.getByTestId('save-problem').click();
    await boss.locator('.ant-message-notice', { hasText: '题目已保存' }).last().waitFor();
    expect(await judgingOf(interactiveProblem)).toEqual(stored);

    // The problem page says what kind of problem it is and how to talk to the interactor.
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/problems/algorithm/${interactiveProblem}`);
    await student.getByTestId('problem-type').getByText('交互题').waitFor();
    await student
      .getByTestId('interactive-note')
      .getByText(/刷新缓冲区/)
      .waitFor();
    await shot(student, 'problem-interactive');
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(student)).toBe(true);

    const sent = await pageApi<{ submission_id: number }>(student, `${P}/judge/submit`, {
      problem_id: interactiveProblem,
      language: 'C',
      source_code: GUESS,
    });
    expect(sent.code, sent.message).toBe(0);
    expect(await waitVerdict(student, interactiveProblem, sent.data.submission_id)).toBe('AC');
  }, 180_000);

  it('the problem page shows the scoring, file names and grader headers', async () => {
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/problems/algorithm/${subtaskProblem}`);
    const scoring = student.getByTestId('scoring-info');
    await scoring.getByTestId('full-score').getByText('100').waitFor();
    const rows = scoring.getByTestId('statement-subtasks').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toMatch(/2\s+2-3\s+30\s+按测试点累加\s+1/);
    await shot(student, 'problem-subtasks', true);

    const header = 'long long add(long long a, long long b);\n';
    const graded = await addProblem('文件与评测程序', sumTests(2), {
      judging: {
        file_io: { input: 'sum.in', output: 'sum.out' },
        grader: {
          files: [
            { name: 'grader.cpp', content: '#include "add.h"\nint main(){}\n' },
            { name: 'add.h', content: header },
          ],
          submission_name: 'add.cpp',
        },
      },
    });
    await student.goto(`${env.server.url}/problems/algorithm/${graded}`);
    await student
      .getByTestId('file-io-note')
      .getByText(/从\s*sum\.in\s*读入，输出到\s*sum\.out/)
      .waitFor();
    const grader = student.getByTestId('grader-note');
    await grader.getByText('add.cpp').waitFor();
    await grader.getByText(/grader 的源文件（grader\.cpp）不公开/).waitFor();
    await grader.getByText('add.h').click();
    await grader.getByText(header.trim()).waitFor();
    // Only C and C++ can be compiled with a grader: the language switch offers nothing else.
    const options = student.getByTestId('language-select').locator('option');
    await expect.poll(async () => (await options.allTextContents()).sort()).toEqual(['C', 'C++']);
    await shot(student, 'problem-file-io-grader', true);
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(student)).toBe(true);
    await shot(student, 'problem-file-io-grader-phone', true);
  }, 120_000);

  it('a record shows its score and each subtask (skipped and blocked ones too)', async () => {
    const sent = await pageApi<{ submission_id: number }>(student, `${P}/judge/submit`, {
      problem_id: subtaskProblem,
      language: 'Python3',
      source_code: SUM_OFF_AT_3,
    });
    expect(sent.code, sent.message).toBe(0);
    await student.setViewportSize({ width: 1440, height: 900 });
    expect(await waitVerdict(student, subtaskProblem, sent.data.submission_id)).toBe('WA');
    // Subtask 1 full (20), subtask 2 half its tests (15), subtask 3 blocked by 2.
    await student.getByTestId('record-score').getByText('35 / 100').waitFor();
    const rows = student.getByTestId('subtask-table').locator('tbody tr.oj-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).getByTestId('subtask-score').innerText()).toBe('20');
    expect(await rows.nth(1).getByTestId('subtask-score').innerText()).toBe('15');
    expect(await rows.nth(2).getByTestId('subtask-score').innerText()).toBe('0');
    await rows.nth(2).getByTestId('subtask-blocked').getByText('依赖的子任务 2 未满分，不得分').waitFor();
    await shot(student, 'record-subtasks', true);
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(student)).toBe(true);
    await shot(student, 'record-subtasks-phone', true);

    // The lists show the score beside the verdict.
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/records?problem_id=${subtaskProblem}`);
    await student.getByTestId('row-score').getByText('35 / 100').first().waitFor();
  }, 150_000);

  it('an output-only problem takes answer files, shows which tests have one, and judges them', async () => {
    const id = await addProblem('提交答案', sumTests(3), {
      judging: { type: 'output-only', scoring: { test_points: [30, 30, 40] } },
    });
    await student.setViewportSize({ width: 1440, height: 900 });
    await student.goto(`${env.server.url}/problems/algorithm/${id}`);
    await student.getByTestId('problem-type').getByText('提交答案题').waitFor();
    const upload = student.getByTestId('answer-upload');
    await upload.locator('input[type=file]').setInputFiles([
      { name: '1.out', mimeType: 'text/plain', buffer: Buffer.from('2\n') },
      { name: '2.out', mimeType: 'text/plain', buffer: Buffer.from('4\n') },
    ]);
    const slots = upload.getByTestId('answer-slot');
    await expect
      .poll(() => slots.evaluateAll((s) => s.map((x) => x.getAttribute('data-filled'))))
      .toEqual(['yes', 'yes', 'no']);
    await shot(student, 'problem-output-only');
    await student.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => noOverflow(student)).toBe(true);
    await shot(student, 'problem-output-only-phone', true);
    await student.setViewportSize({ width: 1440, height: 900 });
    await upload.getByTestId('submit-answers').click();
    const final = student.getByTestId('final-verdict');
    await expect.poll(() => final.getAttribute('data-verdict'), { timeout: 90_000 }).toBe('WA');
    await student.getByTestId('final-score').getByText('30 / 100').waitFor();
    await student.getByTestId('record-link').click();
    await student.getByTestId('record-answers').getByText('1.out · 2 B').click();
    await student.getByTestId('record-answers').locator('details[open] pre').waitFor();
    await student.getByTestId('record-language').getByText('提交答案').waitFor();
    await student.getByTestId('test-table').getByText('30 分').waitFor();
    await shot(student, 'record-output-only', true);
  }, 150_000);
});
