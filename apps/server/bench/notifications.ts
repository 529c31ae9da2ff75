// `npm run bench notifications`: in-process cost of the 站内消息 and moderation reads on SQLite
// with 200 000 notifications (one heavy user holds 20 000 of them, half unread): the unread count
// (every page load's badge and every live push), the first and a deep page of the list, a comment
// with ten @mentions (resolving accounts, storing, announcing) and the mute check before a write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';
import { scoped } from '../src/db/scoped';
import { createDomainBus } from '../src/events';
import { systemClock } from '../src/lib/time';
import { Outbox } from '../src/lib/outbox';
import {
  createModerationService,
  createWriteGate,
  MODERATION_TABLES,
  type ModerationTargets,
} from '../src/modules/moderation';
import { createNotificationsService, NOTIFICATIONS_TABLES } from '../src/modules/notifications';
import { createUsersService, USERS_TABLES } from '../src/modules/users';
import * as usersRepo from '../src/modules/users/repo';
import { AUTH_TABLES, createSessionsService } from '../src/modules/auth';
import { COMPETITIONS_TABLES, createUserContests } from '../src/modules/competitions';

const dataDir = mkdtempSync(join(tmpdir(), 'oj-notifications-bench-'));
const { db, close } = await openDatabase({ databaseUrl: '', dataDir });
await migrate(db as never, 'sqlite');
const sessions = createSessionsService({
  db: scoped(db, AUTH_TABLES),
  ttlMs: 60_000,
  clock: systemClock,
  redis: null,
  redisPrefix: '',
});
const outbox = new Outbox(db, (err) => console.error(err));
const users = createUsersService({
  db: scoped(db, USERS_TABLES),
  sessions,
  argon2: { memoryCost: 1024, timeCost: 1 },
  outbox,
  onCardView: async () => {},
  contests: createUserContests({ db: scoped(db, COMPETITIONS_TABLES) }),
});
const bus = createDomainBus(undefined, (err) => console.error(err));
// Every post is readable here: the bench measures storing and reading notifications.
const posts = { mayRead: async () => true };
const notifications = createNotificationsService({
  db: scoped(db, NOTIFICATIONS_TABLES),
  users,
  posts,
  bus,
  clock: systemClock,
});
// No report is made here: the forum's side of moderation is never asked.
const moderation = createModerationService({
  db: scoped(db, MODERATION_TABLES),
  users,
  clock: systemClock,
  targets: {} as ModerationTargets,
});
const writeBlock = createWriteGate({ db: scoped(db, MODERATION_TABLES), clock: systemClock });

const USERS = 1000;
for (let i = 0; i < USERS; i++)
  await usersRepo.insert(scoped(db, USERS_TABLES), {
    account: `user_${i}`,
    email: `u${i}@example.com`,
    password_hash: '',
    username: `用户${i}`,
    avatar: '',
    role: 1,
    is_boss: 0,
  });
const heavy = 1;
const now = new Date().toISOString();
for (let i = 0; i < 200_000; i += 1000)
  await db
    .insertInto('notifications')
    .values(
      Array.from({ length: 1000 }, (_, k) => {
        const n = i + k;
        return {
          user_id: n % 10 === 0 ? heavy : 2 + (n % (USERS - 1)),
          kind: 'reply_post',
          actor_id: 2 + (n % 50),
          post_id: n,
          comment_id: n,
          title: `帖子 ${n}`,
          excerpt: '一段回复',
          is_read: n % 20 === 0 ? 0 : 1,
          create_time: now,
        };
      }),
    )
    .execute();
await moderation.mute(1, { uuid: 5, days: 3, reason: 'bench' }).catch(() => undefined);

async function time(title: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(200, n); i++) await fn(i);
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn(i);
    rounds.push(((performance.now() - t0) * 1000) / n);
  }
  rounds.sort((a, b) => a - b);
  console.log(`${title}: best ${rounds[0].toFixed(0)} µs, median ${rounds[2].toFixed(0)} µs`);
}

await time('unread count, heavy user (10 000 unread of 20 000)', 2000, () => notifications.unread(heavy));
await time('unread count, ordinary user', 2000, () => notifications.unread(500));
await time('list page 1 (20 rows + actor names)', 1000, () =>
  notifications.list(heavy, { pageNum: 1, pageSize: 20 }),
);
await time('list page 500', 200, () => notifications.list(heavy, { pageNum: 500, pageSize: 20 }));
const mentions = Array.from({ length: 10 }, (_, k) => `@user_${100 + k}`).join(' ');
await time('comment with 10 @mentions (11 rows stored)', 500, (i) =>
  notifications.onComment({
    comment_id: 1_000_000 + i,
    post_id: 7,
    post_title: '基准',
    post_author_id: 3,
    parent_author_id: null,
    author_id: 4,
    content: `回复 ${mentions}`,
  }),
);
await time('writeBlock (muted user)', 5000, () => writeBlock(5));
await time('writeBlock (free user)', 5000, () => writeBlock(6));
await bus.close();
await close();
rmSync(dataDir, { recursive: true, force: true });
