import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, freshPostgresDatabase } from '../../../test/helpers';
import { openDatabase, type Db } from '../../db/kysely';
import { migrate } from '../../db/migrate';
import { scoped } from '../../db/scoped';
import { Outbox } from '../../lib/outbox';
import { nowIso } from '../../lib/time';
import { LocalObjectStore } from '../files';
import { createCoursesService, type CoursesService } from './service';
import { COURSES_TABLES } from './tables';

/** What the payments module is handed (priceOf, enrol, unenrol, isMember) and the search index's read. */
describe.each(backends())('the courses service for payments and search on $name', (backend) => {
  let db: Db;
  let svc: CoursesService;
  let cleanup: () => Promise<void>;
  let paid: number;
  let userId: number;
  const outboxKeys = async () =>
    (await db.db.selectFrom('outbox').select(['topic', 'key']).orderBy('id').execute()).map(
      (r) => `${r.topic}:${r.key}`,
    );

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'oj-courses-'));
    const pgdb = backend.databaseUrl ? await freshPostgresDatabase(backend.databaseUrl) : null;
    db = await openDatabase({ databaseUrl: pgdb?.url ?? '', dataDir });
    await migrate(db.db as never, db.dialect);
    const outbox = new Outbox(db.db, () => {});
    // Only the membership and index operations run here: they touch no other module.
    svc = createCoursesService({
      db: scoped(db.db, COURSES_TABLES),
      problems: {} as never,
      math408: {} as never,
      users: {} as never,
      solutions: {} as never,
      outbox,
      dataDir,
      objects: new LocalObjectStore(dataDir),
      video: { urlKey: 'k', aliyun: null },
      videoUrlKey: Buffer.alloc(32, 1),
    });
    const now = nowIso();
    userId = (
      await db.db
        .insertInto('users')
        .values({
          account: 'payer',
          email: 'payer@example.com',
          password_hash: 'x',
          username: 'payer',
          create_time: now,
          update_time: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    paid = (
      await db.db
        .insertInto('study_plans')
        .values({
          kind: 'course',
          title: '付费课',
          description: 'd',
          cover: null,
          price_fen: 1990,
          searchable: 1,
          create_time: now,
          update_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    cleanup = async () => {
      await db.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());

  it('priceOf answers title and price, null for an unknown course', async () => {
    expect(await svc.priceOf(paid)).toEqual({ title: '付费课', price_fen: 1990 });
    expect(await svc.priceOf(987654)).toBeNull();
  });

  it('enrol is idempotent and keeps the first order; unenrol removes; each writes the outbox', async () => {
    expect(await svc.isMember(paid, userId)).toBe(false);
    await svc.enrol(paid, userId, { order: 'OJ1' });
    await svc.enrol(paid, userId, { order: 'OJ2' });
    await Promise.all([svc.enrol(paid, userId, { order: 'OJ3' }), svc.enrol(paid, userId, { order: 'OJ4' })]);
    expect(await svc.isMember(paid, userId)).toBe(true);
    const rows = await db.db.selectFrom('study_members').selectAll().where('plan_id', '=', paid).execute();
    expect(rows.map((r) => r.via)).toEqual(['order:OJ1']);
    await expect(svc.enrol(987654, userId, { order: 'X' })).rejects.toThrow('课程 987654 不存在');
    await svc.unenrol(paid, userId);
    await svc.unenrol(paid, userId);
    expect(await svc.isMember(paid, userId)).toBe(false);
    expect((await outboxKeys()).every((k) => k === `course:${paid}`)).toBe(true);
    expect((await outboxKeys()).length).toBeGreaterThanOrEqual(6);
  });

  it('coursesForIndex answers existing courses only', async () => {
    expect(await svc.coursesForIndex([paid, 987654])).toEqual([
      { id: paid, title: '付费课', description: 'd', price_fen: 1990, searchable: true },
    ]);
    await db.db.updateTable('study_plans').set({ is_delete: 1 }).where('id', '=', paid).execute();
    expect(await svc.coursesForIndex([paid])).toEqual([]);
  });
});
