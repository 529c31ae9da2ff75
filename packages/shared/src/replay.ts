/**
 * Code replay (issue 15): the editing timeline of the solving page, in a compact form for the wire
 * and the database, and the pure operations on it that the recorder (solving page), the server
 * (validation before storing) and the player share.
 *
 * Events are small arrays, times relative to the event before (ms):
 * - `[dt, pos, "text"]`  insert `text` at character offset `pos`;
 * - `[dt, pos, n]`       delete `n` characters (n > 0) from offset `pos`;
 * - `[dt, "r"]`          a run (自测), `[dt, "s"]` the submission.
 * Snapshots `[eventCount, text]` hold the document after the first `eventCount` events, every
 * `SNAPSHOT_EVERY` edits, so a player seeks by starting from the nearest one.
 */

export type ReplayEdit = [dt: number, pos: number, change: string | number];
export type ReplayMark = [dt: number, kind: 'r' | 's'];
export type ReplayEvent = ReplayEdit | ReplayMark;
export type ReplaySnapshot = [eventCount: number, text: string];

export interface ReplayWire {
  /** Format version. */
  v: 1;
  /** The document when recording began. */
  start: string;
  events: ReplayEvent[];
  snapshots: ReplaySnapshot[];
}

/** A snapshot every this many edits (markers do not count). */
export const SNAPSHOT_EVERY = 200;
/** The timeline sent with one submission, as JSON: at most 256 KiB (the oldest part is dropped first). */
export const REPLAY_MAX_BYTES = 256 * 1024;
export const REPLAY_MAX_EVENTS = 60_000;

export const isMark = (e: ReplayEvent): e is ReplayMark => e.length === 2;

/** Applies one event to a document; throws when it does not fit (the server refuses such a timeline). */
export function applyEvent(doc: string, e: ReplayEvent): string {
  if (isMark(e)) return doc;
  const [, pos, change] = e;
  if (pos < 0 || pos > doc.length)
    throw new RangeError(`position ${pos} outside a document of ${doc.length}`);
  if (typeof change === 'string') return doc.slice(0, pos) + change + doc.slice(pos);
  if (pos + change > doc.length) throw new RangeError(`deleting ${change} at ${pos} of ${doc.length}`);
  return doc.slice(0, pos) + doc.slice(pos + change);
}

/** Byte size of the timeline as it travels (JSON, UTF-8). */
export const wireBytes = (w: ReplayWire) => new TextEncoder().encode(JSON.stringify(w)).length;

export interface ReplayFacts {
  durationMs: number;
  edits: number;
  runs: number;
  submits: number;
  final: string;
}

/**
 * Checks that a timeline is whole: every edit fits the document, every snapshot is the document at
 * its place, and the result is `expectFinal` (the submitted code). Returns its facts, or a Chinese
 * reason why not.
 */
export function checkReplay(w: ReplayWire, expectFinal?: string): ReplayFacts | string {
  let doc = w.start;
  let durationMs = 0;
  let edits = 0;
  let runs = 0;
  let submits = 0;
  let s = 0;
  const snaps = w.snapshots;
  for (let i = 0; i <= w.events.length; i++) {
    while (s < snaps.length && snaps[s][0] === i) {
      if (snaps[s][1] !== doc) return `代码回放的第 ${s + 1} 个快照与编辑记录不一致`;
      s++;
    }
    if (i === w.events.length) break;
    const e = w.events[i];
    durationMs += e[0];
    if (isMark(e)) {
      if (e[1] === 'r') runs++;
      else submits++;
      continue;
    }
    edits++;
    try {
      doc = applyEvent(doc, e);
    } catch {
      return `代码回放的第 ${i + 1} 个编辑超出了代码范围`;
    }
  }
  if (s < snaps.length) return '代码回放的快照位置不正确';
  if (expectFinal !== undefined && doc !== expectFinal) return '代码回放的结果与提交的代码不一致';
  return { durationMs, edits, runs, submits, final: doc };
}

/**
 * Drops the oldest part of a timeline until it fits `maxBytes`: the timeline restarts at a later
 * snapshot (its text becomes `start`). The last part of the typing is what a replay is watched for.
 */
export function trimToCap(
  w: ReplayWire,
  maxBytes = REPLAY_MAX_BYTES,
  maxEvents = REPLAY_MAX_EVENTS,
): ReplayWire {
  let cur = w;
  while ((wireBytes(cur) > maxBytes || cur.events.length > maxEvents) && cur.snapshots.length > 0) {
    const [at, text] = cur.snapshots[0];
    cur = {
      v: 1,
      start: text,
      events: cur.events.slice(at),
      snapshots: cur.snapshots.slice(1).map(([n, t]) => [n - at, t] as ReplaySnapshot),
    };
  }
  if (wireBytes(cur) > maxBytes || cur.events.length > maxEvents) {
    // No snapshot left to restart from: keep only the end state.
    const facts = checkReplay(cur);
    const final = typeof facts === 'string' ? cur.start : facts.final;
    const last = cur.events[cur.events.length - 1];
    return { v: 1, start: final, events: last && isMark(last) ? [[0, last[1]]] : [], snapshots: [] };
  }
  return cur;
}

/** An Ace delta as the editor reports it. */
export interface AceDelta {
  action: 'insert' | 'remove';
  start: { row: number; column: number };
  end: { row: number; column: number };
  lines: string[];
}

