import { Recorder, type Run } from './types';

/** Disjoint sets over 0..n-1 with union by rank and path compression. */
export interface UfState {
  parent: number[];
  rank: number[];
  active: number[];
  /** The path find walked (before compressing it). */
  path: number[];
}

export const UF_MAX = 16;

export const makeSets = (n: number): UfState => ({
  parent: Array.from({ length: n }, (_, i) => i),
  rank: Array<number>(n).fill(0),
  active: [],
  path: [],
});

export const UF_UNION = [
  'union(a, b):',
  '  ra ← find(a); rb ← find(b)',
  '  find(x): 沿 parent 走到根 r',
  '  find(x): 路径上每个结点的 parent ← r（路径压缩）',
  '  if ra = rb: 已在同一集合，返回',
  '  if rank[ra] < rank[rb]: swap(ra, rb)',
  '  parent[rb] ← ra（矮树挂到高树下）',
  '  if rank[ra] = rank[rb]（合并前）: rank[ra] ← rank[ra] + 1',
];
export const UF_FIND = [
  'find(x):',
  '  r ← x; while parent[r] ≠ r: r ← parent[r]',
  '  路径上每个结点的 parent ← r（路径压缩）',
  '  return r',
];

function start(from: UfState) {
  const s: UfState = { ...structuredClone(from), active: [], path: [] };
  return { s, rec: new Recorder(() => s) };
}

/** Finds x's root, recording the walk on `walk` and the compression on `compress`. */
function find(s: UfState, rec: Recorder<UfState>, x: number, walk: number, compress: number): number {
  let r = x;
  s.path = [x];
  s.active = [x];
  rec.push(walk, `find(${x})：从 ${x} 出发`);
  while (s.parent[r] !== r) {
    r = s.parent[r];
    s.path.push(r);
    s.active = [r];
    rec.push(walk, `沿 parent 走到 ${r}`);
  }
  const moved = s.path.filter((v) => v !== r && s.parent[v] !== r);
  if (moved.length) {
    for (const v of moved) s.parent[v] = r;
    s.active = moved;
    rec.push(compress, `路径压缩：${moved.join('、')} 直接指向根 ${r}`);
  }
  s.path = [];
  return r;
}

export function ufUnion(from: UfState, a: number, b: number): Run<UfState> {
  const { s, rec } = start(from);
  const done = () => ({ title: `合并 ${a} 与 ${b}`, pseudo: UF_UNION, frames: rec.frames });
  rec.push(0, `合并 ${a} 与 ${b} 所在的集合`);
  let ra = find(s, rec, a, 2, 3);
  s.active = [ra];
  rec.push(1, `ra = find(${a}) = ${ra}`);
  let rb = find(s, rec, b, 2, 3);
  s.active = [ra, rb];
  rec.push(1, `rb = find(${b}) = ${rb}`);
  if (ra === rb) {
    rec.push(4, `${a} 和 ${b} 已在同一集合（根 ${ra}）`);
    return done();
  }
  if (s.rank[ra] < s.rank[rb]) {
    [ra, rb] = [rb, ra];
    s.active = [ra, rb];
    rec.push(5, `rank[${rb}] < rank[${ra}]：让 ${ra} 作为新根`);
  }
  const same = s.rank[ra] === s.rank[rb];
  s.parent[rb] = ra;
  s.active = [rb];
  rec.push(6, `parent[${rb}] ← ${ra}`);
  if (same) {
    s.rank[ra] += 1;
    s.active = [ra];
    rec.push(7, `两棵树一样高：rank[${ra}] 增加到 ${s.rank[ra]}`);
  }
  return done();
}

export function ufFind(from: UfState, x: number): Run<UfState> {
  const { s, rec } = start(from);
  const r = find(s, rec, x, 1, 2);
  s.active = [r];
  rec.push(3, `find(${x}) = ${r}`);
  return { title: `查找 ${x}`, pseudo: UF_FIND, frames: rec.frames };
}

/** The root of x without changing anything. */
export function rootOf(s: UfState, x: number): number {
  let r = x;
  while (s.parent[r] !== r) r = s.parent[r];
  return r;
}

/** Positions of a forest (x in leaf units, y = depth): leaves side by side, parents over their children. */
export function forestLayout(parent: number[]): { x: number; y: number }[] {
  const children = parent.map(() => [] as number[]);
  const roots: number[] = [];
  parent.forEach((p, i) => (p === i ? roots.push(i) : children[p].push(i)));
  const pos = parent.map(() => ({ x: 0, y: 0 }));
  let next = 0;
  const place = (v: number, depth: number): number => {
    pos[v].y = depth;
    if (children[v].length === 0) pos[v].x = next++;
    else {
      const xs = children[v].map((c) => place(c, depth + 1));
      pos[v].x = (xs[0] + xs[xs.length - 1]) / 2;
    }
    return pos[v].x;
  };
  for (const r of roots) place(r, 0);
  return pos;
}
