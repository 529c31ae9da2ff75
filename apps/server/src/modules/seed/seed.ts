import { randomBytes } from 'node:crypto';
import { Role } from '@oj/shared';
import type { UserDefaults } from '../users';
import type { BuiltinFilesDeps, SeedDeps } from './deps';
import { avatarPng, gradientPng, type Rgb } from './png';

const BACKGROUNDS: [Rgb, Rgb][] = [
  [
    [102, 126, 234],
    [118, 75, 162],
  ],
  [
    [67, 206, 162],
    [24, 90, 157],
  ],
  [
    [255, 175, 189],
    [255, 195, 160],
  ],
  [
    [33, 147, 176],
    [109, 213, 237],
  ],
  [
    [238, 156, 167],
    [255, 221, 225],
  ],
  [
    [30, 60, 114],
    [42, 82, 152],
  ],
];

/** The demo users' password (README): they exist to try the site, not to be secret. */
export const DEMO_PASSWORD = 'demo123456';
const DEMO_USERS = [
  { account: 'demo_alice', username: '爱丽丝', email: 'alice@demo.oj.localhost' },
  { account: 'demo_bob', username: '小明', email: 'bob@demo.oj.localhost' },
];

/** The built-in images, encoded once per process (50–60 ms of CPU; a test run starts hundreds of servers). */
let builtinImages: { avatar: Buffer; backgrounds: Buffer[] } | null = null;

/**
 * The default avatar and the built-in backgrounds: generated in code and stored content-addressed,
 * so they are the same files on every start (no download, no duplicate).
 */
export async function ensureBuiltinFiles(
  d: BuiltinFilesDeps,
): Promise<{ defaults: UserDefaults; backgrounds: string[] }> {
  builtinImages ??= {
    avatar: avatarPng(),
    backgrounds: BACKGROUNDS.map(([from, to]) => gradientPng(480, 270, from, to)),
  };
  // Our own PNGs (png.test.ts): stored as PNG without sniffing them, which would load file-type
  // on every start only for this (issue 28).
  const savePng = (png: Buffer) => d.files.save(png, 'png', 'image/png');
  const avatar = await savePng(builtinImages.avatar);
  const backgrounds: string[] = [];
  for (const png of builtinImages.backgrounds) backgrounds.push(await savePng(png));
  return { defaults: { avatar, background: backgrounds[0] }, backgrounds };
}

export interface SeedResult {
  /** Set only when the boss was created on this start with a generated password (printed once). */
  adminLogin: { account: string; password: string; generated: boolean } | null;
}

/** First-start content; idempotent: every step checks before it creates. */
export async function seed(d: SeedDeps, backgrounds: string[]): Promise<SeedResult> {
  for (const address of backgrounds) await d.pictures.addBuiltin(address);
  let adminLogin: SeedResult['adminLogin'] = null;
  if (!(await d.users.anyBoss())) {
    const account = d.config.adminAccount || 'admin';
    const generated = !d.config.adminPassword;
    const password = d.config.adminPassword || randomBytes(9).toString('base64url');
    const existing = await d.users.byAccount(account);
    if (existing) throw new Error(`OJ_ADMIN_ACCOUNT「${account}」已被普通用户占用，请换一个账号名`);
    await d.users.create({
      account,
      email: null,
      username: '超级管理员',
      password,
      role: Role.Admin,
      isBoss: true,
    });
    adminLogin = { account, password, generated };
  }
  if (d.config.seedDemo) {
    for (const u of DEMO_USERS) {
      if (!(await d.users.byAccount(u.account)) && !(await d.users.byEmail(u.email))) {
        await d.users.create({ ...u, password: DEMO_PASSWORD });
      }
    }
  }
  return { adminLogin };
}
