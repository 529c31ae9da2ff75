import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import yazl from 'yazl';
import {
  aceIn,
  type Env,
  newPage,
  noOverflow,
  pageApi,
  pickNative,
  registerViaApi,
  signedInPage,
  startEnv,
} from './support';
import { classJoinedBy, markTeacher } from './classroom';

// Issue 27 part 3 on the real server and the built sites (docs/classes.md 班级题目): a teacher signs in
// to the management site, sees 题目管理 only and writes a class problem for its class with tests; a
// student of the class opens it from the class page's 题目 tab and submits it; an outsider is refused;
// at 390 px the 题目 tab is no wider than the screen.
let env: Env;
let teacher: Page;
let student: Page;
let outsider: Page;
let classId: number;
const stamp = Date.now().toString(36);
const PASS = 'Classprob-pass-1';
const CLASS = `题目班 ${stamp}`;
const TITLE = `班级加法 ${stamp}`;
const teacherAccount = `cpt_${stamp}`.slice(0, 20);
const PY_AB = 'print(sum(map(int, open(0).read().split())))';

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

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  const studentAccount = `cps_${stamp}`.slice(0, 20);
  const outsiderAccount = `cpo_${stamp}`.slice(0, 20);
  const teacherId = await registerViaApi(env, teacherAccount, PASS);
  await registerViaApi(env, studentAccount, PASS);
  await registerViaApi(env, outsiderAccount, PASS);
  await markTeacher(env, teacherId);
  student = await signedInPage(env, studentAccount, PASS);
  outsider = await signedInPage(env, outsiderAccount, PASS);
  const owner = await signedInPage(env, teacherAccount, PASS);
  classId = await classJoinedBy(owner, CLASS, [student]);
  await owner.context().close();
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe('class problems', () => {
  it('a teacher writes one on the management site, a student solves it, an outsider is refused', async () => {
    const base = env.server.url;
    teacher = await newPage(env); // signs in through the management site's form
    await teacher.goto(`${base}/admin/login`);
    await teacher.getByPlaceholder('账号或邮箱').fill(teacherAccount);
    await teacher.getByPlaceholder('密码', { exact: true }).fill(PASS);
    await teacher.getByRole('button', { name: '登陆管理中心' }).click();
    await teacher.waitForURL(/\/admin\/problems$/);
    await teacher.getByTestId('teacher-problem-list').waitFor();
    expect(await teacher.getByRole('menuitem').count()).toBe(1);
    // Every other page of the management site sends a teacher back to its problems.
    await teacher.goto(`${base}/admin/users`);
    await teacher.waitForURL(/\/admin\/problems$/);

    await teacher.getByTestId('new-problem').click();
    await teacher.waitForURL(/\/admin\/problems\/new$/);
    expect(await teacher.getByLabel('对用户可见').count()).toBe(0);
    await teacher.getByPlaceholder('例如：A+B 问题').fill(TITLE);
    await teacher.getByTestId('save-problem').click();
    await teacher.getByText('请选择至少一个班级').waitFor();
    await teacher.getByTestId('problem-classes').click();
    await teacher.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: CLASS }).click();
    await teacher.getByTestId('save-problem').click();
    await teacher.waitForURL(/\/admin\/problems\/\d+\/edit$/);
    const problemId = Number(/problems\/(\d+)\/edit/.exec(teacher.url())![1]);
    const zipPath = join(env.dataDir, `class-tests-${stamp}.zip`);
    writeFileSync(
      zipPath,
      await testsZip([
        ['1 2\n', '3\n'],
        ['5 7\n', '12\n'],
      ]),
    );
    await teacher.getByTestId('test-data').locator('input[type=file]').setInputFiles(zipPath);
    await teacher.locator('.ant-message-notice', { hasText: '已上传 2 组测试数据' }).waitFor();
    await teacher.goto(`${base}/admin/problems`);
    await teacher.getByTestId('teacher-problem-list').getByText(TITLE).waitFor();

    // The student: the class page's 题目 tab, then the problem page with its 班级题目 tag.
    await student.setViewportSize({ width: 390, height: 844 });
    await student.goto(`${base}/class/${classId}`);
    await student.getByRole('tab', { name: '题目' }).click();
    await student.getByTestId(`class-problem-link-${problemId}`).waitFor();
    expect(await noOverflow(student)).toBe(true);
    await student.setViewportSize({ width: 1366, height: 820 });
    await student.getByTestId(`class-problem-link-${problemId}`).click();
    await student.waitForURL(new RegExp(`/problems/algorithm/${problemId}$`));
    await student.getByTestId('class-problem-tag').waitFor();
    await pickNative(student, 'language-select', 'Python3');
    await (await aceIn(student)).click();
    await student.keyboard.press('Control+A');
    await student.keyboard.press('Delete');
    await student.keyboard.insertText(PY_AB);
    await student.getByTestId('submit').click();
    await student.locator('[data-testid="final-verdict"][data-verdict="AC"]').waitFor({ timeout: 60_000 });

    // The outsider: the problem does not exist for it, nor the class's list.
    const refused = await pageApi(
      outsider,
      `/api/problem/algorithm/search/problemId?problem_id=${problemId}`,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.message).toContain('不存在');
    const listed = await pageApi(outsider, `/api/class/problems?class_id=${classId}`);
    expect(listed.code).not.toBe(0);
    expect(listed.message).toBe('你不是该班级的成员');
    await outsider.goto(`${base}/problems/algorithm/${problemId}`);
    await outsider
      .getByText(TITLE)
      .waitFor({ state: 'detached', timeout: 3000 })
      .catch(() => undefined);
    expect(await outsider.getByText(TITLE).count()).toBe(0);
  }, 180_000);
});
