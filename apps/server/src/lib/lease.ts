import type { Kysely } from 'kysely';
import { type AnyTx, scoped, tableSet } from '../db/scoped';
import { type Clock, systemClock } from './time';

/** 042_nodes: who runs a periodic job now, and until when. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** The leases' one table, owned here (db/scoped.ts). */
export interface LeaseTables {
  leases: LeasesTable;
}
export const LEASE_TABLES = tableSet<LeaseTables>()(['leases']);

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Leases in the database, so that a periodic job runs on one node of many: `acquire` takes a free
 * or expired lease (or extends this holder's own) with one compare-and-set statement, `renew`
 * extends it only while this holder still has it, `release` gives it up. A node that dies holding
 * a lease stops renewing it; once it expires, the next node that asks takes it. Works the same on
 * SQLite and PostgreSQL (an insert that ignores a conflict, then a conditional update).
 */
export class Leases {
  private readonly db: Kysely<LeaseTables>;

  constructor(
    db: AnyTx,
    /** This node's name in the `holder` column (`ctx.node.holder`). */
    readonly holder: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.db = scoped(db, LEASE_TABLES);
  }

  /** Takes `name` for `ttlMs` if nobody holds it, its holder's time ran out, or this node holds it. */
  async acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now();
    const inserted = await this.db
      .insertInto('leases')
      .values({ name, holder: this.holder, expires_at: iso(now + ttlMs) })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const updated = await this.db
      .updateTable('leases')
      .set({ holder: this.holder, expires_at: iso(now + ttlMs) })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<=', iso(now))]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Extends this node's lease; false when it lost it (expired and taken by another node). */
  async renew(name: string, ttlMs: number): Promise<boolean> {
    const now = this.clock.now();
    const updated = await this.db
      .updateTable('leases')
      .set({ expires_at: iso(now + ttlMs) })
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .where('expires_at', '>', iso(now))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** Gives the lease up (if this node still holds it), so another node need not wait for expiry. */
  async release(name: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', this.holder).execute();
  }

  /** Who holds `name` now (null: nobody, or the holder's time ran out). */
  async holderOf(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row && row.expires_at > iso(this.clock.now()) ? row.holder : null;
  }

  /**
   * Runs `fn` if this node gets the lease, renewing it every third of `ttlMs` while `fn` runs.
   * Answers whether it ran (false: another node holds the lease). `keep`: the lease stays with this
   * node afterwards (until `ttlMs` passes without another run), so a job ticking on every node
   * runs on one of them, the same one each time, until it stops or dies; without it, the lease is
   * released at once.
   */
  async run(
    name: string,
    ttlMs: number,
    fn: () => Promise<unknown>,
    opts: { keep?: boolean; onLost?: () => void } = {},
  ): Promise<boolean> {
    if (!(await this.acquire(name, ttlMs))) return false;
    const heartbeat = setInterval(
      () => {
        void this.renew(name, ttlMs).then(
          (held) => held || opts.onLost?.(),
          () => opts.onLost?.(),
        );
      },
      Math.max(1, Math.floor(ttlMs / 3)),
    );
    heartbeat.unref();
    try {
      await fn();
    } finally {
      clearInterval(heartbeat);
      if (opts.keep) await this.renew(name, ttlMs);
      else await this.release(name);
    }
    return true;
  }
}
