import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, startEnv, type Env } from './support';

// The Byte专栏 tools in Chromium: the data-structure animation (play to the end, step back, the
// highlighted pseudo-code line follows; a BST insert chosen from the picker; Dijkstra's distances on
// the editable graph, a node dragged) and the markdown editor (KaTeX preview, autosave across a
// reload, export as a download, import of a file); both pages at 390 px without horizontal overflow.
let env: Env;
let page: Page;

beforeAll(async () => {
  env = await startEnv();
  page = await newPage(env);
}, 120_000);
afterAll(() => env?.close());

const activeLine = () => page.locator('.oj-dsa-line-active').getAttribute('data-line');
const progress = () => page.getByTestId('progress').innerText();

/** The page scrolls no wider than the viewport (the shared top bar aside, as in the forum test). */
async function noHorizontalOverflow() {
  const over = await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.oj-topnav');
    if (bar) bar.style.display = 'none';
    const width = document.documentElement.scrollWidth - window.innerWidth;
    if (bar) bar.style.display = '';
    return width;
  });
  expect(over).toBeLessThanOrEqual(1);
}

describe('data-structure animation', () => {
  it('plays a sort on entered data to the end, steps back, and the highlighted line moves', async () => {
    const base = env.server.url;
    await page.goto(`${base}/home`);
    await page.locator('.oj-topnav-menu').getByText('更多').hover();
    await page.getByRole('menuitem', { name: '数据结构动画' }).click();
    await page.waitForURL(/\/data-structure-animation/);
    await page.getByTestId('dsa-page').waitFor();

    await page.goto(`${base}/data-structure-animation?algo=quick`);
    await page.getByTestId('sort-input').fill('5 1 4 2 3');
    await page.getByTestId('sort-apply').click();
    await expect.poll(progress).toMatch(/^第 1 \/ \d+ 步$/);
    const total = Number(/\/ (\d+)/.exec(await progress())![1]);
    await page.getByTestId('step-forward').click();
    const first = await activeLine();
    expect(first).not.toBeNull();

    // Fastest speed, then play to the end.
    await page.getByTestId('speed').selectOption('8');
    await page.getByTestId('play').click();
    await expect.poll(progress, { timeout: 20_000 }).toBe(`第 ${total} / ${total} 步`);
    await expect.poll(() => page.getByTestId('play').innerText()).toMatch(/重\s*播/);
    expect(await page.getByTestId('frame-message').innerText()).toBe('排序完成');
    const bars = await page.locator('.oj-dsa-svg text').allTextContents();
    expect(bars.filter((_, i) => i % 2 === 0)).toEqual(['1', '2', '3', '4', '5']);

    // Step back: the frame before the end, and a different highlighted line than at the start.
    await page.getByTestId('step-back').click();
    expect(await progress()).toBe(`第 ${total - 1} / ${total} 步`);
    const before = await activeLine();
    expect(before).not.toBeNull();
    expect(before).not.toBe(first);
    await page.keyboard.press('ArrowRight'); // the arrow keys step too once the player has focus
    expect(await progress()).toBe(`第 ${total} / ${total} 步`);
  });

  it('inserts into a BST picked from the list, and runs Dijkstra on a graph whose node is dragged', async () => {
    await page.getByTestId('algo-select').selectOption({ label: '二叉搜索树' });
    await page.waitForURL(/algo=bst/);
    await page.getByRole('spinbutton', { name: '数值' }).fill('65');
    await page.getByTestId('op-插入').click();
    await expect
      .poll(() => page.getByTestId('frame-message').innerText(), { timeout: 15_000 })
      .toMatch(/^65 > 60，右孩子为空：挂为 60 的右孩子$/);
    expect(await page.locator('.oj-dsa-svg text', { hasText: /^65$/ }).count()).toBe(1);

    await page.goto(`${env.server.url}/data-structure-animation?algo=dijkstra`);
    await page.getByTestId('step-last').click();
    const dist = (id: number) => page.locator(`[data-dist="${id}"]`).textContent();
    expect([await dist(0), await dist(3), await dist(4), await dist(5)]).toEqual(['0', '20', '20', '11']);
    await shot(page, 'dsa-dijkstra-desktop');

    const node = page.locator('[data-node="0"] circle');
    const from = await node.boundingBox();
    const cx = await node.getAttribute('cx');
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + 120, from!.y + 140, { steps: 5 });
    await page.mouse.up();
    expect(await node.getAttribute('cx')).not.toBe(cx);
    // Moving a node keeps the frames; adding one recomputes them (the new node is unreachable: ∞).
    expect(await dist(3)).toBe('20');
    await page.getByTestId('graph-add-node').click();
    await page.getByTestId('step-last').click();
    expect(await dist(6)).toBe('∞');

    // Directed: the sample's edges now point from the smaller id, so 4 is reached only through 3
    // (0 → 2 → 3 → 4 = 26; undirected, 20 came back from 5), and the edges carry arrowheads.
    await page.getByTestId('graph-directed').click();
    await page.getByTestId('step-last').click();
    expect([await dist(0), await dist(3), await dist(4), await dist(5)]).toEqual(['0', '20', '26', '11']);
    expect(await page.locator('[data-edge="0-1"] line').getAttribute('marker-end')).toMatch(/oj-dsa-arrow/);
    expect(await page.getByText('0→1（7）').count()).toBe(1);
    await shot(page, 'dsa-dijkstra-directed');
  });
});

