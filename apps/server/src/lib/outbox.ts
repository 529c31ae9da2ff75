import type { Generated, Kysely } from 'kysely';
import { uncounted } from '../db/kysely';
import { type AnyTx, scoped, tableSet } from '../db/scoped';
import { nowIso } from './time';

/** 007_outbox: a change that must reach its consumers even across a crash. */
export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  key: string;
  create_time: string;
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
 * Work that must not be lost, after a change: the writer records `(topic, key)` in its own
 * transaction (`outbox.add(trx, 'post', id)`), and the topic's consumer handles it after the
 * commit, on this node or any other, and deletes it. Delivery is at least once and in id order
 * per pass, so handlers must be idempotent (e.g. "re-read post 12 and index what it is now").
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
  ) {
    this.db = scoped(db, OUTBOX_TABLES);
  }

  /** Records a change of `key` in `topic`; call it inside the transaction that makes the change. */
  async add(trx: AnyTx, topic: string, key: string | number): Promise<void> {
    await scoped(trx, OUTBOX_TABLES)
      .insertInto('outbox').values({ topic, key: String(key), create_time: nowIso() }).execute();
    this.poke();
  }

  /** The one consumer of a topic (a second registration is a wiring bug). */
  consume(topic: string, handler: OutboxHandler): void {
    if (this.handlers.has(topic)) throw new Error(`outbox topic ${topic} already has a consumer`);
    this.handlers.set(topic, handler);
  }

  /** Starts the periodic pass (after start-up has registered every consumer). */
  start(): void {
    this.timer ??= setInterval(() => void this.drain(), POLL_MS).unref();
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
      void this.drain();
    }, POKE_DELAY_MS);
    this.pokeTimer.unref();
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
      const waiting = await this.db.selectFrom('outbox').select('topic').distinct().execute();
      for (const { topic } of waiting) {
        const handler = this.handlers.get(topic);
        if (handler) handled += await this.drainTopic(topic, handler);
      }
    } while (this.again);
    return handled;
  }

  private async drainTopic(topic: string, handler: OutboxHandler): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('outbox')
        .select(['id', 'topic', 'key'])
        .where('topic', '=', topic)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return handled;
      try {
        await handler(rows);
      } catch (err) {
        this.onError(err, topic);
        return handled;
      }
      // By id, not `id <= last`: on PostgreSQL a lower id may commit after a higher one.
      await this.db.deleteFrom('outbox').where('id', 'in', rows.map((r) => r.id)).execute();
      handled += rows.length;
      if (rows.length < BATCH) return handled;
    }
  }
}
