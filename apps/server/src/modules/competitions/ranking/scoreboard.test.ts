import { describe, expect, it } from 'vitest';
import { OrderTree } from './order-tree';
import { Scoreboard } from './scoreboard';

const min = (m: number) => m * 60_000;

function board(freezeFromMin: number | null = null) {
  const b = new Scoreboard(3, freezeFromMin === null ? null : min(freezeFromMin));
  for (const u of [1, 2, 3, 4]) b.join(u);
  return b;
}
const order = (b: Scoreboard, frozen = false) => b.all({ frozen }).map((r) => [r.standing.userId, r.rank]);

describe('order tree', () => {
  it('keeps order, positions and slices under inserts and deletes', () => {
    const t = new OrderTree<number>((a, b) => a - b);
    const ref: number[] = [];
    let x = 7;
    for (let i = 0; i < 2000; i++) {
      x = (x * 48271) % 2147483647;
      const v = x % 5000;
      if (ref.includes(v)) {
        t.delete(v);
        ref.splice(ref.indexOf(v), 1);
      } else {
        t.insert(v);
        ref.push(v);
      }
    }
    ref.sort((a, b) => a - b);
    expect(t.size).toBe(ref.length);
    expect(t.slice(0, ref.length)).toEqual(ref);
    expect(t.slice(100, 7)).toEqual(ref.slice(100, 107));
    expect(t.countBefore(ref[321])).toBe(321);
    expect(t.delete(-5)).toBe(false);
    // A bulk build gives the same order and still accepts updates.
    const b = new OrderTree<number>((p, q) => p - q);
    b.build(ref);
    expect(b.slice(0, ref.length)).toEqual(ref);
    expect(b.countBefore(ref[77])).toBe(77);
    b.delete(ref[10]);
    b.insert(-1);
    expect(b.slice(0, 3)).toEqual([-1, ref[0], ref[1]]);
    expect(b.size).toBe(ref.length);
  });
});

