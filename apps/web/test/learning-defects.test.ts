import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  aceIn,
  BOSS,
  newPage,
  pageApi,
  registerViaApi,
  shot,
  shownCode,
  signedInPage,
  startEnv,
  type Env,
} from './support';

// Issue 29 (learning defects, items 5, 6, 7, 9, 13, 14) on the real server and the built sites with
// the demo bank: the bank's keyword finds what the top search finds (pinyin, tag aliases such as dp),
// excerpts are plain text, 讲解视频 only where there is a video, contest drafts are their own, the
// custom test runs the samples, and 隐藏算法标签 hides the tags.
let env: Env;
let student: Page;
let boss: Page;
let page: Page | undefined;
let contestId = 0;
let postId = 0;
const stamp = Date.now().toString(36);
const STUDENT = { account: `ld_${stamp}`.slice(0, 20), password: 'Learn-pass-123' };
const PY_AB = 'print(sum(map(int, open(0).read().split())))';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, STUDENT.account, STUDENT.password);
  student = await signedInPage(env, STUDENT.account, STUDENT.password);
  boss = await signedInPage(env, BOSS.account, BOSS.password);
  const created = await pageApi<{ competition_id: number }>(boss, '/api/competition/admin/algorithm/add', {
    name: `草稿比赛 ${stamp}`,
    type: 1,
    start_time: new Date(Date.now() - 600_000).toISOString(),
    end_time: new Date(Date.now() + 3600_000).toISOString(),
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });
  expect(created.code, created.message).toBe(0);
  contestId = created.data.competition_id;
  const joined = await pageApi(student, `/api/competition/join?competition_id=${contestId}`);
  expect(joined.code, joined.message).toBe(0);
  const post = await pageApi<{ post_id: number }>(boss, '/api/posts/add', {
    title: `复杂度讨论 ${stamp}`,
    content: '## 题目描述\n\n**并查集** 的复杂度是 $O(n\\,\\alpha(n))$，见 [题解](https://example.com)。',
    category: 'discussion',
  });
  expect(post.code, post.message).toBe(0);
  postId = post.data.post_id;
  await env.server.ctx.outbox.drain();
}, 180_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && page) {
    console.error(`[browser] failed at ${page.url()}`);
    await shot(page, `failed-learning-${ctx.task.name.replace(/\W+/g, '-').slice(0, 40)}`);
  }
});
afterAll(async () => {
  await env?.close();
});

/** The bank's rows' titles after searching `keyword` in its keyword box. */
async function bankTitles(p: Page, keyword: string): Promise<string[]> {
  const box = p
    .getByTestId('bank-keyword')
    .locator('input')
    .or(p.locator('input[data-testid="bank-keyword"]'));
  await box.first().fill(keyword);
  // The bank's list is asked by POST with the filter as JSON.
  const listed = p.waitForResponse((r) =>
    (r.request().postData() ?? '').includes(`"keyword":${JSON.stringify(keyword)}`),
  );
  await box.first().press('Enter');
  await p.waitForURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
  await listed;
  await p.locator('.oj-bank-table:not(.oj-loading)').waitFor();
  return p.getByTestId('problem-link').allInnerTexts();
}

/** Replaces the whole content of the Ace editor as a paste (no auto-closing brackets). */
async function typeInEditor(p: Page, code: string) {
  await (await aceIn(p)).click();
  await p.keyboard.press('Control+A');
  await p.keyboard.press('Delete');
  await p.keyboard.insertText(code);
}
const editorText = (p: Page) => shownCode(p);

