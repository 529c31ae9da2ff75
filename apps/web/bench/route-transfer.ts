// What a browser downloads to show each route, and how long the problem page takes on a slow phone
// network: the real server (seeded demo data) on the built sites, Debian's Chromium, bytes counted
// by Chromium itself (CDP Network.loadingFinished encodedDataLength = bytes on the wire, headers
// included). Each route is loaded with a cold cache, once as browsers ask (br, gzip) and once with
// compression refused (the `before` of issue 28: the sites used to be sent uncompressed). Each line
// says how many scripts and stylesheets the route asked for: on a slow link every request pays the
// round trip, six at a time over HTTP/1.1. OJ_BENCH_FILES=1 also lists the files, and for the problem
// page on Fast 3G every request in the order it finished (the waterfall).
// Run after `vite build`:  npx tsx apps/web/bench/route-transfer.ts
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startServer } from '@oj/server';

// OJ_WEB_DIST: measure a build made elsewhere (`vite build --outDir …`).
const dist = process.env.OJ_WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

const ROUTES = [
  '/home',
  '/problems',
  '/problems/algorithm/1000',
  '/competition',
  '/records',
  '/posts',
  '/search/dp',
  '/class',
  '/admin/',
  '/problem-list',
  '/problem-list/{list}', // a public list with a markdown description (made by the boss)
  '/competition/rank',
  '/introduction',
  '/code-replay',
  '/snippets',
  '/markdown',
  '/data-structure-animation',
  '/requirements',
  '/game',
  '/special',
  // Signed in (the seeded boss, an administrator): what members and staff wait for. `{class}`,
  // `{contest}` and `{record}` are a class, a running contest and an answer to it that the bench
  // creates as the boss.
  'boss:/class',
  'boss:/class/{class}',
  'boss:/class/homework/mine',
  'boss:/user',
  'boss:/user/space/1',
  'boss:/notifications',
  'boss:/posts/1',
  'boss:/posts/1000/solution/add',
  'boss:/discussion',
  'boss:/discussion/add',
  'boss:/study',
  'boss:/study/1',
  'boss:/course/2',
  'boss:/problem-list/mine',
  'boss:/problem-list/new',
  'boss:/favourites',
  'boss:/competition/{contest}',
  'boss:/competition/{contest}/problem/A',
  'boss:/competition/user/add/1/info',
  'boss:/competition/user/add/2',
  'boss:/problems/math408/1',
  'boss:/problems/math408/wrong',
  'boss:/problems/math408/exam',
  'boss:/requirements/add',
  'boss:/competition/{contest}/records/{record}',
  'boss:/problems/1000/records/{record}',
  'boss:/admin/users',
];
// OJ_BENCH_ROUTES: only these routes (comma-separated; empty: none, only the problem page on Fast 3G).
const routes =
  process.env.OJ_BENCH_ROUTES === undefined ? ROUTES : process.env.OJ_BENCH_ROUTES.split(',').filter(Boolean);
const kb = (n: number) => (Number.isNaN(n) ? '—' : `${(n / 1024).toFixed(0)} KB`);

/** Chrome DevTools' "Fast 3G" profile: 562.5 ms latency, ~1.44 Mbit/s down, ~675 kbit/s up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

interface Load {
  js: number;
  css: number;
  all: number;
  ms: number;
  /** Milliseconds from the start until each of `marks` showed. */
  marks: Record<string, number>;
  /** Every script and stylesheet: path, bytes on the wire, ms from the start until it had arrived (OJ_BENCH_FILES=1 prints them). */
  files: [string, number, number][];
  timeline: [string, number, number][];
  /** What `act` answered (false when not given), and the text of the first Ace editor at the end. */
  acted: boolean;
  editorText: string;
}

/** How long no script or stylesheet may be asked for before a route counts as loaded. */
const QUIET_MS = 1500;