describe('markdown editor', () => {
  const TEXT = '# 笔记\n\n勾股定理 $a^2+b^2=c^2$\n\n```cpp\nint main() {}\n```\n';

  it('renders KaTeX while typing, keeps the document after a reload, exports and imports .md', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${env.server.url}/markdown`);
    await page.getByTestId('markdown-page').waitFor();
    // The first visit opens a welcome document that shows what the renderer does, rendered by the
    // server: neither the renderer, nor KaTeX, nor highlight.js is downloaded for it.
    await page.getByTestId('md-preview').locator('.katex').first().waitFor();
    await page.getByTestId('md-preview').locator('.hljs [class^="hljs-"]').first().waitFor();
    const renderers = () => scripts.filter((p) => /\/(MarkdownBody|katex|highlight)-/.test(p));
    expect(renderers()).toEqual([]);
    await page.getByTestId('md-new').click();
    await page.getByTestId('md-title').fill('我的笔记');
    await page.getByTestId('md-input').fill(TEXT);
    await page.getByTestId('md-preview').locator('.katex').first().waitFor();
    await page.getByTestId('md-preview').locator('.hljs .hljs-type').first().waitFor();
    await expect.poll(() => page.getByTestId('md-status').innerText()).toMatch(/已自动保存/);

    await page.reload();
    await expect.poll(() => page.getByTestId('md-input').inputValue()).toBe(TEXT);
    expect(await page.getByTestId('md-title').inputValue()).toBe('我的笔记');
    await page.getByTestId('md-preview').locator('.katex').first().waitFor();
    await shot(page, 'markdown-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('md-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('我的笔记.md');
    expect(readFileSync(await download.path(), 'utf8')).toBe(TEXT);

    await page.getByTestId('md-file').setInputFiles({
      name: '导入的文档.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('## 导入\r\n\r\n$$\\int_0^1 x\\,dx$$\r\n'),
    });
    await expect.poll(() => page.getByTestId('md-title').inputValue()).toBe('导入的文档');
    expect(await page.getByTestId('md-input').inputValue()).toBe('## 导入\n\n$$\\int_0^1 x\\,dx$$\n');
    await page.getByTestId('md-preview').locator('.katex-display').waitFor();

    // What the user types is rendered, never run.
    const payload =
      '<img src=x onerror="window.__xss=1">\n\n[x](javascript:window.__xss=2)\n\n<script>window.__xss=3</script>';
    await page.getByTestId('md-input').fill(payload);
    await page.getByTestId('md-preview').getByText('<img src=x', { exact: false }).waitFor();
    expect(await page.getByTestId('md-preview').locator('img, script, a[href^="javascript"]').count()).toBe(
      0,
    );
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(0);

    // A second tab shows what the first one saved.
    const other = await page.context().newPage();
    await other.goto(`${env.server.url}/markdown`);
    await expect.poll(() => other.getByTestId('md-input').inputValue()).toBe(payload);
    await page.getByTestId('md-input').fill('# 另一个标签页');
    await expect.poll(() => other.getByTestId('md-input').inputValue()).toBe('# 另一个标签页');
    await other.close();
  });
});

describe('phone layout', () => {
  it('both tools fit 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, ready, name] of [
      ['/data-structure-animation?algo=bubble', 'player', 'dsa-sort-phone'],
      ['/data-structure-animation?algo=dfs', 'player', 'dsa-graph-phone'],
      ['/data-structure-animation?algo=heap', 'player', 'dsa-heap-phone'],
      ['/markdown', 'md-preview', 'markdown-phone'],
    ] as const) {
      await page.goto(`${env.server.url}${path}`);
      await page.getByTestId(ready).waitFor();
      await page.locator('.oj-loading-overlay').waitFor({ state: 'detached' });
      await noHorizontalOverflow();
      await shot(page, name, true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
