import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, pageApi as api, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// Practice on the math / 408 bank (issue 29 item 16), on the real server and built site: 上一题 /
// 下一题 within the bank's filter, the 错题本, the exam mode (timed, marked on 交卷) and short
// answers self-marked against the reference answer. Each case makes its own questions (titled with a
// unique word, found by the bank's keyword) and its own learner: they pass in any order, and alone.
let env: Env;
let admin: Page;
let student: Page | undefined;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  admin = await signedInPage(env, BOSS.account, BOSS.password);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && student)
    await shot(student, `failed-math408-practice-${ctx.task.name.replace(/\W+/g, '-').slice(0, 30)}`);
});
afterAll(async () => {
  await env?.close();
});

/** A fresh learner signed in on the user site. */
async function learner(tag: string): Promise<Page> {
  const account = `m4p${tag}_${stamp}`;
  await registerViaApi(env, account, 'Student-pass-1');
  student = await signedInPage(env, account, 'Student-pass-1');
  return student;
}

/**
 * Three single-choice questions (keys B, B, A) and a short answer, titled `<word> 一…四`, in id
 * order; `word` is unique to the case so the bank's keyword finds exactly these.
 */
async function questionSet(word: string): Promise<number[]> {
  const ids: number[] = [];
  const singles: [string, string][] = [
    ['一', 'B'],
    ['二', 'B'],
    ['三', 'A'],
  ];
  for (const [n, key] of singles) {
    const res = await api<{ question_id: number }>(admin, '/api/problem/math408/admin/add', {
      type: 'single',
      title: `${word} ${n}`,
      content: `第${n}题：选出正确的一项。`,
      difficulty: 1,
      tags_list: [1],
      options: [
        { key: 'A', content: '甲' },
        { key: 'B', content: '乙' },
      ],
      answer: [key],
      explanation: `解析${n}`,
    });
    if (res.code !== 0) throw new Error(`add: ${res.message}`);
    ids.push(res.data.question_id);
  }
  const res = await api<{ question_id: number }>(admin, '/api/problem/math408/admin/add', {
    type: 'short',
    title: `${word} 四`,
    content: '简述极限的定义。',
    difficulty: 1,
    tags_list: [1],
    options: [],
    answer: [],
    reference_answer: '参考答案：epsilon-delta 定义',
    explanation: '解析四',
  });
  if (res.code !== 0) throw new Error(`add: ${res.message}`);
  ids.push(res.data.question_id);
  return ids;
}

/** The page has no horizontal scroll at 390 px. */
async function noOverflowAt390(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 820 });
}

