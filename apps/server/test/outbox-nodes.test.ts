import { afterEach, describe, expect, it } from 'vitest';
import { backends, migratedDatabase } from './helpers';
import type { Db } from '../src/db/kysely';
import { CLAIM_MS, Outbox, type OutboxItem } from '../src/lib/outbox';

/** Two nodes' outboxes on one database: each row goes to one consumer, a dead node's claim expires. */
describe.each(backends())('the outbox on two nodes ($name)', (backend) => {
  let opened: { db: Db; cleanup(): Promise<void> } | null = null;
  afterEach(async () => {
    await opened?.cleanup();
    opened = null;
  });

  it('hands every row to exactly one node when both drain at once', async () => {
    opened = await migratedDatabase(backend);
    const { db } = opened;
    const seen = new Map<string, string[]>();
    const node = (name: string) => {
      const outbox = new Outbox(
        db.db,
        (err) => {
          throw err;
        },
        db.dialect,
      );
      outbox.consume('work', async (items) => {
        // A slow consumer: the other node's pass runs meanwhile.
        await new Promise((r) => setImmediate(r));
        for (const i of items) seen.set(i.key, [...(seen.get(i.key) ?? []), name]);
      });
      return outbox;
    };
    const a = node('a');
    const b = node('b');
    for (let round = 0; round < 3; round++) {
      seen.clear();
      const rows = Array.from({ length: 450 }, (_, i) => ({
        topic: 'work',
        key: `${round}-${i}`,
        create_time: new Date().toISOString(),
      }));
      await db.db.insertInto('outbox').values(rows).execute();
      const [na, nb] = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(seen.size).toBe(450);
      expect([...seen.values()].filter((by) => by.length !== 1)).toEqual([]);
      expect(na + nb).toBeGreaterThan(0);
      expect(await db.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    }
  });

  it('takes over a batch claimed by a node that died, once the claim expires; a failing consumer gives it back', async () => {
    opened = await migratedDatabase(backend);
    const { db } = opened;
    await db.db
      .insertInto('outbox')
      .values(
        [1, 2, 3].map((k) => ({ topic: 'work', key: String(k), create_time: new Date().toISOString() })),
      )
      .execute();
    const dead = new Outbox(db.db, () => {}, db.dialect);
    // The dead node claimed the rows and never handled them.
    expect((await dead.claim('work', 'dead-node-pass')).map((i) => i.key)).toEqual(['1', '2', '3']);
    const got: OutboxItem[] = [];
    let failing = 1;
    const live = new Outbox(db.db, () => {}, db.dialect);
    live.consume('work', async (items) => {
      if (failing-- > 0) throw new Error('not now');
      got.push(...items);
    });
    expect(await live.drain()).toBe(0);
    expect(got).toEqual([]);
    // The claim runs out (moved back in time, as a dead node's would).
    await db.db
      .updateTable('outbox')
      .set({ claimed_until: new Date(Date.now() - CLAIM_MS).toISOString() })
      .execute();
    expect(await live.drain()).toBe(0); // the consumer failed: the rows are given back at once…
    expect(await live.drain()).toBe(3); // …and handled on the next pass
    expect(got.map((i) => i.key)).toEqual(['1', '2', '3']);
  });
});