describe('issue 29, learning defects', () => {
  it('item 5: the bank keyword matches pinyin and tag aliases like the top search', async () => {
    page = await newPage(env);
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('problem-link').first().waitFor();
    expect(await bankTitles(page, 'zdl')).toEqual(
      expect.arrayContaining([expect.stringContaining('单源最短路径')]),
    );
    expect(await bankTitles(page, 'bcj')).toEqual(
      expect.arrayContaining([expect.stringContaining('朋友圈')]),
    );
    expect(await bankTitles(page, 'beibao')).toEqual(
      expect.arrayContaining([expect.stringContaining('01 背包')]),
    );
    const dp = await bankTitles(page, 'dp');
    expect(dp).toEqual(
      expect.arrayContaining([expect.stringContaining('01 背包'), expect.stringContaining('最长上升子序列')]),
    );
    expect(dp.some((t) => t.includes('A+B'))).toBe(false);
    // Ids and names still work.
    expect(await bankTitles(page, '1000')).toEqual([expect.stringContaining('A+B')]);
    // The top search finds the same through the same alias table.
    await page.goto(`${env.server.url}/together/search?keyword=dp`);
    const group = page.getByTestId('search-group').and(page.locator('[data-kind="problem"]'));
    await group.getByTestId('search-hit').first().waitFor();
    const hits = await group.getByTestId('search-hit').allInnerTexts();
    expect(hits.some((t) => t.includes('01 背包'))).toBe(true);
    await page.context().close();
  }, 60_000);

  it('item 6: excerpts and summaries are plain text; /search/{key} opens on a tab with results', async () => {
    page = await newPage(env);
    await page.goto(`${env.server.url}/search/${encodeURIComponent('有向图')}`);
    await page.getByTestId('search-hit').first().waitFor();
    expect(await page.getByRole('tab', { name: '题目' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('没有找到').count()).toBe(0);
    const snippet = await page.locator('.oj-hit-snippet').first().innerText();
    expect(snippet).toContain('有向图');
    expect(snippet).not.toMatch(/##|\*\*|\$/);
    // A post's excerpt in the search and its summary in the list: the formula as text.
    await page.goto(`${env.server.url}/search/${encodeURIComponent('复杂度讨论')}?category=post`);
    const postHit = page.getByTestId('search-hit').first();
    await postHit.waitFor();
    const postSnippet = await postHit.locator('.oj-hit-snippet').innerText();
    expect(postSnippet).toContain('O(n α(n))');
    expect(postSnippet).not.toMatch(/##|\*\*|\$|\\/);
    await page.context().close();
    // The board is for signed-in users.
    page = boss;
    await boss.goto(`${env.server.url}/discussion`);
    const summary = boss.getByTestId(`post-row-${postId}`).locator('.oj-post-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain('并查集 的复杂度是 O(n α(n))');
    expect(text).not.toMatch(/##|\*\*|\$|\\/);
  }, 60_000);

  it('item 7: 讲解视频 shows only on a problem with a video, without a failing request', async () => {
    page = student;
    const failed: string[] = [];
    const onResponse = (r: { status(): number; url(): string }) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    };
    student.on('response', onResponse);
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.getByTestId('statement').waitFor();
    await student.getByTestId('code-editor').waitFor();
    // has_video comes with the statement: the button is drawn (or not) with it.
    expect(await student.getByTestId('solution-video').count()).toBe(0);
    // A problem with an uploaded video shows the button.
    const uploaded = await boss.evaluate(async () => {
      const bytes = new Uint8Array(1000);
      bytes.set([0, 0, 0, 0x20]);
      bytes.set(
        Array.from('ftypisom', (c) => c.charCodeAt(0)),
        4,
      );
      const fd = new FormData();
      fd.append('file', new Blob([bytes], { type: 'video/mp4' }), 'v.mp4');
      const res = await fetch('/api/video/admin/problem/upload?problem_id=1001', {
        method: 'POST',
        body: fd,
      });
      return (await res.json()) as { code: number; message: string };
    });
    expect(uploaded.code, uploaded.message).toBe(0);
    await student.goto(`${env.server.url}/problems/algorithm/1001`);
    await student.getByTestId('solution-video').waitFor();
    student.off('response', onResponse);
    expect(failed).toEqual([]);
  }, 60_000);

  it('item 9: the contest editor keeps its own draft, not the bank problem’s', async () => {
    page = student;
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.evaluate(() => {
      localStorage.setItem('oj.editor.language', 'Python3');
      localStorage.setItem('oj.code.1000.Python3', '# BANK DRAFT');
    });
    await student.goto(`${env.server.url}/competition/${contestId}/problem/1`);
    await student.getByTestId('code-editor').waitFor();
    // No draft of this contest problem: the language's template, not the bank's draft.
    await expect.poll(() => editorText(student)).toContain('print(a + b)');
    expect(await editorText(student)).not.toContain('BANK DRAFT');
    await typeInEditor(student, '# CONTEST DRAFT');
    await student.reload();
    await student.getByTestId('code-editor').waitFor();
    await expect.poll(() => editorText(student)).toContain('CONTEST DRAFT');
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.getByTestId('code-editor').waitFor();
    await expect.poll(() => editorText(student)).toContain('BANK DRAFT');
  }, 60_000);

  it('item 13: 自测 starts with the first sample and 运行全部样例 checks every sample', async () => {
    page = student;
    const problem = await pageApi<{ samples: { input: string; output: string }[] }>(
      student,
      '/api/problem/algorithm/search/problemId?problem_id=1000',
      undefined,
      'GET',
    );
    const samples = problem.data.samples;
    expect(samples.length).toBeGreaterThan(0);
    await student.evaluate((code) => {
      localStorage.setItem('oj.editor.language', 'Python3');
      localStorage.setItem('oj.code.1000.Python3', code);
    }, PY_AB);
    await student.goto(`${env.server.url}/problems/algorithm/1000`);
    await student.getByTestId('code-editor').waitFor();
    await student.getByTestId('tab-custom-test').click();
    await expect.poll(() => student.getByTestId('custom-input').inputValue()).toBe(samples[0].input);
    await student.getByTestId('run-samples').click();
    const results = student.getByTestId('sample-result');
    await expect.poll(() => results.count(), { timeout: 90_000 }).toBe(samples.length);
    for (const text of await results.allInnerTexts()) expect(text).toContain('通过');
    expect((await results.allInnerTexts()).some((t) => t.includes('未通过'))).toBe(false);
    // A wrong program fails them.
    await typeInEditor(student, 'print(0)');
    await student.getByTestId('run-samples').click();
    await expect
      .poll(async () => (await results.allInnerTexts()).filter((t) => t.includes('未通过')).length, {
        timeout: 90_000,
      })
      .toBe(samples.length);
  }, 180_000);

  it('item 14: 隐藏算法标签 hides the tags on the bank and the problem page, remembered', async () => {
    page = await newPage(env);
    await page.goto(`${env.server.url}/problems`);
    const row = page.locator('tr', { has: page.getByText('1000. A+B 问题') });
    await row.locator('.oj-tag', { hasText: '模拟' }).waitFor();
    const toggle = page.getByTestId('hide-tags');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => row.locator('.oj-tag', { hasText: '模拟' }).count()).toBe(0);
    await page.reload();
    await page.getByTestId('problem-link').first().waitFor();
    expect(await page.getByTestId('hide-tags').getAttribute('aria-checked')).toBe('true');
    expect(await row.locator('.oj-tag', { hasText: '模拟' }).count()).toBe(0);
    await page.goto(`${env.server.url}/problems/algorithm/1000`);
    await page.getByTestId('statement').waitFor();
    await expect
      .poll(() => page!.getByTestId('statement').locator('.oj-tag', { hasText: '模拟' }).count())
      .toBe(0);
    await page.goto(`${env.server.url}/problems`);
    await page.getByTestId('hide-tags').click();
    await row.locator('.oj-tag', { hasText: '模拟' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await page.context().close();

    // A signed-in user's choice is kept with the account: another browser sees it too.
    page = student;
    await student.goto(`${env.server.url}/problems`);
    const mine = student.locator('tr', { has: student.getByText('1000. A+B 问题') });
    await mine.locator('.oj-tag', { hasText: '模拟' }).waitFor();
    await student.getByTestId('hide-tags').click();
    await expect.poll(() => mine.locator('.oj-tag', { hasText: '模拟' }).count()).toBe(0);
    await expect
      .poll(
        async () =>
          (await pageApi<{ hide_tags: boolean }>(student, '/api/user/current', undefined, 'GET')).data
            .hide_tags,
      )
      .toBe(true);
    const elsewhere = await signedInPage(env, STUDENT.account, STUDENT.password);
    page = elsewhere;
    await elsewhere.goto(`${env.server.url}/problems/algorithm/1000`);
    await elsewhere.getByTestId('statement').waitFor();
    await expect
      .poll(() => elsewhere.getByTestId('statement').locator('.oj-tag', { hasText: '模拟' }).count())
      .toBe(0);
    await elsewhere.goto(`${env.server.url}/problems`);
    expect(await elsewhere.getByTestId('hide-tags').getAttribute('aria-checked')).toBe('true');
    await elsewhere.getByTestId('hide-tags').click();
    await expect
      .poll(
        async () =>
          (await pageApi<{ hide_tags: boolean }>(elsewhere, '/api/user/current', undefined, 'GET')).data
            .hide_tags,
      )
      .toBe(false);
    await elsewhere.context().close();
  }, 90_000);
});
