import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageApi, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// 题单 and 收藏 in Chromium (issue 27 part 4): a user builds a list of two demo problems in the
// editor; another user finds it, favourites it and sees their own progress; a problem's star shows
// in 我的收藏; the pages fit 390 px.
let env: Env;
let author: Page;
let reader: Page;
const stamp = Date.now().toString(36).slice(-5);
const A = `lister_${stamp}`;
const B = `reader_${stamp}`;
const PASSWORD = 'Lists-pass-1';
const PY_AB = 'print(sum(map(int, open(0).read().split())))';
const TITLE = `动态规划入门 ${stamp}`;

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });

/** No sideways scrolling at 390 px (the top bar, another task's, is left out of the measure). */
async function fitsPhone(p: Page) {
  await p.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
  const over = await p.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.oj-topnav');
    if (bar) bar.style.display = 'none';
    const width = document.documentElement.scrollWidth - window.innerWidth;
    if (bar) bar.style.display = '';
    return width;
  });
  expect(over).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, A, PASSWORD);
  await registerViaApi(env, B, PASSWORD);
  [author, reader] = await Promise.all([signedInPage(env, A, PASSWORD), signedInPage(env, B, PASSWORD)]);
}, 120_000);
afterAll(() => env?.close());

describe('problem lists and favourites', () => {
  it('a list of two problems is made, favourited by another user who sees their own progress', async () => {
    const base = env.server.url;
    await author.goto(`${base}/problem-list/new`);
    await author.getByTestId('list-title-input').fill(TITLE);
    for (const id of ['1000', '1001']) {
      await author.getByPlaceholder('题目编号').fill(id);
      await author.getByTestId('add-problem').click();
    }
    await poll(() => author.getByTestId('editor-row').count()).toBe(2);
    await author.getByTestId('editor-row').nth(0).getByPlaceholder('备注（可选）').fill('先做这道');
    await author.getByTestId('list-public').click();
    await author.getByTestId('list-save').click();
    await author.waitForURL(/\/problem-list\/\d+$/);
    const listPath = new URL(author.url()).pathname;
    await poll(() => author.getByTestId('list-item').count()).toBe(2);
    expect(await author.getByTestId('list-item').first().innerText()).toContain('先做这道');

    // The reader solves the first problem, then finds the list on the square.
    const sent = await pageApi<{ submission_id: number }>(reader, '/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: PY_AB,
    });
    expect(sent.code, sent.message).toBe(0);
    await reader.goto(`${base}/problem-list`);
    await reader.getByTestId('list-search').locator('input').fill(stamp);
    await reader.getByTestId('list-search').locator('input').press('Enter');
    await reader.getByTestId('list-card').getByText(TITLE).click();
    await reader.waitForURL(new RegExp(`${listPath}$`));
    await reader.getByTestId('favourite-list').click();
    await poll(() => reader.getByTestId('favourite-list').innerText()).toContain('已收藏');
    await poll(async () => {
      await reader.reload();
      return reader.getByTestId('progress-solved').innerText();
    }).toBe('1');
    expect(await reader.locator('[data-testid="list-item"] [data-status="solved"]').count()).toBe(1);
    // The author has solved nothing: their own progress is theirs.
    await author.reload();
    await poll(() => author.getByTestId('progress-solved').innerText()).toBe('0');
    await author.setViewportSize({ width: 390, height: 844 });
    await author.goto(`${base}${listPath}/edit`);
    await poll(() => author.getByTestId('editor-row').count()).toBe(2);
    await fitsPhone(author);
    await shot(author, 'problem-list-editor-phone');
    await author.setViewportSize({ width: 1366, height: 820 });

    await reader.setViewportSize({ width: 390, height: 844 });
    await fitsPhone(reader);
    await shot(reader, 'problem-list-detail-phone');
    await reader.goto(`${base}/problem-list`);
    await reader.getByTestId('list-card').first().waitFor();
    await fitsPhone(reader);
    await reader.setViewportSize({ width: 1366, height: 820 });
  });

  it('a star on a problem shows in 我的收藏, with the favourite list', async () => {
    const base = env.server.url;
    await reader.goto(`${base}/problems/algorithm/1001`);
    const star = reader.getByTestId('star-1001').first();
    await poll(() => star.innerText()).toBe('收藏');
    await star.click();
    await poll(() => star.innerText()).toBe('已收藏');
    await reader.setViewportSize({ width: 390, height: 844 });
    await fitsPhone(reader);
    await shot(reader, 'problem-star-phone');
    await reader.setViewportSize({ width: 1366, height: 820 });
    // The bank list shows the same star lit.
    await reader.goto(`${base}/problems`);
    await poll(() => reader.getByTestId('star-1001').getAttribute('aria-pressed')).toBe('true');
    await reader.setViewportSize({ width: 390, height: 844 });
    await fitsPhone(reader);
    await reader.setViewportSize({ width: 1366, height: 820 });
    await shot(reader, 'bank-stars');

    await reader.goto(`${base}/favourites`);
    const problem = reader.getByTestId('favourite-problem');
    await poll(() => problem.count()).toBe(1);
    expect(await problem.innerText()).toContain('1001');
    await reader.getByRole('tab', { name: '题单' }).click();
    await reader.getByTestId('list-card').getByText(TITLE).waitFor();
    await reader.setViewportSize({ width: 390, height: 844 });
    await fitsPhone(reader);
    await shot(reader, 'favourites-phone');
    await reader.setViewportSize({ width: 1366, height: 820 });
  });
});
