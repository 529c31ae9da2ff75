import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '@oj/server';
import { dataDirRoot, prepareDataDir } from '@oj/server/test/install-template';

/** Support for the browser tests: the real server serving the real built sites, and Debian's Chromium. */

export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** OJ_WEB_DIST: test a build made elsewhere (`vite build --outDir …`), e.g. while others rebuild dist. */
export const DIST_DIR = process.env.OJ_WEB_DIST ?? join(WEB_DIR, 'dist');
export const SHOTS_DIR = process.env.OJ_SHOTS_DIR ?? join(tmpdir(), 'shots');

/** Resolves to 127.0.0.1 inside the test browser only. */
export const INSECURE_HOST = 'oj-school.test';

export const BOSS = { account: 'boss', password: 'Boss-pass-123' };

/** The bootstrap builds the sites before the suite; a run of this folder alone builds them if missing. */
export function ensureBuilt() {
  if (existsSync(join(DIST_DIR, 'index.html')) && existsSync(join(DIST_DIR, 'admin', 'index.html'))) return;
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB_DIR, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('vite build failed');
}

export interface Env {
  server: RunningServer;
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server on the built sites and a browser. `seedDemo` adds the demo problems (the bank and
 * contest tests judge them in-process, in the real sandbox); the account tests start empty.
 */
export async function startEnv(
  options: {
    seedDemo?: boolean;
    seedDemoCommunity?: boolean;
    replace?: StartOptions['replace'];
    /** The server's environment (OJ_LANGUAGES …); default: this process's. */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<Env> {
  ensureBuilt();
  mkdirSync(SHOTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(dataDirRoot(), 'oj-web-test-'));
  await prepareDataDir(dataDir, true);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: '',
    redisUrl: '',
    webDistDir: DIST_DIR,
    logLevel: 'silent',
    fastPasswordHashing: true,
    adminAccount: BOSS.account,
    adminPassword: BOSS.password,
    seedDemo: options.seedDemo ?? false,
    // The demo plan, course and posts would change what the forum and course tests count.
    seedDemoCommunity: options.seedDemoCommunity ?? false,
    replace: options.replace,
    env: options.env,
    // The flows below mail several codes to one address within a minute (production allows one), and
    // the cases register and sign in their own users through the API, all from one address.
    rateLimits: {
      emailPerAddress: { max: 10, windowMs: 60_000 },
      emailPerIp: { max: 1000, windowMs: 60_000 },
      register: { max: 1000, windowMs: 60_000 },
      login: { max: 1000, windowMs: 60_000 },
    },
  });
  const browser = await envBrowser();
  return {
    server,
    browser,
    dataDir,
    async close() {
      await browser.closeContexts();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<Browser> | null = null;

/**
 * One Chromium for every test file of the process (launching one costs 0.5–1 s); each env gets its
 * own view of it whose `closeContexts` closes the contexts (profiles) that env opened, and nothing else.
 */
async function envBrowser(): Promise<Browser & { closeContexts(): Promise<void> }> {
  shared ??= chromium
    .launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // A plain-http name that is not localhost: the page is no secure context there (no Web Crypto),
        // like a school's http://10.x.x.x install.
        `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`,
      ],
    })
    .then((b) => {
      b.once('disconnected', () => (shared = null));
      return b;
    });
  const browser = await shared;
  const mine: BrowserContext[] = [];
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'closeContexts')
        return async () => {
          await Promise.all(mine.splice(0).map((c) => c.close().catch(() => undefined)));
        };
      if (prop === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          mine.push(context);
          return context;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as Browser & { closeContexts(): Promise<void> };
}

/** A fresh browser profile (own cookies) with a desktop window; page errors fail loudly in the log. */
export async function newPage(env: Env): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000); // generous for a loaded machine, short enough to fail clearly
  page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
  return page;
}

