import { Recorder, type Run } from './types';

/**
 * Stack, circular queue and singly linked list share one picture: a row (or column) of cells,
 * named pointers under some of them, highlighted cells and a value off to the side (the node
 * being inserted, the value just popped).
 */
export interface LinearState {
  cells: (number | null)[];
  pointers: { label: string; index: number }[];
  active: number[];
  floating: number | null;
  /** Queue only: the ring's front, rear and size (stack: `front` unused, rear = top). */
  front: number;
  rear: number;
  size: number;
}

export const STACK_CAPACITY = 8;
export const QUEUE_CAPACITY = 8;
export const LIST_LIMIT = 10;

const empty = (cells: (number | null)[] = []): LinearState => ({
  cells,
  pointers: [],
  active: [],
  floating: null,
  front: 0,
  rear: 0,
  size: 0,
});

export const emptyStack = (): LinearState => ({ ...empty([]), rear: -1 });
export const emptyQueue = (): LinearState => empty(Array<number | null>(QUEUE_CAPACITY).fill(null));
export const emptyList = (): LinearState => empty([]);

/** A working copy of a state with the previous operation's markers cleared. */
function start(from: LinearState) {
  const s: LinearState = { ...structuredClone(from), active: [], floating: null, pointers: [] };
  const rec = new Recorder(() => s);
  return { s, rec };
}

// ── Stack ───────────────────────────────────────────────────────────────────────────────────

export const STACK_PUSH = ['push(x):', '  if top = 容量-1: 上溢，失败', '  top ← top + 1', '  S[top] ← x'];
export const STACK_POP = [
  'pop():',
  '  if top = -1: 下溢（栈空），失败',
  '  x ← S[top]',
  '  top ← top - 1',
  '  return x',
];

const topPointer = (s: LinearState) => (s.rear >= 0 ? [{ label: 'top', index: s.rear }] : []);

export function stackPush(from: LinearState, x: number): Run<LinearState> {
  const { s, rec } = start(from);
  s.pointers = topPointer(s);
  s.floating = x;
  rec.push(0, `入栈 ${x}`);
  if (s.rear === STACK_CAPACITY - 1) {
    rec.push(1, `栈已满（容量 ${STACK_CAPACITY}），上溢`);
  } else {
    s.rear += 1;
    s.cells.push(null);
    s.pointers = topPointer(s);
    rec.push(2, `top 上移到 ${s.rear}`);
    s.cells[s.rear] = x;
    s.floating = null;
    s.active = [s.rear];
    rec.push(3, `S[${s.rear}] ← ${x}，栈中共 ${s.rear + 1} 个元素`);
  }
  return { title: `入栈 ${x}`, pseudo: STACK_PUSH, frames: rec.frames };
}

export function stackPop(from: LinearState): Run<LinearState> {
  const { s, rec } = start(from);
  s.pointers = topPointer(s);
  rec.push(0, '出栈');
  if (s.rear < 0) {
    rec.push(1, '栈为空，下溢');
  } else {
    const x = s.cells[s.rear] as number;
    s.active = [s.rear];
    rec.push(2, `取栈顶 S[${s.rear}] = ${x}`);
    s.cells.pop();
    s.rear -= 1;
    s.active = [];
    s.floating = x;
    s.pointers = topPointer(s);
    rec.push(3, s.rear >= 0 ? `top 下移到 ${s.rear}` : 'top 变为 -1，栈空了');
    rec.push(4, `返回 ${x}`);
  }
  return { title: '出栈', pseudo: STACK_POP, frames: rec.frames };
}

// ── Circular queue ──────────────────────────────────────────────────────────────────────────

export const QUEUE_ENQUEUE = [
  'enqueue(x):',
  '  if size = 容量: 队满，失败',
  '  Q[rear] ← x',
  '  rear ← (rear + 1) mod 容量; size ← size + 1',
];
export const QUEUE_DEQUEUE = [
  'dequeue():',
  '  if size = 0: 队空，失败',
  '  x ← Q[front]; Q[front] ← 空',
  '  front ← (front + 1) mod 容量; size ← size - 1',
  '  return x',
];

const ringPointers = (s: LinearState) => [
  { label: 'front', index: s.front },
  { label: 'rear', index: s.rear },
];

export function enqueue(from: LinearState, x: number): Run<LinearState> {
  const { s, rec } = start(from);
  s.pointers = ringPointers(s);
  s.floating = x;
  rec.push(0, `入队 ${x}`);
  if (s.size === QUEUE_CAPACITY) {
    rec.push(1, `队列已满（容量 ${QUEUE_CAPACITY}），无法入队`);
  } else {
    s.cells[s.rear] = x;
    s.floating = null;
    s.active = [s.rear];
    rec.push(2, `Q[${s.rear}] ← ${x}`);
    s.rear = (s.rear + 1) % QUEUE_CAPACITY;
    s.size += 1;
    s.pointers = ringPointers(s);
    rec.push(3, `rear 移到 ${s.rear}（循环），队中共 ${s.size} 个元素`);
  }
  return { title: `入队 ${x}`, pseudo: QUEUE_ENQUEUE, frames: rec.frames };
}

export function dequeue(from: LinearState): Run<LinearState> {
  const { s, rec } = start(from);
  s.pointers = ringPointers(s);
  rec.push(0, '出队');
  if (s.size === 0) {
    rec.push(1, '队列为空，无法出队');
  } else {
    const x = s.cells[s.front] as number;
    s.active = [s.front];
    rec.push(2, `取队头 Q[${s.front}] = ${x}`);
    s.cells[s.front] = null;
    s.floating = x;
    s.active = [];
    s.front = (s.front + 1) % QUEUE_CAPACITY;
    s.size -= 1;
    s.pointers = ringPointers(s);
    rec.push(3, `front 移到 ${s.front}，队中剩 ${s.size} 个元素`);
    rec.push(4, `返回 ${x}`);
  }
  return { title: '出队', pseudo: QUEUE_DEQUEUE, frames: rec.frames };
}

