import { createHash } from 'node:crypto';
import type { Viewer } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import type { ContestApiDeps } from './deps';
import { compareKeys, type FeedKey, placedObjects } from './objects';
import type { ApiObject } from './present';
import { freezeStartMs, loadContest } from './view';

/**
 * The NDJSON event feed (2023-06 "Event feed"). Every object has a place: the instant it took its
 * current value (a submission's time, a verdict's judging or reveal, a team's join), then its type
 * (what others refer to first), then its id. The backlog is every object in that order; the token
 * of an event is its place, so `since_token` sends exactly the objects placed after it (nothing the
 * client has again). Awards are derived (they follow the board), so a token also carries a digest of
 * the awards its client holds: resuming sends them again only when they differ. Live: on every change of the contest (a submission or verdict, an edit, a
 * join, a freeze or its lift, a clarification) and at its scheduled instants (start, freeze, end),
 * the caller's view is read again and what differs from what was sent goes out; an object that
 * left (a participant who withdrew) goes out with `data: null`.
 */

/** An event's token: its place, and the digest of the awards the client holds by then. */
export type FeedToken = FeedKey & { awards: string };

/** A token as sent (`<stamp>_<type>_<id>_<awards digest>`, opaque to clients), read back. */
export function parseToken(token: string): FeedToken {
  const m = /^(\d{1,15})_(\d{1,2})_([A-Za-z0-9.-]{0,40})_([0-9a-f]{1,16})$/.exec(token);
  if (!m) throw badRequest('续传位置无效：请使用事件流中收到的位置标记', 'since_token');
  return { stamp: Number(m[1]), type: Number(m[2]), id: m[3], awards: m[4] };
}

/** The awards a client holds (id → JSON), as a short digest ('0': none). */
function digestOf(awards: Map<string, string>): string {
  if (!awards.size) return '0';
  const sorted = [...awards].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 12);
}

const keyString = (o: ApiObject) => `${o.type}/${o.id ?? ''}`;

/**
 * One NDJSON line; `json`: the object's data, already serialised (compared with what was sent).
 * Types, ids and tokens are identifiers (`[A-Za-z0-9_.-]`): nothing in them needs escaping.
 */
const line = (type: string, id: string | null, json: string, token: string | null) =>
  `{"type":"${type}","id":${id === null ? 'null' : `"${id}"`},"data":${json},"token":${token === null ? 'null' : `"${token}"`}}\n`;

export interface FeedSink {
  write(text: string): void;
  /** The feed ends itself (the caller lost access): the stream is closed. */
  end(): void;
}

const REFRESH_MS = 100;
/** Lines per write of the backlog. */
const SLICE = 2000;
const KEEP_ALIVE_MS = 30_000;