describe('scoreboard', () => {
  it('ranks by solved, penalty, last AC; ties share a rank', () => {
    const b = board();
    b.record(1, 0, { id: 1, atMs: min(10), status: 'AC' }); // 1 solved, 10
    b.record(2, 0, { id: 2, atMs: min(5), status: 'WA' });
    b.record(2, 0, { id: 3, atMs: min(8), status: 'AC' }); // 1 solved, 28
    b.record(3, 1, { id: 4, atMs: min(10), status: 'AC' }); // 1 solved, 10, same last AC as user 1
    expect(order(b)).toEqual([
      [1, 1],
      [3, 1],
      [2, 3],
      [4, 4],
    ]);
    expect(b.rankOf(3, { frozen: false })).toBe(1);
    expect(b.firstSolver({ frozen: false }, 0)).toBe(2); // user 2 solved A first (minute 8)
    expect(b.firstSolver({ frozen: false }, 1)).toBe(3);
  });

  it('CE and after-AC submissions change nothing; pending shows while judging', () => {
    const b = board();
    b.record(1, 2, { id: 1, atMs: min(1), status: 'CE' });
    b.record(1, 2, { id: 2, atMs: min(3), status: 'PD' });
    expect(b.standing(1, { frozen: false })!.cells[2]).toMatchObject({ pending: 1, rejected: 0 });
    b.record(1, 2, { id: 2, atMs: min(3), status: 'AC' }); // the verdict of the same submission
    b.record(1, 2, { id: 3, atMs: min(9), status: 'WA' });
    expect(b.standing(1, { frozen: false })!.totals).toEqual({ solved: 1, penalty: 3, lastAcMs: min(3) });
    // Every stored try counts as submitted (CE and after-AC too); a new verdict is not a new try.
    expect(b.attemptCount(1)).toBe(3);
    expect(b.attemptCount(2)).toBe(0);
  });

  it('a verdict arriving out of order is placed by submission id', () => {
    const b = board();
    b.record(1, 0, { id: 5, atMs: min(20), status: 'AC' });
    b.record(1, 0, { id: 4, atMs: min(15), status: 'WA' }); // judged later, submitted earlier
    expect(b.standing(1, { frozen: false })!.totals.penalty).toBe(40);
  });

  it('a rejudge that removes the first AC moves the first-solver mark', () => {
    const b = board();
    b.record(1, 0, { id: 1, atMs: min(2), status: 'AC' });
    b.record(2, 0, { id: 2, atMs: min(4), status: 'AC' });
    expect(b.firstSolver({ frozen: false }, 0)).toBe(1);
    b.record(1, 0, { id: 1, atMs: min(2), status: 'WA' });
    expect(b.firstSolver({ frozen: false }, 0)).toBe(2);
    expect(order(b)[0]).toEqual([2, 1]);
  });

  it('freeze: the frozen view hides late tries, the true view has them; unfreezing reveals', () => {
    const b = board(60);
    b.record(1, 0, { id: 1, atMs: min(30), status: 'AC' });
    b.record(2, 0, { id: 2, atMs: min(20), status: 'AC' });
    b.record(2, 1, { id: 3, atMs: min(70), status: 'AC' }); // after the freeze
    expect(order(b, true).slice(0, 2)).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(b.standing(2, { frozen: true })!.cells[1]).toMatchObject({ solved: false, pending: 1 });
    expect(b.standing(2, { frozen: false })!.totals.solved).toBe(2);
    expect(b.firstSolver({ frozen: true }, 1)).toBe(null);
    b.setFreeze(null);
    expect(b.standing(2, { frozen: true })!.totals.solved).toBe(2);
    expect(b.firstSolver({ frozen: true }, 1)).toBe(2);
  });

  it('ignores strangers and unknown problems; leaving removes the row', () => {
    const b = board();
    expect(b.record(99, 0, { id: 1, atMs: 0, status: 'AC' })).toBe(false);
    expect(b.record(1, 7, { id: 2, atMs: 0, status: 'AC' })).toBe(false);
    b.record(1, 0, { id: 3, atMs: min(1), status: 'AC' });
    b.leave(1);
    expect(b.size).toBe(3);
    expect(b.firstSolver({ frozen: false }, 0)).toBe(null);
  });

  it('pages carry the right ranks across page borders', () => {
    const b = new Scoreboard(1, null);
    for (let u = 1; u <= 30; u++) {
      b.join(u);
      // Pairs tie: users 2k−1 and 2k both solve at minute k.
      b.record(u, 0, { id: u, atMs: min(Math.ceil(u / 2)), status: 'AC' });
    }
    const p2 = b.page({ frozen: false }, 11, 4); // positions 12..15: users 12, 13, 14, 15
    expect(p2.map((r) => [r.standing.userId, r.rank])).toEqual([
      [12, 11],
      [13, 13],
      [14, 13],
      [15, 15],
    ]);
  });
});

describe('scoreboard load', () => {
  it('a bulk load gives the same board as recording one by one', () => {
    const a = board(40);
    const b = board(40);
    const rows: {
      userId: number;
      index: number;
      attempt: { id: number; atMs: number; status: 'AC' | 'WA' | 'CE' };
    }[] = [];
    let x = 99;
    for (let id = 1; id <= 300; id++) {
      x = (x * 48271) % 2147483647;
      rows.push({
        userId: 1 + (x % 4),
        index: x % 3,
        attempt: { id, atMs: min(id / 4), status: (['AC', 'WA', 'CE'] as const)[x % 3] },
      });
    }
    for (const r of rows) a.record(r.userId, r.index, r.attempt);
    b.load([...rows].reverse());
    expect(order(b)).toEqual(order(a));
    expect(order(b, true)).toEqual(order(a, true));
    for (const u of [1, 2, 3, 4])
      expect(b.standing(u, { frozen: true })).toEqual(a.standing(u, { frozen: true }));
    expect([0, 1, 2].map((p) => b.firstSolver({ frozen: false }, p))).toEqual(
      [0, 1, 2].map((p) => a.firstSolver({ frozen: false }, p)),
    );
  });
});
