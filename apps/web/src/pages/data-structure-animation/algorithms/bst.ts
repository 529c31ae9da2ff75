import { Recorder, type Run } from './types';

export interface BstNode {
  id: number;
  key: number;
  left: number | null;
  right: number | null;
}

/** A binary search tree as a node table (ids stay with their keys, so the picture can follow them). */
export interface BstState {
  nodes: Record<number, BstNode>;
  root: number | null;
  nextId: number;
  /** The node being compared / found. */
  cursor: number | null;
  /** Nodes on the search path so far. */
  path: number[];
  /** A node whose key the step changes or that was just added. */
  changed: number | null;
  /** The in-order successor during a two-child delete. */
  successor: number | null;
}

export const BST_LIMIT = 31;

export const emptyBst = (): BstState => ({
  nodes: {},
  root: null,
  nextId: 1,
  cursor: null,
  path: [],
  changed: null,
  successor: null,
});

export const BST_INSERT = [
  'insert(x):',
  '  if root = null: root ← 新结点(x); return',
  '  p ← root',
  '  if x < p.key: 若 p.left 为空则挂到左边，否则 p ← p.left',
  '  if x > p.key: 若 p.right 为空则挂到右边，否则 p ← p.right',
  '  if x = p.key: 已存在，不插入',
];
export const BST_DELETE = [
  'delete(x):',
  '  p ← root; 按大小向下找 key = x 的结点',
  '  if p = null: 未找到，返回',
  '  if p.left = null: 用 p.right 替换 p',
  '  else if p.right = null: 用 p.left 替换 p',
  '  else: s ← p 右子树中最左的结点（后继）',
  '    p.key ← s.key; 用 s.right 替换 s',
];
export const BST_SEARCH = [
  'search(x):',
  '  p ← root',
  '  while p ≠ null and p.key ≠ x',
  '    p ← (x < p.key) ? p.left : p.right',
  '  return p（null 表示未找到）',
];

function start(from: BstState) {
  const s: BstState = { ...structuredClone(from), cursor: null, path: [], changed: null, successor: null };
  return { s, rec: new Recorder(() => s) };
}

const size = (s: BstState) => Object.keys(s.nodes).length;

export function bstInsert(from: BstState, x: number): Run<BstState> {
  const { s, rec } = start(from);
  const done = () => ({ title: `插入 ${x}`, pseudo: BST_INSERT, frames: rec.frames });
  const add = (): number => {
    const id = s.nextId++;
    s.nodes[id] = { id, key: x, left: null, right: null };
    s.changed = id;
    return id;
  };
  rec.push(0, `插入 ${x}`);
  if (size(s) >= BST_LIMIT) {
    rec.push(0, `最多演示 ${BST_LIMIT} 个结点`);
    return done();
  }
  if (s.root === null) {
    s.root = add();
    rec.push(1, `树为空，${x} 成为根`);
    return done();
  }
  let p = s.root;
  s.cursor = p;
  s.path = [p];
  rec.push(2, `从根 ${s.nodes[p].key} 开始`);
  for (;;) {
    const node = s.nodes[p];
    if (x === node.key) {
      rec.push(5, `${x} 已在树中，不重复插入`);
      return done();
    }
    const side = x < node.key ? 'left' : 'right';
    const line = side === 'left' ? 3 : 4;
    const word = side === 'left' ? '左' : '右';
    const next = node[side];
    if (next === null) {
      node[side] = add();
      s.cursor = null;
      rec.push(
        line,
        `${x} ${side === 'left' ? '<' : '>'} ${node.key}，${word}孩子为空：挂为 ${node.key} 的${word}孩子`,
      );
      return done();
    }
    p = next;
    s.cursor = p;
    s.path.push(p);
    rec.push(line, `${x} ${side === 'left' ? '<' : '>'} ${node.key}，向${word}走到 ${s.nodes[p].key}`);
  }
}