/** One connected client: its view of the contest, what it was sent, its subscriptions and timers. */
export class FeedSession {
  private readonly sent = new Map<string, string>();
  private last: FeedKey | null = null;
  /** The awards the client holds (id → JSON): their digest goes into every token. */
  private readonly awards = new Map<string, string>();
  private closed = false;
  private pending: NodeJS.Timeout | null = null;
  private instant: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly d: ContestApiDeps,
    private readonly viewer: Viewer,
    private readonly contestId: number,
    private readonly sink: FeedSink,
  ) {}

  /** Sends the backlog (after `since`, when given), then follows the contest. */
  async start(since: FeedToken | null): Promise<void> {
    // Subscribed before the first read: a change arriving in between is not missed.
    const poke = () => this.schedule();
    const mine = (e: { competition_id: number | null }) => e.competition_id === this.contestId;
    this.cleanups.push(
      this.d.bus.on('submission.changed', (e) => mine(e.submission) && poke()),
      this.d.bus.on('contest.changed', (e) => mine(e) && poke()),
      this.d.bus.on('clarification.changed', (e) => mine(e) && poke()),
    );
    const data = await loadContest(this.d, this.viewer, this.contestId);
    const placed = placedObjects(data);
    const current = new Map(
      placed.filter((x) => x.o.type === 'awards').map((x) => [x.o.id!, JSON.stringify(x.o.data)]),
    );
    // Resuming with the awards the client holds: they are not sent again.
    if (since && since.awards === digestOf(current)) for (const [k, v] of current) this.holdAward(k, v);
    // Written in slices: the client starts reading while the rest is made, and no one huge string.
    let lines: string[] = [];
    for (const { o, k } of placed) {
      const json = JSON.stringify(o.data);
      this.sent.set(keyString(o), json);
      if (o.type === 'awards') {
        if (this.awards.get(o.id!) === json) continue;
        this.holdAward(o.id!, json);
      } else if (since && compareKeys(k, since) <= 0) continue;
      lines.push(line(o.type, o.id, json, this.token(k)));
      if (lines.length === SLICE) {
        this.sink.write(lines.join(''));
        lines = [];
      }
    }
    this.sink.write(lines.join(''));
    this.last = placed.length ? placed[placed.length - 1].k : since;
    if (since && this.last && compareKeys(this.last, since) < 0) this.last = since;
    // The specification: a newline at least every 120 s without events keeps the connection alive.
    const keepAlive = setInterval(() => this.sink.write('\n'), this.d.keepAliveMs ?? KEEP_ALIVE_MS);
    this.cleanups.push(() => clearInterval(keepAlive));
    this.armInstant(data.startMs, freezeStartMs(data.board), data.endMs);
  }

  /** The awards digest, kept until the awards the client holds change. */
  private digest: string | null = null;

  /** The token of an event at `k`: `<stamp>_<type>_<id>_<awards digest>` (parseToken reads it). */
  private token(k: FeedKey): string {
    this.digest ??= digestOf(this.awards);
    return `${k.stamp}_${k.type}_${k.id}_${this.digest}`;
  }

  private holdAward(id: string, json: string | null): void {
    if (json === null) this.awards.delete(id);
    else this.awards.set(id, json);
    this.digest = null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of [this.pending, this.instant]) if (t) clearTimeout(t);
    for (const c of this.cleanups) c();
  }

  /** Scheduled instants change the caller's view without any event: the start, the freeze, the end. */
  private armInstant(...instants: (number | null)[]): void {
    if (this.instant) clearTimeout(this.instant);
    const now = Date.now();
    const next = Math.min(...instants.filter((t): t is number => t !== null && t > now));
    if (!Number.isFinite(next) || next - now > 2 ** 31 - 1) return;
    this.instant = setTimeout(() => this.schedule(), next - now + 50);
  }

  /** A burst of changes is one read (at most every 100 ms), one read at a time. */
  private schedule(): void {
    if (this.closed || this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      this.running = this.running.then(() => this.refresh()).catch(() => this.fail());
    }, REFRESH_MS);
  }

  private fail(): void {
    if (this.closed) return;
    this.close();
    this.sink.end();
  }

  /** Reads the caller's view again and sends what changed, with tokens that only move forward. */
  private async refresh(): Promise<void> {
    if (this.closed) return;
    const data = await loadContest(this.d, this.viewer, this.contestId);
    if (this.closed) return;
    const seen = new Set<string>();
    let text = '';
    const advance = (k: FeedKey) => (this.last && compareKeys(k, this.last) <= 0 ? this.last : k);
    for (const { o, k } of placedObjects(data)) {
      const key = keyString(o);
      seen.add(key);
      const json = JSON.stringify(o.data);
      if (this.sent.get(key) === json) continue;
      this.sent.set(key, json);
      if (o.type === 'awards') this.holdAward(o.id!, json);
      this.last = advance(k);
      text += line(o.type, o.id, json, this.token(this.last));
    }
    for (const key of [...this.sent.keys()]) {
      if (seen.has(key)) continue;
      this.sent.delete(key);
      const [type, id] = key.split('/');
      if (type === 'awards') this.holdAward(id, null);
      text += line(type, id || null, 'null', this.last ? this.token(this.last) : null);
    }
    if (text) this.sink.write(text);
    this.armInstant(data.startMs, freezeStartMs(data.board), data.endMs);
  }
}
