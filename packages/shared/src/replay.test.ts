import { describe, expect, it } from 'vitest';
import {
  checkReplay,
  MAX_PLAY_GAP_MS,
  offsetOf,
  ReplayRecorder,
  ReplayTrack,
  SNAPSHOT_EVERY,
  trimToCap,
  wireBytes,
} from './replay';

function clock(step = 100) {
  let t = 0;
  return () => (t += step);
}

describe('code replay timeline', () => {
  it('records Ace deltas as offsets and ends at the editor text', () => {
    const rec = new ReplayRecorder('ab\ncd\n', clock());
    rec.ace(
      { action: 'insert', start: { row: 1, column: 1 }, end: { row: 2, column: 1 }, lines: ['X', 'Y'] },
      'ab\ncX\nYd\n',
    );
    rec.ace(
      { action: 'remove', start: { row: 0, column: 0 }, end: { row: 1, column: 0 }, lines: ['ab', ''] },
      'cX\nYd\n',
    );
    const w = rec.cut();
    expect(w.events).toEqual([
      [100, 4, 'X\nY'],
      [100, 0, 3],
    ]);
    expect(checkReplay(w, 'cX\nYd\n')).toMatchObject({ edits: 2, durationMs: 200 });
  });

  it('records a change that came without a delta as one replacement', () => {
    const rec = new ReplayRecorder('int main() {}\n', clock());
    rec.sync('int main() { return 0; }\n');
    // A delta that does not match the recorder's copy is repaired by the same sync.
    rec.ace(
      { action: 'remove', start: { row: 9, column: 0 }, end: { row: 9, column: 3 }, lines: ['abc'] },
      'x',
    );
    const w = rec.cut();
    expect(w.events[0]).toEqual([100, 12, ' return 0; ']);
    expect(checkReplay(w, 'x')).toMatchObject({ final: 'x' });
    // The next timeline starts where this one ended.
    expect(rec.cut()).toEqual({ v: 1, start: 'x', events: [], snapshots: [] });
  });

  it('takes a snapshot every SNAPSHOT_EVERY edits, and the checker refuses a wrong one', () => {
    const rec = new ReplayRecorder('', clock());
    for (let i = 0; i < SNAPSHOT_EVERY * 2 + 5; i++) {
      rec.insert(i, String(i % 10));
      if (i === 10) rec.mark('r');
    }
    rec.mark('s');
    const w = rec.cut();
    expect(w.snapshots.map((s) => s[0])).toEqual([SNAPSHOT_EVERY + 1, SNAPSHOT_EVERY * 2 + 1]);
    expect(checkReplay(w)).toMatchObject({ runs: 1, submits: 1, edits: SNAPSHOT_EVERY * 2 + 5 });
    expect(checkReplay({ ...w, snapshots: [[w.snapshots[0][0], 'zzz']] })).toBe(
      '代码回放的第 1 个快照与编辑记录不一致',
    );
    expect(checkReplay(w, 'other')).toBe('代码回放的结果与提交的代码不一致');
  });

  it('drops the oldest part at a snapshot when the timeline is over the cap', () => {
    const rec = new ReplayRecorder('', clock());
    for (let i = 0; i < SNAPSHOT_EVERY * 3; i++) rec.insert(i, 'x'.repeat(i % 7) + '\n');
    const full = rec.cut();
    const final = (checkReplay(full) as { final: string }).final;
    const capped = trimToCap(full, wireBytes(full) - 1);
    expect(wireBytes(capped)).toBeLessThan(wireBytes(full));
    expect(capped.start).toBe(full.snapshots[0][1]);
    expect(checkReplay(capped, final)).toMatchObject({ edits: SNAPSHOT_EVERY * 2 });
    // Nothing left to cut at: only the end state stays.
    expect(trimToCap(full, 10)).toEqual({ v: 1, start: final, events: [], snapshots: [] });
  });

  it('plays on play time (long pauses shortened) and seeks through snapshots', () => {
    let t = 0;
    const steps = [100, 60_000, 100];
    let k = 0;
    const rec = new ReplayRecorder('', () => (t += steps[Math.min(k++, steps.length - 1)]));
    for (let i = 0; i < 450; i++) rec.insert(i, 'a');
    rec.mark('s');
    const track = new ReplayTrack(rec.cut());
    expect(track.times[0]).toBe(MAX_PLAY_GAP_MS);
    expect(track.duration).toBe(MAX_PLAY_GAP_MS + 450 * 100);
    expect(track.marks).toEqual([{ at: track.duration, kind: 's' }]);
    expect(track.countAt(0)).toBe(0);
    expect(track.countAt(track.duration)).toBe(451);
    expect(track.textAt(300)).toBe('a'.repeat(300));
    expect(track.textAt(301, { count: 300, text: 'a'.repeat(300) })).toBe('a'.repeat(301));
    expect(offsetOf('ab\ncd', 5, 0)).toBe(5);
  });
});
