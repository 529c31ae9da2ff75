import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Problem } from '@oj/shared';
import { MARKDOWN_WELCOME } from '@oj/shared/data/markdown-welcome';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { problemBody, type RoleClients, roleClients } from '../../../test/problems';

const P = '/api/problem/algorithm';
const INDEX =
  '<!doctype html><html><head><title>字节OJ</title></head><body><div id="root"></div></body></html>';
/** A made-up build: the problem page's chunk importing a shared one, KaTeX's stylesheet and a font. */
const MANIFEST = {
  'index.html': {
    file: 'assets/main-1.js',
    isEntry: true,
    imports: ['_vendor-1.js'],
    css: ['assets/main-1.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js', css: ['assets/vendor-1.css'] },
  '_solve-1.js': {
    file: 'assets/solve-1.js',
    imports: ['_vendor-1.js'],
    css: ['assets/solve-1.css', 'assets/vendor-1.css'],
  },
  'src/pages/problems/algorithm/AlgorithmProblemPage.tsx': {
    file: 'assets/AlgorithmProblemPage-1.js',
    isDynamicEntry: true,
    imports: ['_solve-1.js', 'index.html'],
  },
  '../../node_modules/katex/dist/katex.min.css': { file: 'assets/katex-1.css' },
  '../../node_modules/katex/dist/fonts/KaTeX_Main-Regular.woff2': {
    file: 'assets/KaTeX_Main-Regular-1.woff2',
  },
};

/** The first paint's data block of a page, parsed (as the site reads it), or null. */
function dataBlock(html: string): { html: string; answer: { data: Problem } } | null {
  const m = /<script type="application\/json" id="oj-prerender-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]) as { html: string; answer: { data: Problem } }) : null;
}

describe.each(backends())('first paint of a problem page on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let dist: string;
  const page = async (who: Client, id: number | string) => {
    const res = await who.request<string>('GET', `/problems/algorithm/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    // A first paint holds the viewer's own answer: never kept by a shared cache.
    if (res.data.includes('oj-prerender-data'))
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    return res.data;
  };
  const add = async (over: Parameters<typeof problemBody>[0]) => {
    const added = await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, problemBody(over));
    expect(added.code).toBe(0);
    return added.data.problem_id;
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'oj-first-paint-'));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    ts = await startTestServer(backend, { webDistDir: dist });
    c = await roleClients(ts, 'fp');
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('writes the statement, the answer and the page scripts into the HTML of a published problem', async () => {
    const description = '## 题目描述\n\n求 $a+b$ 的值。\n\n```\n1 2\n```\n\n```cpp\nint a;\n```';
    const id = await add({ chinese_name: '首屏题', description, visible: true });
    for (const who of [c.anon, c.user]) {
      const html = await page(who, id);
      expect(html).toContain(`<h3>${id}. 首屏题</h3>`);
      expect(html).toContain('<textarea id="oj-prerender-code"');
      // Math typeset by KaTeX on the server, with its stylesheet and font asked for at once.
      expect(html).toMatch(/<span class="katex">/);
      expect(html).toContain('<link rel="stylesheet" href="/assets/katex-1.css">');
      expect(html).toContain('href="/assets/KaTeX_Main-Regular-1.woff2"');
      // The page's own chunks, not what the entry loads anyway.
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/AlgorithmProblemPage-1.js">',
      );
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/solve-1.js">');
      expect(html).toContain('<link rel="stylesheet" href="/assets/solve-1.css">');
      expect(html).not.toMatch(/vendor-1|main-1/);
      const data = dataBlock(html);
      expect(data?.answer.data).toMatchObject({ problem_id: id, description });
      expect(data?.html).toContain('<h2>题目描述</h2>');
      // Code coloured here too: the page shows this HTML as it is, with no renderer to download.
      expect(data?.html).toContain('<code>1 2\n</code>');
      expect(data?.html).toContain('<code data-lang="cpp"><span class="hljs-type">int</span> a;');
    }
  });

  it('gives an output-only problem no code box (it takes answer files)', async () => {
    const added = await c.admin.post<{ problem_id: number }>(`${P}/admin/add`, {
      ...problemBody({ description: '提交答案文件', visible: true }),
      judging: { type: 'output-only' },
    });
    expect([added.code, added.message]).toEqual([0, added.message]);
    const html = await page(c.anon, added.data.problem_id);
    expect(html).toContain('提交答案文件');
    expect(html).not.toContain('<textarea');
    expect(await page(c.anon, await add({ visible: true }))).toContain('<textarea id="oj-prerender-code"');
  });

  it('never lets a statement end the data block or run script', async () => {
    const description = '危险 </script><script>alert(1)</script> <!-- 与 <b>粗体</b>';
    const id = await add({ description, visible: true });
    const html = await page(c.anon, id);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>粗体</b>');
    // One data block, whole: the text comes back as written.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(dataBlock(html)?.answer.data.description).toBe(description);
  });

  it('sends the plain page for a hidden, missing or malformed problem, and to editors', async () => {
    const id = await add({ description: '隐藏题面的秘密文字', visible: false });
    for (const who of [c.anon, c.user, c.admin]) expect(await page(who, id)).toBe(INDEX);
    for (const path of [999_999, 'abc', '0', '1e3']) expect(await page(c.anon, path)).toBe(INDEX);
    // An editor's page asks the API (it sees what visitors do not, such as the checker's source).
    const shown = await add({ description: '公开题面', visible: true });
    expect(await page(c.admin, shown)).toBe(INDEX);
  });

  it('shows an edited statement at once and stops showing one that was hidden', async () => {
    const id = await add({ description: '第一版', visible: true });
    expect(await page(c.anon, id)).toContain('第一版');
    const modify = (over: Parameters<typeof problemBody>[0]) =>
      c.admin.post(`${P}/admin/modify`, { ...problemBody(over), problem_id: id });
    expect((await modify({ description: '第二版', visible: true })).code).toBe(0);
    const edited = await page(c.anon, id);
    expect(edited).toContain('第二版');
    expect(edited).not.toContain('第一版');
    expect((await modify({ description: '第二版', visible: false })).code).toBe(0);
    expect(await page(c.anon, id)).toBe(INDEX);
  });

  it('sends /markdown with its welcome document rendered: public text, the same for every viewer', async () => {
    for (const who of [c.anon, c.user]) {
      const res = await who.request<string>('GET', '/markdown');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const block = /<script type="application\/json" id="oj-prerender-markdown">([\s\S]*?)<\/script>/.exec(
        res.data,
      );
      const data = JSON.parse(block?.[1] ?? 'null') as { text: string; html: string } | null;
      expect(data?.text).toBe(MARKDOWN_WELCOME);
      expect(data?.html).toMatch(/<h1[^>]*>欢迎使用 Markdown 编辑器<\/h1>/);
      // Math typeset and code coloured here: the page shows it with no renderer to download.
      expect(data?.html).toMatch(/<span class="katex">/);
      expect(data?.html).toContain('<span class="hljs-');
      expect(res.data).toContain('<link rel="stylesheet" href="/assets/katex-1.css">');
      // No problem's first paint, and nothing of the viewer's.
      expect(res.data).not.toContain('oj-prerender-data');
    }
  });

  it('reads the build again after a deploy replaced it', async () => {
    const id = await add({ description: '部署', visible: true });
    expect(await page(c.anon, id)).toContain('<title>字节OJ</title>');
    const later = new Date(Date.now() + 5_000);
    writeFileSync(join(dist, 'index.html'), INDEX.replace('字节OJ', '新版本'));
    utimesSync(join(dist, 'index.html'), later, later);
    const html = await page(c.anon, id);
    expect(html).toContain('<title>新版本</title>');
    expect(html).toContain('部署');
    expect((await c.anon.request<string>('GET', '/markdown')).data).toContain('<title>新版本</title>');
    writeFileSync(join(dist, 'index.html'), INDEX);
  });
});