/** Walks down to `x`; answers the node and its parent (null when absent), recording each comparison. */
function find(s: BstState, rec: Recorder<BstState>, x: number, line: number) {
  let parent: number | null = null;
  let p = s.root;
  while (p !== null && s.nodes[p].key !== x) {
    s.cursor = p;
    s.path.push(p);
    const k = s.nodes[p].key;
    rec.push(line, `${x} ${x < k ? '<' : '>'} ${k}，向${x < k ? '左' : '右'}走`);
    parent = p;
    p = x < k ? s.nodes[p].left : s.nodes[p].right;
  }
  if (p !== null) {
    s.cursor = p;
    s.path.push(p);
  }
  return { p, parent };
}

/** Puts `child` where `p` hung under `parent` (or at the root). */
function replace(s: BstState, parent: number | null, p: number, child: number | null) {
  if (parent === null) s.root = child;
  else if (s.nodes[parent].left === p) s.nodes[parent].left = child;
  else s.nodes[parent].right = child;
  delete s.nodes[p];
}

export function bstDelete(from: BstState, x: number): Run<BstState> {
  const { s, rec } = start(from);
  const done = () => ({ title: `删除 ${x}`, pseudo: BST_DELETE, frames: rec.frames });
  rec.push(0, `删除 ${x}`);
  const { p, parent } = find(s, rec, x, 1);
  if (p === null) {
    s.cursor = null;
    rec.push(2, `树中没有 ${x}`);
    return done();
  }
  rec.push(1, `找到结点 ${x}`);
  const node = s.nodes[p];
  if (node.left === null || node.right === null) {
    const child = node.left ?? node.right;
    const line = node.left === null ? 3 : 4;
    replace(s, parent, p, child);
    s.cursor = null;
    s.changed = child;
    const what = child === null ? '它是叶子，直接删除' : `用它唯一的孩子 ${s.nodes[child].key} 顶替它`;
    rec.push(
      line,
      `${x} ${node.left === null && node.right === null ? '' : node.left === null ? '没有左孩子，' : '没有右孩子，'}${what}`,
    );
    return done();
  }
  let sp = p;
  let succ = node.right;
  s.successor = succ;
  rec.push(5, `${x} 有两个孩子：到右子树找最小的结点，先到 ${s.nodes[succ].key}`);
  while (s.nodes[succ].left !== null) {
    sp = succ;
    succ = s.nodes[succ].left as number;
    s.successor = succ;
    rec.push(5, `继续向左到 ${s.nodes[succ].key}`);
  }
  const k = s.nodes[succ].key;
  node.key = k;
  s.changed = p;
  rec.push(6, `后继是 ${k}：把 ${k} 复制到被删结点`);
  replace(s, sp, succ, s.nodes[succ].right);
  s.successor = null;
  s.cursor = null;
  rec.push(6, `删除原来的后继结点，删除完成`);
  return done();
}

export function bstSearch(from: BstState, x: number): Run<BstState> {
  const { s, rec } = start(from);
  rec.push(1, s.root === null ? '树为空' : `从根 ${s.nodes[s.root].key} 开始`);
  const { p } = find(s, rec, x, 3);
  rec.push(4, p === null ? `没有找到 ${x}` : `找到 ${x}`);
  return { title: `查找 ${x}`, pseudo: BST_SEARCH, frames: rec.frames };
}

/** Keys in order (left, node, right). */
export function inorder(s: BstState): number[] {
  const out: number[] = [];
  const walk = (id: number | null) => {
    if (id === null) return;
    walk(s.nodes[id].left);
    out.push(s.nodes[id].key);
    walk(s.nodes[id].right);
  };
  walk(s.root);
  return out;
}

/** Node positions: x from the in-order rank, y from the depth. */
export function bstLayout(s: BstState): Map<number, { x: number; y: number; parent: number | null }> {
  const pos = new Map<number, { x: number; y: number; parent: number | null }>();
  let rank = 0;
  const walk = (id: number | null, depth: number, parent: number | null) => {
    if (id === null) return;
    walk(s.nodes[id].left, depth + 1, id);
    pos.set(id, { x: rank++, y: depth, parent });
    walk(s.nodes[id].right, depth + 1, id);
  };
  walk(s.root, 0, null);
  return pos;
}
