import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../test/helpers';
import { emptyDatabase, migrateOnly } from '../../../test/migrations';
import type { Db } from '../kysely';
import { migrate } from '../migrate';
import * as m001 from './001_accounts';
import * as m011 from './011_payments';

/** A database as an install that had payments before 020 has it. */
const oldDatabase = (db: Db) => migrateOnly(db, { '001_accounts': m001, '011_payments': m011 });

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();

describe.each(backends())('020_payment_hardening on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  });

  it('moves the refused and replayed events an install holds into counters and the last 100', async () => {
    const db = await emptyDatabase(backend, cleanups);
    await oldDatabase(db);

    // What the audit left: 150 forged notifies of 7.8 KB, 10 replays, and two real changes.
    const rows = [
      ...Array.from({ length: 150 }, (_, i) => ({ outcome: 'bad_sign', body: `n=${i}&${'A'.repeat(7800)}` })),
      { outcome: 'paid', body: 'paid-body' },
      ...Array.from({ length: 10 }, (_, i) => ({ outcome: 'replay', body: `replay ${i}` })),
      { outcome: 'refunded', body: 'refund-body' },
    ];
    for (const [i, r] of rows.entries())
      await db.db
        .insertInto('payment_events')
        .values({
          ...r,
          source: r.outcome === 'refunded' ? 'refund' : 'notify',
          out_trade_no: `OJ${i}`,
          create_time: at(i),
        })
        .execute();

    await migrate(db.db as unknown as Kysely<unknown>, db.dialect);

    const events = await db.db
      .selectFrom('payment_events')
      .select(['outcome', 'body'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { outcome: 'paid', body: 'paid-body' },
      { outcome: 'refunded', body: 'refund-body' },
    ]);
    const counts = await db.db.selectFrom('payment_ignored_counts').selectAll().orderBy('outcome').execute();
    expect(counts.map((c) => [c.source, c.outcome, Number(c.count), c.last_time])).toEqual([
      ['notify', 'bad_sign', 150, at(149)],
      ['notify', 'replay', 10, at(160)],
    ]);
    const kept = await db.db.selectFrom('payment_ignored').selectAll().orderBy('id').execute();
    expect(kept).toHaveLength(100);
    // The newest 100 in their order: forgeries 60..149, then the replays; bodies cut to 1000.
    expect(kept[0]).toMatchObject({
      outcome: 'bad_sign',
      out_trade_no: 'OJ60',
      address: null,
      create_time: at(60),
    });
    expect(kept[0].body).toHaveLength(1000);
    expect(kept.at(-1)).toMatchObject({ outcome: 'replay', out_trade_no: 'OJ160', body: 'replay 9' });
  });
});