/** Character offset of a row / column position in `doc` (clamped to the document). */
export function offsetOf(doc: string, row: number, column: number): number {
  let off = 0;
  for (let r = 0; r < row; r++) {
    const nl = doc.indexOf('\n', off);
    if (nl < 0) return doc.length;
    off = nl + 1;
  }
  return Math.min(off + column, doc.length);
}

/**
 * Records a timeline from the editor's deltas. It keeps its own copy of the document; when a change
 * reaches the editor without a delta (a template reset, a language switch) or the copies disagree,
 * it records the difference as one replacement, so the timeline always ends at the editor's text.
 */
export class ReplayRecorder {
  private doc: string;
  private start: string;
  private events: ReplayEvent[] = [];
  private snapshots: ReplaySnapshot[] = [];
  private edits = 0;
  private last: number;

  constructor(
    text: string,
    private readonly now: () => number = Date.now,
  ) {
    this.doc = text;
    this.start = text;
    this.last = now();
  }

  get text(): string {
    return this.doc;
  }
  get length(): number {
    return this.events.length;
  }

  private tick(): number {
    const t = this.now();
    const dt = Math.max(0, Math.round(t - this.last));
    this.last = t;
    return dt;
  }

  private push(e: ReplayEdit): void {
    this.doc = applyEvent(this.doc, e);
    this.events.push(e);
    if (++this.edits % SNAPSHOT_EVERY === 0) this.snapshots.push([this.events.length, this.doc]);
  }

  insert(pos: number, text: string): void {
    if (text) this.push([this.tick(), pos, text]);
  }
  remove(pos: number, n: number): void {
    if (n > 0) this.push([this.tick(), pos, n]);
  }

  /** One Ace delta; `after` is the editor's text after it (checked, and resynced when it differs). */
  ace(d: AceDelta, after: string): void {
    const pos = offsetOf(this.doc, d.start.row, d.start.column);
    const text = d.lines.join('\n');
    try {
      if (d.action === 'insert') this.insert(pos, text);
      else this.remove(pos, text.length);
    } catch {
      // The copies disagree: the sync below records the difference.
    }
    this.sync(after);
  }

  /** Makes the recorded document equal to `text`, recording the smallest single replacement. */
  sync(text: string): void {
    const old = this.doc;
    if (old === text) return;
    let a = 0;
    while (a < old.length && a < text.length && old[a] === text[a]) a++;
    let b = 0;
    while (b < old.length - a && b < text.length - a && old[old.length - 1 - b] === text[text.length - 1 - b])
      b++;
    const dt = this.tick();
    if (old.length - a - b > 0) this.push([dt, a, old.length - a - b]);
    if (text.length - a - b > 0)
      this.push([old.length - a - b > 0 ? 0 : dt, a, text.slice(a, text.length - b)]);
  }

  mark(kind: 'r' | 's'): void {
    this.events.push([this.tick(), kind]);
  }

  /** The timeline so far, capped to what one submission may carry. */
  timeline(): ReplayWire {
    return trimToCap({ v: 1, start: this.start, events: this.events, snapshots: this.snapshots });
  }

  /** Starts the next timeline from the current text (after a submission took this one). */
  restart(): void {
    this.start = this.doc;
    this.events = [];
    this.snapshots = [];
    this.edits = 0;
  }

  /** The timeline so far, and a fresh start for what comes next. */
  cut(): ReplayWire {
    const w = this.timeline();
    this.restart();
    return w;
  }
}

/** Pauses longer than this play as this long (the scrubber runs on play time). */
export const MAX_PLAY_GAP_MS = 2000;

/**
 * A timeline ready to play: each event's play time (pauses shortened to `MAX_PLAY_GAP_MS`), the
 * markers, and the document at any event count, from the nearest snapshot (built here when the
 * timeline has none) plus the edits after it.
 */
export class ReplayTrack {
  readonly times: number[] = [];
  readonly marks: { at: number; kind: 'r' | 's' }[] = [];
  readonly duration: number;
  private readonly snaps: ReplaySnapshot[];

  constructor(readonly wire: ReplayWire) {
    let t = 0;
    for (const e of wire.events) {
      t += Math.min(e[0], MAX_PLAY_GAP_MS);
      this.times.push(t);
      if (isMark(e)) this.marks.push({ at: t, kind: e[1] });
    }
    this.duration = t;
    // The recorder's snapshots (checked by the server when stored); built here for a timeline without.
    this.snaps = [
      [0, wire.start],
      ...(wire.snapshots.length > 0 ? wire.snapshots : ReplayTrack.snapshotsOf(wire)),
    ];
  }

  private static snapshotsOf(wire: ReplayWire): ReplaySnapshot[] {
    const snaps: ReplaySnapshot[] = [];
    let doc = wire.start;
    let edits = 0;
    wire.events.forEach((e, i) => {
      if (isMark(e)) return;
      doc = applyEvent(doc, e);
      if (++edits % SNAPSHOT_EVERY === 0) snaps.push([i + 1, doc]);
    });
    return snaps;
  }

  /** How many events have happened at play time `t`. */
  countAt(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The document after the first `count` events. */
  textAt(count: number, from?: { count: number; text: string }): string {
    let base: ReplaySnapshot = this.snaps[0];
    for (const s of this.snaps) if (s[0] <= count) base = s;
    let [i, doc] = base;
    if (from && from.count <= count && from.count >= i) [i, doc] = [from.count, from.text];
    for (; i < count; i++) doc = applyEvent(doc, this.wire.events[i]);
    return doc;
  }
}
