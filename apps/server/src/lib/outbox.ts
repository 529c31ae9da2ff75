import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Generated, Kysely } from 'kysely';
import { type DialectName, uncounted } from '../db/kysely';
import { type AnyTx, scoped, tableSet } from '../db/scoped';
import { nowIso } from './time';

/** 007_outbox: a change that must reach its consumers even across a crash. */
export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  key: string;
  create_time: string;
  /** 042_nodes: what the event said (JSON), for consumers that need more than the key. */
  payload: string | null;
  /** 042_nodes: the pass that has the row now, and until when (then another node may take it). */
  claimed_by: string | null;
  claimed_until: string | null;
}

/** The outbox's one table, owned here (db/scoped.ts). */
export interface OutboxTables {
  outbox: OutboxTable;
}
export const OUTBOX_TABLES = tableSet<OutboxTables>()(['outbox']);

export interface OutboxItem {
  id: number;
  topic: string;
  key: string;
  /** What the writer gave with the key (JSON text), or null. */
  payload: string | null;
}

/** Handles a batch of one topic's items; throwing leaves them in the outbox for the next pass. */
export type OutboxHandler = (items: OutboxItem[]) => Promise<void>;

/** Items handed to a handler at once. */
const BATCH = 200;
/** Other nodes' rows and rows left by a crash are picked up at least this often. */
const POLL_MS = 1000;
/** A pass after `poke` waits this long, so a burst of writes is handled in one batch. */
const POKE_DELAY_MS = 20;
/**
 * A claimed batch is another node's to take after this long (its node died mid-batch). Longer
 * than any handler's batch takes; a handler slower than this may see a batch delivered twice,
 * which idempotent handlers allow.
 */
export const CLAIM_MS = 120_000;

/**
 * Work that must not be lost, after a change: the writer records `(topic, key)` in its own
 * transaction (`outbox.add(trx, 'post', id)`), and the topic's consumer handles it after the
 * commit, on this node or any other, and deletes it. Delivery is at least once and in id order
 * per pass, so handlers must be idempotent (e.g. "re-read post 12 and index what it is now").
 *
 * Several nodes drain the same table: each batch is claimed first (`claimed_by` = the pass's own
 * token, `claimed_until` = now + CLAIM_MS) by one statement that takes only unclaimed or expired
 * rows, so two nodes never hand the same rows to their consumers at once; on PostgreSQL the rows
 * are picked with `FOR UPDATE SKIP LOCKED` (a concurrent pass takes the next rows instead of
 * waiting), on SQLite the single writer makes the statement atomic. A node that dies holding a
 * claim leaves it to expire; a failing handler gives its batch back at once.
 */
export class Outbox {
  private readonly handlers = new Map<string, OutboxHandler>();
  private timer: NodeJS.Timeout | null = null;
  private pokeTimer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;

  private readonly db: Kysely<OutboxTables>;

  /** `db`: the install's database; the outbox uses its own table only. */
  constructor(
    db: AnyTx,
    private readonly onError: (err: unknown, topic: string) => void,
    /** PostgreSQL claims with `FOR UPDATE SKIP LOCKED`; SQLite needs no row locks. */
    private readonly dialect: DialectName = 'sqlite',
  ) {
    this.db = scoped(db, OUTBOX_TABLES);
  }

  /**
   * Records a change of `key` in `topic`; call it inside the transaction that makes the change.
   * `payload` (stored as JSON): what the consumer needs of the event beyond the key.
   */
  async add(trx: AnyTx, topic: string, key: string | number, payload?: unknown): Promise<void> {
    await scoped(trx, OUTBOX_TABLES)
      .insertInto('outbox')
      .values({
        topic,
        key: String(key),
        create_time: nowIso(),
        payload: payload === undefined ? null : JSON.stringify(payload),
      })
      .execute();
    this.poke();
  }