/** Waits until `quiet` holds (polled), for at most 20 s. */
async function codeQuiet(quiet: () => boolean): Promise<void> {
  const until = Date.now() + 20_000;
  while (!quiet() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

async function load(
  page: Page,
  cdp: CDPSession,
  url: string,
  ready: string,
  marks: Record<string, string> = {},
  act?: (page: Page) => Promise<boolean>,
): Promise<Load> {
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const totals = { js: 0, css: 0, all: 0 };
  const files: [string, number, number][] = [];
  /** The other requests (the page, API answers, fonts), for OJ_BENCH_FILES. */
  const timeline: [string, number, number][] = [];
  let started = 0;
  // Scripts and stylesheets under way, and when the last one started or ended: the route has loaded
  // what it will once none has been asked for a while (the SSE stream keeps 'networkidle' away).
  const inflight = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type !== 'Script' && e.type !== 'Stylesheet') return;
    inflight.add(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    if (inflight.delete(e.requestId)) lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = types.get(e.requestId);
    totals.all += e.encodedDataLength;
    if (t === 'Script') totals.js += e.encodedDataLength;
    if (t === 'Stylesheet') totals.css += e.encodedDataLength;
    const entry: [string, number, number] = [
      new URL(urls.get(e.requestId) ?? 'about:blank').pathname,
      e.encodedDataLength,
      Date.now() - started,
    ];
    (t === 'Script' || t === 'Stylesheet' ? files : timeline).push(entry);
    if (inflight.delete(e.requestId)) lastActivity = Date.now();
  });
  started = Date.now();
  const shown: Record<string, number> = {};
  const watched = Object.entries(marks).map(([name, selector]) =>
    page
      .locator(selector)
      .first()
      .waitFor({ timeout: 120_000 })
      .then(() => void (shown[name] = Date.now() - started)),
  );
  // Not awaited: the page loads on (`act` runs as soon as the page lets it).
  const acting = act ? act(page) : Promise.resolve(false);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  const ms = Date.now() - started;
  await Promise.all(watched);
  const acted = await acting;
  await codeQuiet(() => inflight.size === 0 && Date.now() - lastActivity >= QUIET_MS);
  // The code the page's editor holds: the plain box's text before Ace, or Ace's lines.
  const editor = page.locator('.oj-solve-editor [data-testid="code-editor"]').first();
  const plain = editor.locator('textarea.oj-code-plain');
  const editorText = !(await editor.count())
    ? ''
    : (await plain.count())
      ? await plain.inputValue()
      : await editor
          .locator('.ace_content')
          .innerText({ timeout: 5000 })
          .catch(() => '');
  return { ...totals, ms, marks: shown, files, timeline, acted, editorText };
}

async function measure(
  route: string,
  opts: {
    compressed: boolean;
    throttle?: boolean;
    ready?: string;
    marks?: Record<string, string>;
    act?: (page: Page) => Promise<boolean>;
  },
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
  const signedIn = route.startsWith(BOSS_PREFIX);
  if (signedIn) {
    await context.addCookies([{ name: 'oj_session', value: await bossSession(), url: server.url }]);
    route = route.slice(BOSS_PREFIX.length);
  }
  route = route.replace(/\{(\w+)\}/g, (_, name: string) => String(created[name as keyof typeof created]));
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!opts.compressed)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  if (opts.throttle) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  const r = await load(page, cdp, server.url + route, opts.ready ?? '#root *, #app *', opts.marks, opts.act);
  await page.context().close();
  return r;
}

/** A route written `boss:/path` is measured signed in as the seeded administrator. */
const BOSS_PREFIX = 'boss:';
let session: string | undefined;
async function bossSession(): Promise<string> {
  if (session) return session;
  const key = ((await (await fetch(`${server.url}/api/getPublicKey`)).json()) as { data: string }).data;
  const password = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(BOSS.password),
  ).toString('base64');
  const res = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: BOSS.account, password }),
  });
  session = res.headers
    .getSetCookie()
    .map((c) => /^oj_session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!session) throw new Error(`boss login: ${JSON.stringify(await res.json())}`);
  return session;
}

/**
 * What the pages need to show their real content: a class, a running contest and an answer to it,
 * and a public problem list, the boss's.
 */
