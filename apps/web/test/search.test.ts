import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BOSS, newPage, pageApi, registerViaApi, shot, signedInPage, startEnv, type Env } from './support';

// The aggregate search on the real server and the real built site: problems made by an admin and a
// registered user are found from the top keyword box (grouped results with counts), then on the
// one-category page with its filters and pages; a `<script>` title stays text.
let env: Env;
let page: Page;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  env = await startEnv();
  const boss = await signedInPage(env, BOSS.account, BOSS.password);
  const problem = (chinese_name: string, description: string, difficulty = 1) => ({
    chinese_name,
    english_name: 'Segment',
    description,
    difficulty,
    tags_list: [1015],
    source_name: 'original',
    time_limit: 1000,
    memory_limit: 256,
    samples: [{ input: '1\n', output: '1\n' }],
  });
  for (const body of [
    problem('线段树模板', '用线段树维护区间和，支持区间加。'),
    problem('<script>alert(1)</script>线段树', '<img src=x onerror=alert(2)> 线段树'),
    problem('区间最值', '线段树或者 ST 表都可以。', 2),
  ]) {
    const res = await pageApi(boss, '/api/problem/algorithm/admin/add', body);
    expect(res.code).toBe(0);
  }
  await boss.context().close();
  await registerViaApi(env, `xds_${stamp}`, 'Search-pass-1');
  await env.server.ctx.outbox.drain();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-search-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
  await page.context().close();
});
afterAll(async () => {
  await env?.close();
});

const noHorizontalOverflow = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('aggregate search, user site', () => {
  it('goes from the top box to grouped results, then to one category with filters', async () => {
    page = await newPage(env);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/home`);
    const box = page.getByPlaceholder('搜索题目、帖子、用户、比赛');
    await box.fill('线段树');
    await box.press('Enter');
    await page.waitForURL(/\/together\/search\?keyword=/);
    const group = page.getByTestId('search-group').and(page.locator('[data-kind="problem"]'));
    await group.waitFor();
    await expect.poll(() => group.locator('h3').innerText()).toContain('3');
    expect(await group.getByTestId('search-hit').count()).toBe(3);
    expect(await group.locator('mark').first().innerText()).toBe('线段树');
    // The script title is text, nothing ran.
    await group.getByText('<script>alert(1)</script>', { exact: false }).waitFor();
    expect(dialogs).toEqual([]);
    expect(await page.locator('.oj-hit script, .oj-hit img').count()).toBe(0);
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'search-together-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'search-together-390');

    await group.getByTestId('search-group-more').click();
    await page.waitForURL(/\/search\//);
    const url = new URL(page.url());
    expect(decodeURIComponent(url.pathname)).toBe('/search/线段树');
    expect(url.searchParams.get('category')).toBe('problem');
    expect(url.searchParams.get('pageNum')).toBe('1');
    const results = page.getByTestId('search-results');
    await expect.poll(() => results.getByTestId('search-hit').count()).toBe(3);
    expect(await noHorizontalOverflow(page)).toBe(true);
    await shot(page, 'search-category-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('search-difficulty').getByText('困难').click();
    await expect.poll(() => results.getByTestId('search-hit').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('difficulty')).toBe('2');
    await shot(page, 'search-category-1440');
    dialogs.length = 0;
  });

  it('finds users by pinyin initials and resets the page on Enter', async () => {
    page = await newPage(env);
    await page.goto(
      `${env.server.url}/search/${encodeURIComponent('线段树')}?category=problem&pageSize=1&pageNum=3`,
    );
    const results = page.getByTestId('search-results');
    await expect.poll(() => results.getByTestId('search-hit').count()).toBe(1);
    await page.getByTestId('bank-pager').getByText('共 3 条', { exact: false }).waitFor();
    const box = page.getByTestId('search-keyword').locator('input');
    await box.fill('qjzz');
    await box.press('Enter');
    await page.waitForURL(/qjzz/);
    expect(new URL(page.url()).searchParams.get('pageNum')).toBe('1');
    await results.getByText('区间最值').waitFor();

    await page.getByRole('tab', { name: '用户' }).click();
    await page.waitForURL(/category=user/);
    await page.getByTestId('search-keyword').locator('input').fill(`xds_${stamp}`);
    await page.getByTestId('search-keyword').locator('input').press('Enter');
    await results.getByText(`账号 xds_${stamp}`).waitFor();
  });
});