export async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The newest verification code mailed to `email`, read from the development outbox (<dataDir>/outbox/*.eml). */
export async function outboxCode(dataDir: string, email: string, after = 0): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const tag = email.replace(/[^A-Za-z0-9@._-]/g, '_');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(`${tag}.eml`))
          .sort()
      : [];
    if (files.length > after) {
      const raw = readFileSync(join(dir, files[files.length - 1]), 'utf8');
      const body = decodeQuotedPrintable(raw.slice(raw.search(/\r?\n\r?\n/)));
      const m = /(?<!\d)(\d{6})(?!\d)/.exec(body);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${email} in ${dir}`);
}

export function outboxCount(dataDir: string, email: string): number {
  const dir = join(dataDir, 'outbox');
  const tag = email.replace(/[^A-Za-z0-9@._-]/g, '_');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(`${tag}.eml`)).length : 0;
}

/** The signed-in user as the server sees it, asked from inside the page (its cookies). */
export function currentUser(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/user/current', { credentials: 'include' });
    return (await res.json()).data as {
      uuid: number;
      username: string;
      avatar: string;
      background_picture: string;
      school: string;
      gender: string;
      profile: string;
      tag_list: string[];
      role: number;
    };
  });
}

/** Encrypts like the sites do (RSA-OAEP, SHA-256, base64) for accounts made over plain HTTP. */
async function encryptForServer(base: string, password: string): Promise<string> {
  const { publicEncrypt, constants } = await import('node:crypto');
  const key = ((await (await fetch(`${base}/api/getPublicKey`)).json()) as { data: string }).data;
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

/** Registers an account through the real API (code from the outbox); answers its uuid. */
export async function registerViaApi(env: Env, account: string, password: string): Promise<number> {
  const base = env.server.url;
  const email = `${account}@example.com`;
  const sent = (await (
    await fetch(`${base}/api/user/email/send?receiveEmail=${encodeURIComponent(email)}`, { method: 'POST' })
  ).json()) as { code: number; message: string };
  if (sent.code !== 0) throw new Error(`send code: ${sent.message}`);
  const enc = await encryptForServer(base, password);
  const body = {
    account,
    email,
    code: await outboxCode(env.dataDir, email),
    password: enc,
    check_password: enc,
  };
  const res = (await (
    await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as { code: number; message: string; data: { uuid: number } };
  if (res.code !== 0) throw new Error(`register ${account}: ${res.message}`);
  return res.data.uuid;
}

/** Logs `account` in through the API; answers the session cookie's value. */
export async function apiLogin(env: Env, account: string, password: string): Promise<string> {
  const base = env.server.url;
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: await encryptForServer(base, password) }),
  });
  const body = (await res.json()) as { code: number; message: string };
  if (body.code !== 0) throw new Error(`login ${account}: ${body.message}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => /^oj_session=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!session) throw new Error(`login ${account}: no session cookie`);
  return session;
}

/**
 * A fresh page already signed in as `account`: logged in through the API, the session cookie handed
 * to the page's own browser profile. For cases whose subject is not the login form, so that each
 * case sets up its own session instead of relying on an earlier case having logged in.
 */
export async function signedInPage(env: Env, account: string, password: string): Promise<Page> {
  const base = env.server.url;
  const session = await apiLogin(env, account, password);
  const page = await newPage(env);
  await page.context().addCookies([{ name: 'oj_session', value: session, url: base }]);
  // On the site's origin (a cheap address), so that `pageApi` works before the case opens a page.
  await page.goto(`${base}/api/health`);
  return page;
}

/** An API call from inside the page (its session cookie). */
export async function pageApi<T>(
  page: Page,
  path: string,
  json?: unknown,
  method = 'POST',
): Promise<{ code: number; message: string; data: T }> {
  return page.evaluate(
    async ({ path, json, method }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: json === undefined ? {} : { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return res.json();
    },
    { path, json, method },
  );
}

/** Waits until a canvas stops changing (a chart's entry animation has ended): two equal frames in a row. */
export async function untilStill(canvas: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const frame = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
        const still = frame === last;
        last = frame;
        return still;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(true);
}

/** True when the page is no wider than its window (no horizontal scrolling, e.g. at 390 px). */
export const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * 创建比赛 on the wizard's last step, then waits for 创建成功. The default start (the next whole hour)
 * is minutes away in the last ten minutes of an hour, and then the wizard asks first (issue 29):
 * the tests that keep the default times answer 仍然创建.
 */
export async function createFromWizard(page: Page): Promise<void> {
  await page.getByTestId('wizard-create').click();
  const confirmSoon = page.locator('.ant-modal-confirm').getByRole('button', { name: /仍然创建/ });
  const created = page.waitForURL(/\/1\/success$/);
  const asked = confirmSoon.waitFor().then(
    () => 'asked' as const,
    () => 'gone' as const,
  );
  if ((await Promise.race([created.then(() => 'created' as const), asked])) === 'asked')
    await confirmSoon.click();
  await created;
}

/**
 * The first code editor in `scope` with Ace loaded. A solving page's editor loads Ace when the
 * writer comes to it (CodeEditor's `loadWhenUsed`): the plain box standing in for it is focused, as
 * a click into it would, and Ace then takes over.
 */
export async function aceIn(scope: Page | Locator): Promise<Locator> {
  const editor = scope.locator('[data-testid="code-editor"]').first();
  await editor.waitFor();
  await editor.evaluate((el) => el.querySelector<HTMLElement>('textarea.oj-code-plain')?.focus());
  const ace = editor.locator('.ace_content');
  await ace.waitFor();
  return ace;
}

/** The code the first editor in `scope` shows: Ace's lines, or the plain box's text before Ace. */
export async function shownCode(scope: Page | Locator): Promise<string> {
  const editor = scope.locator('[data-testid="code-editor"]').first();
  return editor.evaluate(
    (el) =>
      el.querySelector<HTMLTextAreaElement>('textarea.oj-code-plain')?.value ??
      el.querySelector<HTMLElement>('.ace_content')?.innerText ??
      '',
  );
}

/** Picks the option labelled `label` of the plain <select> with this test id (the first one shown). */
export async function pickNative(scope: Page | Locator, testId: string, label: string): Promise<void> {
  await scope.locator(`[data-testid="${testId}"]:visible`).first().selectOption({ label });
}
