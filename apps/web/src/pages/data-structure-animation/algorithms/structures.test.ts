import { describe, expect, it } from 'vitest';
import {
  dequeue,
  emptyList,
  emptyQueue,
  emptyStack,
  enqueue,
  listDelete,
  listInsert,
  listSearch,
  queueItems,
  QUEUE_CAPACITY,
  stackPop,
  stackPush,
  STACK_CAPACITY,
  type LinearState,
} from './linear';
import { bstDelete, bstInsert, bstLayout, bstSearch, emptyBst, inorder, type BstState } from './bst';
import { emptyHeap, heapBuild, heapPop, heapPush, isMinHeap } from './heap';
import { forestLayout, makeSets, rootOf, ufFind, ufUnion } from './union-find';
import { lastState, type Run } from './types';
import { rng, wellFormed } from './testing';

/** Applies a run, checks its frames, answers the final state. */
function apply<S>(run: Run<S>): S {
  expect(wellFormed(run)).toBeNull();
  return lastState(run);
}

describe('stack, queue and linked list frames', () => {
  it('a stack pops in reverse order and refuses to overflow or underflow', () => {
    let s: LinearState = emptyStack();
    for (let i = 1; i <= STACK_CAPACITY + 1; i++) s = apply(stackPush(s, i));
    expect(s.cells).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(stackPush(s, 9).frames.at(-1)?.message).toMatch(/上溢/);
    const popped: number[] = [];
    for (let i = 0; i < STACK_CAPACITY; i++) {
      s = apply(stackPop(s));
      popped.push(s.floating as number);
    }
    expect(popped).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(stackPop(s).frames.at(-1)?.message).toMatch(/栈为空/);
  });

  it('a circular queue is first in first out across the wrap-around', () => {
    let q = emptyQueue();
    const model: number[] = [];
    const r = rng(3);
    for (let t = 0; t < 200; t++) {
      if (r(2) === 0) {
        q = apply(enqueue(q, t));
        if (model.length < QUEUE_CAPACITY) model.push(t);
      } else {
        q = apply(dequeue(q));
        const x = model.shift();
        if (x !== undefined) expect(q.floating).toBe(x);
      }
      expect(queueItems(q)).toEqual(model);
    }
  });

  it('a linked list inserts at positions, deletes values and searches', () => {
    let l = emptyList();
    const model: number[] = [];
    const r = rng(5);
    for (let t = 0; t < 150; t++) {
      const op = r(3);
      const x = r(12);
      if (op === 0 && model.length < 10) {
        const k = r(model.length + 1);
        l = apply(listInsert(l, k, x));
        model.splice(k, 0, x);
      } else if (op === 1) {
        l = apply(listDelete(l, x));
        const at = model.indexOf(x);
        if (at >= 0) model.splice(at, 1);
      } else {
        const run = listSearch(l, x);
        expect(wellFormed(run)).toBeNull();
        expect(run.frames.at(-1)?.message).toMatch(
          model.includes(x) ? `下标 ${model.indexOf(x)}` : '没有找到',
        );
      }
      expect(l.cells).toEqual(model);
    }
  });
});

/** Every node's key is above its left subtree's and below its right subtree's. */
function bstValid(s: BstState): boolean {
  const ok = (id: number | null, lo: number, hi: number): boolean =>
    id === null ||
    (s.nodes[id].key > lo &&
      s.nodes[id].key < hi &&
      ok(s.nodes[id].left, lo, s.nodes[id].key) &&
      ok(s.nodes[id].right, s.nodes[id].key, hi));
  return ok(s.root, -Infinity, Infinity);
}

describe('binary search tree frames', () => {
  it('keeps the BST invariant through random inserts and deletes (leaf, one child, two children)', () => {
    const r = rng(11);
    let t = emptyBst();
    const keys = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const x = r(40);
      if (r(3) > 0 && keys.size < 31) {
        t = apply(bstInsert(t, x));
        keys.add(x);
      } else {
        t = apply(bstDelete(t, x));
        keys.delete(x);
      }
      expect(bstValid(t)).toBe(true);
      expect(inorder(t)).toEqual([...keys].sort((a, b) => a - b));
      expect(Object.keys(t.nodes)).toHaveLength(keys.size);
    }
  });

  it('deletes a node with two children through its in-order successor', () => {
    let t = emptyBst();
    for (const x of [50, 30, 70, 60, 80, 65]) t = apply(bstInsert(t, x));
    const run = bstDelete(t, 50);
    expect(run.frames.some((f) => f.line === 5 && f.state.successor !== null)).toBe(true);
    t = apply(run);
    expect(t.nodes[t.root as number].key).toBe(60);
    expect(inorder(t)).toEqual([30, 60, 65, 70, 80]);
    expect(bstValid(t)).toBe(true);
    expect(bstSearch(t, 65).frames.at(-1)?.message).toBe('找到 65');
    expect(bstSearch(t, 66).frames.at(-1)?.message).toBe('没有找到 66');
    expect([...bstLayout(t).values()].map((p) => p.x).sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('binary heap frames', () => {
  it('pushes and pops keep a valid min-heap and pop in ascending order', () => {
    const r = rng(13);
    let h = emptyHeap();
    const model: number[] = [];
    for (let i = 0; i < 300; i++) {
      if (r(3) > 0 && model.length < 31) {
        const x = r(50);
        h = apply(heapPush(h, x));
        model.push(x);
      } else {
        h = apply(heapPop(h));
        model.sort((a, b) => a - b);
        const min = model.shift();
        expect(h.taken ?? undefined).toBe(min);
      }
      expect(isMinHeap(h.a)).toBe(true);
      expect([...h.a].sort((a, b) => a - b)).toEqual([...model].sort((a, b) => a - b));
    }
  });

  it('builds a heap from an array', () => {
    const r = rng(17);
    for (let t = 0; t < 30; t++) {
      const a = Array.from({ length: r(20) }, () => r(30));
      const h = apply(heapBuild(a));
      expect(isMinHeap(h.a)).toBe(true);
      expect([...h.a].sort((x, y) => x - y)).toEqual([...a].sort((x, y) => x - y));
    }
  });
});

describe('union-find frames', () => {
  it('matches a naive component labelling and compresses paths', () => {
    const r = rng(19);
    const n = 12;
    let s = makeSets(n);
    const label = Array.from({ length: n }, (_, i) => i);
    for (let t = 0; t < 60; t++) {
      const a = r(n);
      const b = r(n);
      if (r(4) === 0) {
        const run = ufFind(s, a);
        s = apply(run);
        expect(s.parent[a]).toBe(rootOf(s, a)); // compressed: a hangs right under its root
      } else {
        s = apply(ufUnion(s, a, b));
        const [la, lb] = [label[a], label[b]];
        for (let i = 0; i < n; i++) if (label[i] === lb) label[i] = la;
      }
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) expect(rootOf(s, i) === rootOf(s, j)).toBe(label[i] === label[j]);
      // Union by rank keeps trees shallow: height ≤ log2(n).
      const pos = forestLayout(s.parent);
      expect(Math.max(...pos.map((p) => p.y))).toBeLessThanOrEqual(Math.log2(n));
    }
  });
});