  /** The one consumer of a topic (a second registration is a wiring bug). */
  consume(topic: string, handler: OutboxHandler): void {
    if (this.handlers.has(topic)) throw new Error(`outbox topic ${topic} already has a consumer`);
    this.handlers.set(topic, handler);
  }

  /** Starts the periodic pass (after start-up has registered every consumer). */
  start(): void {
    this.timer ??= setInterval(() => this.background(), POLL_MS).unref();
    this.poke();
  }

  /** Stops the periodic pass and waits for a running one. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pokeTimer) clearTimeout(this.pokeTimer);
    this.timer = this.pokeTimer = null;
    await this.running;
  }

  /** Asks for a pass soon (after the writer's commit). */
  poke(): void {
    if (!this.timer || this.pokeTimer) return;
    this.pokeTimer = setTimeout(() => {
      this.pokeTimer = null;
      this.background();
    }, POKE_DELAY_MS);
    this.pokeTimer.unref();
  }

  /** A pass nobody awaits (the poll, a poke): a failure (the database away) is reported, not thrown. */
  private background(): void {
    this.drain().catch((err: unknown) => this.onError(err, 'outbox'));
  }

  /**
   * Handles everything waiting now (tests and `search:reindex` await it); a call while a pass runs
   * waits for it and runs one more. Answers how many items were handled.
   */
  async drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = uncounted(() => this.passes()).finally(() => (this.running = null));
    return this.running;
  }

  private async passes(): Promise<number> {
    let handled = 0;
    do {
      this.again = false;
      // One statement finds the topics with work (none, mostly: the idle poll costs one query,
      // not one per topic); each is then drained in batches.
      const waiting = await this.db
        .selectFrom('outbox')
        .select('topic')
        .distinct()
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso())]))
        .execute();
      for (const { topic } of waiting) {
        const handler = this.handlers.get(topic);
        if (handler) handled += await this.drainTopic(topic, handler);
      }
    } while (this.again);
    return handled;
  }

  /**
   * Claims the next batch of `topic` for this pass (rows nobody claimed, or whose claim expired)
   * and answers it in id order. One UPDATE: on PostgreSQL the ids come from a `FOR UPDATE SKIP
   * LOCKED` subquery and the claim condition is checked again on the locked row.
   */
  async claim(topic: string, token: string, limit = BATCH): Promise<OutboxItem[]> {
    const now = nowIso();
    const unclaimed = (eb: ExpressionBuilder<OutboxTables, 'outbox'>) =>
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
    const rows = await this.db
      .updateTable('outbox')
      .set({ claimed_by: token, claimed_until: new Date(Date.now() + CLAIM_MS).toISOString() })
      .where('id', 'in', (eb) => {
        const pick = eb
          .selectFrom('outbox')
          .select('id')
          .where('topic', '=', topic)
          .where(unclaimed)
          .orderBy('id')
          .limit(limit);
        return this.dialect === 'postgres' ? pick.forUpdate().skipLocked() : pick;
      })
      .where(unclaimed)
      .returning(['id', 'topic', 'key', 'payload'])
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  private async drainTopic(topic: string, handler: OutboxHandler): Promise<number> {
    let handled = 0;
    const token = randomBytes(12).toString('hex');
    for (;;) {
      const rows = await this.claim(topic, token);
      if (rows.length === 0) return handled;
      try {
        await handler(rows);
      } catch (err) {
        this.onError(err, topic);
        // Given back for the next pass (this node's or another's); if even that fails, the claim
        // expires by itself.
        await this.db
          .updateTable('outbox')
          .set({ claimed_by: null, claimed_until: null })
          .where('claimed_by', '=', token)
          .execute()
          .catch(() => {});
        return handled;
      }
      // By id, not `id <= last`: on PostgreSQL a lower id may commit after a higher one.
      await this.db
        .deleteFrom('outbox')
        .where('id', 'in', rows.map((r) => r.id))
        .where('claimed_by', '=', token)
        .execute();
      handled += rows.length;
      if (rows.length < BATCH) return handled;
    }
  }
}