async function createAsBoss(): Promise<{ class: number; contest: number; record: number; list: number }> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `oj_session=${await bossSession()}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 0) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const cls = await post<{ class_id: number }>('/api/class/create', {
    name: '测速班',
    description: '计时用',
  });
  const contest = await post<{ competition_id: number }>('/api/competition/user/add', {
    name: '测速赛',
    description: '',
    type: 1,
    start_time: at(-10),
    end_time: at(120),
    problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });
  // A record to open: the boss's answer to the running contest's first problem.
  // (Its author may submit without joining; joining is tried and may be refused.)
  await post('/api/competition/join?competition_id=' + contest.competition_id, {}).catch(() => undefined);
  const sent = await post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
    problem_id: 1000,
    competition_id: contest.competition_id,
    index: 0,
    language: 'Python3',
    source_code: 'a, b = map(int, input().split())\nprint(a + b)\n',
  });
  const list = await post<{ list_id: number }>('/api/problem-list/create', {
    title: '入门十题',
    description: '## 说明\n\n从 $a+b$ 开始，**按顺序**做。\n\n```cpp\nint main() {}\n```',
    public: true,
    items: [{ problem_id: 1000 }, { problem_id: 1001 }],
  });
  return {
    class: cls.class_id,
    contest: contest.competition_id,
    record: sent.submission_id,
    list: list.list_id,
  };
}

const BOSS = { account: 'boss', password: 'Boss-pass-123' };
const dataDir = mkdtempSync(join(tmpdir(), 'oj-bench-transfer-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: '',
  redisUrl: '',
  webDistDir: dist,
  logLevel: 'silent',
  fastPasswordHashing: true,
  adminAccount: BOSS.account,
  adminPassword: BOSS.password,
  seedDemo: true,
});
const created = routes.some((r) => r.includes('{'))
  ? await createAsBoss()
  : { class: 0, contest: 0, record: 0 };
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
try {
  console.log(
    'route: JS (+CSS) transferred, compressed as sent now (limit 200 KB), requests | uncompressed (before)',
  );
  for (const route of routes) {
    const now = await measure(route, { compressed: true });
    // OJ_BENCH_SENT_ONLY=1: skip the uncompressed load (the `before` column), half the time.
    const before = process.env.OJ_BENCH_SENT_ONLY
      ? { js: NaN, css: NaN, all: NaN }
      : await measure(route, { compressed: false });
    console.log(
      `  ${route.padEnd(38)} JS ${kb(now.js).padStart(7)} + CSS ${kb(now.css).padStart(6)} ${now.js + now.css <= 200 * 1024 ? 'ok  ' : 'OVER'} ${String(now.files.length).padStart(3)} files | JS ${kb(before.js).padStart(7)} + CSS ${kb(before.css).padStart(6)}   (all bytes ${kb(now.all)} | ${kb(before.all)})`,
    );
    if (process.env.OJ_BENCH_FILES)
      for (const [file, n] of now.files.sort((a, b) => b[1] - a[1]))
        console.log(`      ${kb(n).padStart(7)} ${file}`);
  }
  // The problem page on Fast 3G (goal of issue 28: interactive ≤ 1.5 s). Printed: the statement
  // shown (the server's first paint, or the page's own); typing possible (the first paint's text
  // box, the page's stand-in box or Ace); the React page up with its editor. Interactive =
  // statement and typing. Code is typed into the first paint as soon as it can be, and must be in
  // the page's editor at the end. Ace loads when the writer comes to the editor: the pointer is
  // moved over it once the page is up, and the time until Ace has drawn the code is printed too.
  const ready = '.oj-solve-editor [data-testid="code-editor"] > *';
  const marks = {
    statement: '#oj-prerender .oj-markdown, .oj-solve-statement .oj-markdown',
    typing: '#oj-prerender-code, .oj-solve-editor .oj-code-plain, .oj-solve-editor .ace_content',
    page: '.oj-solve-statement .oj-markdown',
  };
  const typed = '/* typed before the scripts */';
  let aceAfterPointer = NaN;
  const typeEarly = async (page: Page) => {
    const acted = await page
      .locator('#oj-prerender-code')
      .fill(typed, { timeout: 120_000 })
      .then(() => true)
      .catch(() => false);
    const plain = page.locator('.oj-solve-editor .oj-code-plain');
    await plain.waitFor({ timeout: 120_000 });
    const from = Date.now();
    // (A build that loads Ace with the page may replace the box first: then no pointer is needed.)
    await plain.hover().catch(() => undefined);
    await page.locator('.oj-solve-editor .ace_content').waitFor({ timeout: 120_000 });
    aceAfterPointer = Date.now() - from;
    return acted;
  };
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const compressed of [true, false]) {
    const r = await measure('/problems/algorithm/1000', {
      compressed,
      throttle: true,
      ready,
      marks,
      act: typeEarly,
    });
    const kept = r.acted ? (r.editorText.includes(typed) ? 'kept by the editor' : 'LOST') : 'no first paint';
    console.log(
      `problem page on Fast 3G, ${compressed ? 'compressed' : 'uncompressed'}: statement ${s(r.marks.statement)}, typing ${s(r.marks.typing)} → interactive ${s(Math.max(r.marks.typing, r.marks.statement))} (limit 1.50 s); React page ${s(r.ms)}; Ace ${s(aceAfterPointer)} after the pointer came to the editor; early code ${kept} (${kb(r.all)} transferred with Ace, ${r.files.length} files)`,
    );
    if (process.env.OJ_BENCH_FILES)
      for (const [file, n, at] of [...r.files, ...r.timeline].sort((a, b) => a[2] - b[2]))
        console.log(`      ${s(at)} ${kb(n).padStart(7)} ${file}`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
