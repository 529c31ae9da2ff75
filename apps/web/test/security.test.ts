import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aceIn, BOSS, currentUser, newPage, outboxCount, startEnv, type Env } from './support';

// The sites under their Content-Security-Policy (no violation on any page we visit), and a real
// cross-origin form post from a page on another port of the same host (same-site, so the SameSite=Lax
// session cookie travels with it) that must not act for the logged-in victim.
let env: Env;
let attacker: Server;
let attackerUrl = '';
/** The attacker's page: a form that posts itself on load, as a hostile site would. */
let attackerPage = '';

beforeAll(async () => {
  env = await startEnv({ seedDemo: true });
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackerPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  attacker?.close();
  await env?.close();
});

/** Collects CSP violations the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation;
      report(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

async function loginAsBoss(page: Page) {
  await page.goto(`${env.server.url}/user/login`);
  await page.getByPlaceholder('账号或邮箱').fill(BOSS.account);
  await page.getByPlaceholder('密码', { exact: true }).fill(BOSS.password);
  await page.locator('form#password-login').getByRole('button', { name: '登陆' }).click();
  await page.waitForURL(/\/home$/);
}

describe('content security policy', () => {
  it('loads the user site, a problem with its editor and the management site without a violation', async () => {
    const page = await newPage(env);
    const violations = await watchViolations(page);
    await loginAsBoss(page);
    await page.goto(`${env.server.url}/problems`);
    await expect.poll(() => page.getByText('A+B').count()).toBeGreaterThan(0);
    await page.goto(`${env.server.url}/problems/algorithm/1000`);
    await aceIn(page);
    await page.goto(`${env.server.url}/admin/`);
    await page.getByText('管理中心').first().waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});

describe('cross-site request forgery', () => {
  it('a form on another port of the same host neither logs the victim out nor mails a code', async () => {
    const page = await newPage(env);
    await loginAsBoss(page);
    const boss = (await currentUser(page)).uuid;
    expect(boss).toBeGreaterThan(0);

    // text/plain: the one simple-form type Fastify parses by default (urlencoded it refuses anyway).
    attackerPage = `<!doctype html><form method="post" enctype="text/plain"
      action="${env.server.url}/api/user/logout"><input name="x" value="y"></form>
      <script>document.forms[0].submit()</script>`;
    await page.goto(attackerUrl);
    await page.waitForURL(`${env.server.url}/api/user/logout`);
    expect(await page.locator('body').innerText()).toContain('拒绝来自其他网站的请求');

    const email = 'csrf-target@example.com';
    attackerPage = `<!doctype html><form method="post" enctype="text/plain"
      action="${env.server.url}/api/user/email/send?receiveEmail=${encodeURIComponent(email)}">
      <input name="x" value="y"></form><script>document.forms[0].submit()</script>`;
    await page.goto(attackerUrl);
    await page.waitForURL(/\/api\/user\/email\/send/);
    expect(await page.locator('body').innerText()).toContain('拒绝来自其他网站的请求');
    expect(outboxCount(env.dataDir, email)).toBe(0);

    await page.goto(`${env.server.url}/home`);
    expect((await currentUser(page)).uuid, 'still logged in').toBe(boss);
    await page.context().close();
  });
});
