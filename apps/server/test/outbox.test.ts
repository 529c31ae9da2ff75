import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, migratedDatabase } from './helpers';
import type { Db } from '../src/db/kysely';
import { Outbox, type OutboxItem } from '../src/lib/outbox';

describe.each(backends())('outbox ($name)', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await migratedDatabase(backend));
  });
  afterAll(() => cleanup());

  const pending = async () => (await db.db.selectFrom('outbox').select('key').execute()).map((r) => r.key);

  it('hands committed items to their topic once, in order, and forgets rolled-back ones', async () => {
    const outbox = new Outbox(db.db, () => {});
    const seen: string[] = [];
    outbox.consume('post', async (items) => void seen.push(...items.map((i) => i.key)));
    await db.db.transaction().execute(async (trx) => {
      await outbox.add(trx, 'post', 1);
      await outbox.add(trx, 'post', 2);
    });
    await db.db
      .transaction()
      .execute(async (trx) => {
        await outbox.add(trx, 'post', 3);
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await outbox.drain()).toBe(2);
    expect(seen).toEqual(['1', '2']);
    expect(await outbox.drain()).toBe(0);
    expect(await pending()).toEqual([]);
  });

  it('keeps what a failing handler could not do, and a new process (after a crash) does it', async () => {
    const errors: string[] = [];
    const crashed = new Outbox(db.db, (_err, topic) => errors.push(topic));
    crashed.consume('course', async () => {
      throw new Error('index unavailable');
    });
    await crashed.add(db.db, 'course', 7);
    expect(await crashed.drain()).toBe(0);
    expect(errors).toEqual(['course']);
    expect(await pending()).toEqual(['7']);

    const restarted = new Outbox(db.db, () => {});
    const seen: OutboxItem[] = [];
    restarted.consume('course', async (items) => void seen.push(...items));
    expect(await restarted.drain()).toBe(1);
    expect(seen.map((i) => [i.topic, i.key])).toEqual([['course', '7']]);
  });

  it('leaves topics without a consumer here alone, and refuses a second consumer', async () => {
    const outbox = new Outbox(db.db, () => {});
    outbox.consume('post', async () => {});
    expect(() => outbox.consume('post', async () => {})).toThrow(/already/);
    await outbox.add(db.db, 'user', 9);
    expect(await outbox.drain()).toBe(0);
    expect(await pending()).toEqual(['9']);
    await db.db.deleteFrom('outbox').execute();
  });

  it('after start, a poke handles a new item without waiting for the poll', async () => {
    const outbox = new Outbox(db.db, () => {});
    const done = new Promise<string>((resolve) =>
      outbox.consume('problem', async (items) => resolve(items[0]!.key)),
    );
    outbox.start();
    await outbox.add(db.db, 'problem', 1000);
    expect(await done).toBe('1000');
    await outbox.stop();
  });
  it('an idle pass costs one statement whatever the number of topics; a busy one reads only its topic', async () => {
    let statements = 0;
    const counted = db.db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const outbox = new Outbox(counted, () => {});
    const seen: string[] = [];
    for (const topic of ['post', 'user', 'course', 'competition', 'problem'])
      outbox.consume(topic, async (items) => void seen.push(...items.map((i) => `${topic}:${i.key}`)));
    expect(await outbox.drain()).toBe(0);
    expect(statements).toBe(1);
    await db.db.insertInto('outbox').values({ topic: 'user', key: '5', create_time: new Date().toISOString() }).execute();
    statements = 0;
    expect(await outbox.drain()).toBe(1);
    expect(seen).toEqual(['user:5']);
    expect(statements).toBe(3); // which topics, that topic's batch, its delete
  });
});
