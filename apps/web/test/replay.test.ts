import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aceIn,
  type Env,
  pickNative,
  registerViaApi,
  shot,
  shownCode,
  signedInPage,
  startEnv,
} from './support';

// Code replay and the C++ snippet library in Chromium: typing on the solving page is recorded and
// sent with the submission; /code-replay lists it, the player plays it (16×) and seeks; the record
// page links to it. /snippets explains the snippets and the editor's menu inserts one at the cursor.
let env: Env;
let page: Page;
const PASSWORD = 'Replay-pass-1';
const PY_AB = 'print(sum(map(int, open(0).read().split())))';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  await registerViaApi(env, 'replayer', PASSWORD);
  page = await signedInPage(env, 'replayer', PASSWORD);
}, 120_000);
afterAll(() => env?.close());

/** The page scrolls no wider than the viewport (the shared top bar is left out, as in forum.test.ts). */
async function noHorizontalOverflow(p: Page) {
  const over = await p.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.oj-topnav');
    if (bar) bar.style.display = 'none';
    const width = document.documentElement.scrollWidth - window.innerWidth;
    if (bar) bar.style.display = '';
    return width;
  });
  expect(over).toBeLessThanOrEqual(1);
}

const shown = (p: Page) => p.locator('.oj-keepalive-page:visible, body').last();
const playerText = (p: Page) => p.locator('.oj-replay-player .ace_content').innerText();
const count = async (p: Page) => Number(await p.getByTestId('replay-player').getAttribute('data-count'));

describe('code replay', () => {
  let replayUrl = '';

  it('records typing and a run, sends it with the submission, and plays it back with seeking', async () => {
    const base = env.server.url;
    await page.goto(`${base}/problems/algorithm/1000`);
    await pickNative(page, 'language-select', 'Python3');
    await (await aceIn(page)).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type(PY_AB); // key by key: one delta each (Ace closes and skips the brackets)
    await page.getByTestId('custom-input').fill('20 22');
    await page.getByTestId('run-test').click();
    await expect
      .poll(() => page.getByTestId('custom-result').innerText(), { timeout: 30_000 })
      .toContain('42');
    await page.getByTestId('submit').click();
    await page.getByText('已提交，正在评测').waitFor();

    await page.goto(`${base}/code-replay`);
    const row = page.getByTestId('replay-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Python3');
    expect(await row.innerText()).toContain('自测 1 次');
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'replay-list-desktop');
    await row.getByTestId('replay-row-play').click();
    await page.waitForURL(/\/code-replay\/\d+$/);
    replayUrl = page.url();
    const player = page.getByTestId('replay-player');
    await player.waitFor();
    const total = Number(await player.getAttribute('data-total'));
    // Every key but the closing brackets Ace typed itself, the clearing, the run, the submit.
    expect(total).toBe(PY_AB.replace(/\)/g, '').length + 3);
    expect(await count(page)).toBe(0);
    // Two markers on the scrubber: the run and the submission.
    expect(await page.locator('.oj-replay-slider .oj-replay-mark-r').count()).toBe(1);
    expect(await page.locator('.oj-replay-slider .oj-replay-mark-s').count()).toBe(1);

    await page.getByTestId('replay-speed').getByText('16×').click();
    await page.getByTestId('replay-play').click();
    await expect.poll(() => count(page)).toBeGreaterThan(0);
    await expect.poll(() => count(page), { timeout: 20_000 }).toBe(total);
    await expect.poll(() => playerText(page)).toContain(PY_AB); // Ace renders on its next frame
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'replay-player-desktop');

    // Seek with the scrubber's keys: back to the start (the template), then to the end again.
    await page.locator('.oj-replay-slider .ant-slider-handle').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => count(page)).toBe(0);
    await expect.poll(() => playerText(page)).not.toContain('open(0)');
    await page.keyboard.press('End');
    await expect.poll(() => count(page)).toBe(total);
    await expect.poll(() => playerText(page)).toContain(PY_AB); // Ace renders on its next frame

    // The owner shares it from the player; the record page links to it.
    await page.getByTestId('replay-share').click();
    await page.getByText('已分享：别人打开链接即可观看').waitFor();
    const id = Number(/\/code-replay\/(\d+)$/.exec(replayUrl)![1]);
    const detail = await page.evaluate(
      async (rid) =>
        (await (await fetch(`/api/code-replay/get?id=${rid}`)).json()) as { data: { submission_id: number } },
      id,
    );
    await page.goto(`${base}/problems/1000/records/${detail.data.submission_id}`);
    await page.getByTestId('record-replay-link').click();
    await page.waitForURL(replayUrl);
    await page.getByTestId('replay-player').waitFor();
    // The same replay by its submission: /code-replay?submissionId=.
    await page.goto(`${base}/code-replay?submissionId=${detail.data.submission_id}`);
    await expect.poll(() => page.getByTestId('replay-player').getAttribute('data-total')).toBe(String(total));
  }, 90_000);

  it('explains the snippets, inserts one at the cursor, and fits a phone', async () => {
    const base = env.server.url;
    await page.goto(`${base}/snippets`);
    const cards = page.getByTestId('snippet-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(14);
    expect(await page.locator('#snippet-dijkstra').innerText()).toContain('O((n + m) log m)');
    await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
    await shot(page, 'replay-snippets-desktop');
    // The table of contents: a click scrolls the section under the top bar and marks its link.
    const link = page.locator('.oj-anchor a[href="#snippet-dijkstra"]');
    await link.click();
    await page.waitForURL(/\/snippets#snippet-dijkstra$/);
    await expect
      .poll(() =>
        page.locator('#snippet-dijkstra').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      )
      .toBe(72);
    await expect.poll(() => link.locator('..').getAttribute('class')).toContain('oj-anchor-active');

    await page.goto(`${base}/problems/algorithm/1000`);
    await pickNative(shown(page), 'language-select', 'C++');
    // Before Ace has loaded (the pointer has not come to the editor), into the plain box.
    await page.getByTestId('snippet-menu').first().click();
    await page.getByTestId('snippet-union-find').click();
    // Whole lines, on the line after the cursor's: the code around it stays intact.
    await expect.poll(() => shownCode(shown(page))).toMatch(/^struct DSU \{$/m);
    expect(await shownCode(shown(page))).toMatch(/^int main\(\) \{$/m);
    await shot(page, 'replay-snippet-inserted');

    await page.setViewportSize({ width: 390, height: 844 });
    const pages: [string, string][] = [
      ['/snippets', '#snippet-union-find'],
      ['/code-replay', '[data-testid=replay-row]'],
      [replayUrl.slice(base.length), '.oj-replay-player .ace_content'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${base}${path}`);
      await page.locator(ready).first().waitFor();
      await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
      await noHorizontalOverflow(page);
      await shot(page, `replay-phone${path.replace(/\//g, '-')}`);
    }
  }, 60_000);
});