/** The queue's contents from front to rear. */
export const queueItems = (s: LinearState): number[] =>
  Array.from({ length: s.size }, (_, k) => s.cells[(s.front + k) % QUEUE_CAPACITY] as number);

// ── Singly linked list ──────────────────────────────────────────────────────────────────────

export const LIST_INSERT = [
  'insert(k, x):',
  '  node ← 新结点(x)',
  '  if k = 0: node.next ← head; head ← node; return',
  '  p ← head; 向后走 k-1 步',
  '  p ← p.next',
  '  node.next ← p.next',
  '  p.next ← node',
];
export const LIST_DELETE = [
  'delete(x):',
  '  prev ← null; p ← head',
  '  while p ≠ null and p.val ≠ x',
  '    prev ← p; p ← p.next',
  '  if p = null: 未找到，返回',
  '  if prev = null: head ← p.next',
  '  else: prev.next ← p.next',
];
export const LIST_SEARCH = [
  'search(x):',
  '  p ← head; i ← 0',
  '  while p ≠ null',
  '    if p.val = x: return i',
  '    p ← p.next; i ← i + 1',
  '  return -1（未找到）',
];

export function listInsert(from: LinearState, k: number, x: number): Run<LinearState> {
  const { s, rec } = start(from);
  const n = s.cells.length;
  const pos = Math.max(0, Math.min(k, n));
  const title = `在位置 ${pos} 插入 ${x}`;
  rec.push(0, k === pos ? title : `位置 ${k} 超出范围，改为在位置 ${pos} 插入 ${x}`);
  if (n >= LIST_LIMIT) {
    rec.push(0, `链表最多演示 ${LIST_LIMIT} 个结点`);
    return { title, pseudo: LIST_INSERT, frames: rec.frames };
  }
  s.floating = x;
  rec.push(1, `新建结点 ${x}`);
  if (pos === 0) {
    s.cells.unshift(x);
    s.floating = null;
    s.active = [0];
    s.pointers = [{ label: 'head', index: 0 }];
    rec.push(2, `插在表头：新结点指向原来的首结点，head 指向新结点`);
    return { title, pseudo: LIST_INSERT, frames: rec.frames };
  }
  s.pointers = [{ label: 'p', index: 0 }];
  rec.push(3, `p 指向首结点 ${s.cells[0]}`);
  for (let i = 1; i < pos; i++) {
    s.pointers = [{ label: 'p', index: i }];
    rec.push(4, `p 后移到结点 ${s.cells[i]}（位置 ${i}）`);
  }
  rec.push(5, pos < n ? `新结点的 next 指向 p 的后继 ${s.cells[pos]}` : '新结点的 next 为 null（插在表尾）');
  s.cells.splice(pos, 0, x);
  s.floating = null;
  s.active = [pos];
  rec.push(6, `p.next 指向新结点，插入完成`);
  return { title, pseudo: LIST_INSERT, frames: rec.frames };
}

export function listDelete(from: LinearState, x: number): Run<LinearState> {
  const { s, rec } = start(from);
  const title = `删除 ${x}`;
  const at = (prev: number, p: number) => {
    s.pointers = [
      ...(prev >= 0 ? [{ label: 'prev', index: prev }] : []),
      ...(p < s.cells.length ? [{ label: 'p', index: p }] : []),
    ];
  };
  at(-1, 0);
  rec.push(1, s.cells.length ? `p 指向首结点 ${s.cells[0]}` : '链表为空，p = null');
  let p = 0;
  while (p < s.cells.length && s.cells[p] !== x) {
    s.active = [p];
    rec.push(2, `结点 ${s.cells[p]} ≠ ${x}，继续`);
    p++;
    at(p - 1, p);
    rec.push(3, p < s.cells.length ? `p 后移到结点 ${s.cells[p]}` : 'p 走到 null');
  }
  if (p === s.cells.length) {
    s.active = [];
    rec.push(4, `链表中没有 ${x}`);
    return { title, pseudo: LIST_DELETE, frames: rec.frames };
  }
  s.active = [p];
  rec.push(2, `找到 ${x}`);
  s.cells.splice(p, 1);
  s.floating = x;
  s.active = [];
  s.pointers =
    p === 0 ? (s.cells.length ? [{ label: 'head', index: 0 }] : []) : [{ label: 'prev', index: p - 1 }];
  rec.push(p === 0 ? 5 : 6, p === 0 ? 'head 指向被删结点的后继' : 'prev.next 跳过被删结点，删除完成');
  return { title, pseudo: LIST_DELETE, frames: rec.frames };
}

export function listSearch(from: LinearState, x: number): Run<LinearState> {
  const { s, rec } = start(from);
  rec.push(1, s.cells.length ? `p 指向首结点 ${s.cells[0]}` : '链表为空');
  for (let i = 0; i < s.cells.length; i++) {
    s.pointers = [{ label: 'p', index: i }];
    s.active = [i];
    if (s.cells[i] === x) {
      rec.push(3, `p.val = ${x}，找到，下标 ${i}`);
      return { title: `查找 ${x}`, pseudo: LIST_SEARCH, frames: rec.frames };
    }
    rec.push(4, `${s.cells[i]} ≠ ${x}，p 后移`);
  }
  s.pointers = [];
  s.active = [];
  rec.push(5, `没有找到 ${x}，返回 -1`);
  return { title: `查找 ${x}`, pseudo: LIST_SEARCH, frames: rec.frames };
}