describe('math / 408 practice', () => {
  it('moves to the previous and next question within the bank filter', async () => {
    const word = `邻${stamp}`;
    const ids = await questionSet(word);
    const page = await learner('n');
    await page.goto(`${env.server.url}/problems?bank=math408`);
    await page.getByPlaceholder('搜索数学 / 408 题目').fill(word);
    await page.getByPlaceholder('搜索数学 / 408 题目').press('Enter');
    // The filter lives in the address, so a reload or a question's 返回 keeps it.
    await page.waitForURL(/keyword=/);
    const links = page.getByTestId('math408-bank').getByTestId('question-link');
    await expect.poll(() => links.count()).toBe(4);
    await links.first().click();
    await page.waitForURL(new RegExp(`/problems/math408/${ids[0]}\\?.*keyword=`));
    await expect.poll(() => page.getByTestId('prev-question').isDisabled()).toBe(true);
    await page.getByTestId('next-question').click();
    await page.waitForURL(new RegExp(`/problems/math408/${ids[1]}\\?.*keyword=`));
    await page.getByText(`${word} 二`).waitFor();
    await page.getByTestId('next-question').click();
    await page.getByTestId('next-question').click();
    await page.waitForURL(new RegExp(`/problems/math408/${ids[3]}\\?`));
    // The last of the filter: no 下一题, though the bank goes on.
    await expect.poll(() => page.getByTestId('next-question').isDisabled()).toBe(true);
    await page.getByTestId('prev-question').click();
    await page.waitForURL(new RegExp(`/problems/math408/${ids[2]}\\?`));
    await shot(page, 'math408-neighbours');
  });

  it('lists wrong answers in the 错题本 until retried right', async () => {
    const word = `错${stamp}`;
    const ids = await questionSet(word);
    const page = await learner('w');
    await page.goto(`${env.server.url}/problems/math408/${ids[1]}`);
    await page.locator('.oj-option').filter({ hasText: '甲' }).click();
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('answer-outcome').getByText('回答错误').waitFor();

    await page.goto(`${env.server.url}/problems?bank=math408`);
    await page.getByTestId('math408-wrong-link').click();
    await page.waitForURL(/\/problems\/math408\/wrong$/);
    const items = page.getByTestId('wrong-item');
    await expect.poll(() => items.count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('wrong-item').locator('..').innerText())
      .toMatch(/二[\s\S]*数学[\s\S]*单选题/);
    await expect.poll(() => page.getByTestId('math408-stats').innerText()).toMatch(/答错\s*1/);
    await shot(page, 'math408-wrong-book');
    await noOverflowAt390(page);

    await items.first().click();
    await page.waitForURL(new RegExp(`/problems/math408/${ids[1]}`));
    await page.locator('.oj-option').filter({ hasText: '乙' }).click();
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('answer-outcome').getByText('回答正确').waitFor();
    await page.goto(`${env.server.url}/problems/math408/wrong`);
    await page.getByText('错题本是空的').waitFor();
    await expect.poll(() => items.count()).toBe(0);
  });

  it('self-marks a short answer against the reference answer', async () => {
    const word = `简${stamp}`;
    const ids = await questionSet(word);
    const page = await learner('s');
    await page.goto(`${env.server.url}/problems/math408/${ids[3]}`);
    await page.getByTestId('short-answer').fill('任意小的正数');
    await page.getByTestId('answer-submit').click();
    const mark = page.getByTestId('self-mark');
    await mark.getByText('参考答案：epsilon-delta 定义').waitFor();
    await mark.getByRole('button', { name: '我答错了' }).click();
    await mark.getByText('已记为：我答错了').waitFor();
    await shot(page, 'math408-self-mark');
    await page.goto(`${env.server.url}/problems/math408/wrong`);
    await page
      .getByTestId('wrong-item')
      .filter({ hasText: `${word} 四` })
      .waitFor();
    // Marking again after another look replaces the mark.
    await page.goto(`${env.server.url}/problems/math408/${ids[3]}`);
    await page.getByTestId('short-answer').fill('对任意 epsilon 存在 delta');
    await page.getByTestId('answer-submit').click();
    await page.getByTestId('self-mark').getByRole('button', { name: '我答对了' }).click();
    await page.getByTestId('self-mark').getByText('已记为：我答对了').waitFor();
    await page.goto(`${env.server.url}/problems/math408/wrong`);
    await page.getByText('错题本是空的').waitFor();
    await expect.poll(() => page.getByTestId('math408-stats').innerText()).toMatch(/答对\s*1/);
  });

  it('times an exam, keeps the keys until 交卷, then marks it', async () => {
    const word = `考${stamp}`;
    await questionSet(word);
    const page = await learner('e');
    await page.goto(`${env.server.url}/problems?bank=math408`);
    await page.getByTestId('math408-exam-link').click();
    await page.waitForURL(/\/problems\/math408\/exam/);
    await page.getByTestId('exam-keyword').fill(word);
    await page.getByTestId('exam-count').fill('10');
    await page.getByTestId('exam-minutes').fill('30');
    await page.getByRole('button', { name: '开始考试' }).click();
    const cards = page.getByTestId('exam-question');
    await expect.poll(() => cards.count()).toBe(4);
    await expect.poll(() => page.getByTestId('exam-timer').innerText()).toMatch(/^(29:[0-5]\d|30:00)$/);
    // No key and no explanation before 交卷.
    expect(await page.getByTestId('math408-exam').innerText()).not.toMatch(/正确答案|解析|参考答案/);
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      if ((await card.innerText()).includes(`${word} 四`))
        await card.getByTestId('exam-short').fill('极限是 epsilon-delta');
      else await card.locator('.oj-option').filter({ hasText: '乙' }).click();
    }
    // Every answer is in the page's state before 交卷 (a click lost under load would change the score).
    await page.getByText('已答 4 / 4').waitFor();
    await noOverflowAt390(page);
    await page
      .getByRole('button', { name: '交 卷' })
      .or(page.getByRole('button', { name: '交卷' }))
      .click();
    await page
      .getByRole('button', { name: '确 定' })
      .or(page.getByRole('button', { name: '确定' }))
      .click();
    // Marked: two of three choices right, the key and explanation of each, the short answer to self-mark.
    await page.getByTestId('exam-score').getByText('2 / 4').waitFor();
    const three = cards.filter({ hasText: `${word} 三` });
    await expect.poll(() => three.innerText()).toMatch(/回答错误[\s\S]*正确答案：A[\s\S]*解析三/);
    const four = cards.filter({ hasText: `${word} 四` });
    await four.getByText('参考答案：epsilon-delta 定义').waitFor();
    await four.getByRole('button', { name: '部分正确' }).click();
    await four.getByText('已记为：部分正确').waitFor();
    await page.getByTestId('exam-score').getByText('2.5 / 4').waitFor();
    await shot(page, 'math408-exam-marked', true);

    // The answers are ordinary ones: the statistics and the 错题本 follow.
    await page.goto(`${env.server.url}/problems/math408/wrong`);
    await page
      .getByTestId('wrong-item')
      .filter({ hasText: `${word} 三` })
      .waitFor();
    await expect.poll(() => page.getByTestId('math408-stats').innerText()).toMatch(/部分正确\s*1/);
  });
});
