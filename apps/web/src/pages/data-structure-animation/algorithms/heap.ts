import { Recorder, type Run } from './types';

/** A binary min-heap in an array: a[i]'s children are a[2i+1] and a[2i+2]. */
export interface HeapState {
  a: number[];
  active: number[];
  kind: 'compare' | 'swap' | 'none';
  /** The value just taken out. */
  taken: number | null;
}

export const HEAP_LIMIT = 31;

export const emptyHeap = (): HeapState => ({ a: [], active: [], kind: 'none', taken: null });

export const HEAP_PUSH = [
  'push(x):',
  '  a.append(x); i ← n-1',
  '  while i > 0 and a[parent(i)] > a[i]',
  '    swap(a[i], a[parent(i)]); i ← parent(i)',
  '  完成：parent(i) = ⌊(i-1)/2⌋',
];
export const HEAP_POP = [
  'popMin():',
  '  if n = 0: 堆空，返回',
  '  min ← a[0]; a[0] ← a[n-1]; 删除末尾',
  '  i ← 0',
  '  c ← i 的孩子中较小的一个',
  '  if a[c] < a[i]: swap(a[i], a[c]); i ← c; 回到上一行',
  '  return min',
];
export const HEAP_BUILD = [
  'buildHeap(a):',
  '  for i ← ⌊n/2⌋-1 downto 0',
  '    siftDown(i)：',
  '      c ← i 的孩子中较小的一个',
  '      if a[c] < a[i]: swap(a[i], a[c]); i ← c; 继续',
  '  完成',
];

const parent = (i: number) => Math.floor((i - 1) / 2);

function start(from: HeapState) {
  const s: HeapState = { ...structuredClone(from), active: [], kind: 'none', taken: null };
  const rec = new Recorder(() => s);
  const step = (line: number, message: string, kind: HeapState['kind'] = 'none', active: number[] = []) => {
    s.kind = kind;
    s.active = active;
    rec.push(line, message);
  };
  const swap = (i: number, j: number) => ([s.a[i], s.a[j]] = [s.a[j], s.a[i]]);
  return { s, rec, step, swap };
}

export function heapPush(from: HeapState, x: number): Run<HeapState> {
  const { s, rec, step, swap } = start(from);
  const done = () => ({ title: `插入 ${x}`, pseudo: HEAP_PUSH, frames: rec.frames });
  if (s.a.length >= HEAP_LIMIT) {
    step(0, `最多演示 ${HEAP_LIMIT} 个元素`);
    return done();
  }
  s.a.push(x);
  let i = s.a.length - 1;
  step(1, `把 ${x} 放到末尾 a[${i}]`, 'none', [i]);
  while (i > 0) {
    const p = parent(i);
    step(2, `比较 a[${i}]=${s.a[i]} 与父结点 a[${p}]=${s.a[p]}`, 'compare', [i, p]);
    if (s.a[p] <= s.a[i]) break;
    swap(i, p);
    step(3, `父结点更大，交换，${x} 上浮到 a[${p}]`, 'swap', [i, p]);
    i = p;
  }
  step(4, i === 0 ? `${x} 到达堆顶，完成` : '父结点不大于它，停止上浮');
  return done();
}

/** Sifts a[i] down within a[0..n-1]; `lines` are the pseudo-code lines of choosing and swapping. */
function siftDown(ctx: ReturnType<typeof start>, i: number, lines: [number, number]) {
  const { s, step, swap } = ctx;
  const n = s.a.length;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    if (l >= n) {
      step(lines[0], `a[${i}] 没有孩子，停止下沉`, 'none', [i]);
      return;
    }
    const c = r < n && s.a[r] < s.a[l] ? r : l;
    step(lines[0], `a[${i}]=${s.a[i]} 的较小孩子是 a[${c}]=${s.a[c]}`, 'compare', [i, c]);
    if (s.a[c] >= s.a[i]) {
      step(lines[1], `${s.a[i]} 不大于孩子，停止下沉`, 'none', [i]);
      return;
    }
    swap(i, c);
    step(lines[1], `交换 a[${i}] 与 a[${c}]，继续下沉`, 'swap', [i, c]);
    i = c;
  }
}

export function heapPop(from: HeapState): Run<HeapState> {
  const ctx = start(from);
  const { s, step } = ctx;
  const done = () => ({ title: '取出最小值', pseudo: HEAP_POP, frames: ctx.rec.frames });
  if (s.a.length === 0) {
    step(1, '堆为空');
    return done();
  }
  const min = s.a[0];
  step(2, `堆顶 a[0]=${min} 是最小值`, 'none', [0]);
  const last = s.a.pop() as number;
  s.taken = min;
  if (s.a.length === 0) {
    step(6, `取出 ${min}，堆空了`);
    return done();
  }
  s.a[0] = last;
  step(2, `把末尾的 ${last} 移到堆顶`, 'none', [0]);
  step(3, '从 i = 0 开始下沉', 'none', [0]);
  siftDown(ctx, 0, [4, 5]);
  step(6, `返回 ${min}`);
  return done();
}

export function heapBuild(values: number[]): Run<HeapState> {
  const ctx = start({ ...emptyHeap(), a: values.slice(0, HEAP_LIMIT) });
  const { s, step } = ctx;
  step(0, `从数组 [${s.a.join(', ')}] 建堆`);
  for (let i = Math.floor(s.a.length / 2) - 1; i >= 0; i--) {
    step(1, `i = ${i}：对 a[${i}]=${s.a[i]} 下沉`, 'none', [i]);
    siftDown(ctx, i, [3, 4]);
  }
  step(5, '每个结点都不大于它的孩子：建堆完成');
  return { title: '建堆', pseudo: HEAP_BUILD, frames: ctx.rec.frames };
}

/** The heap property: every parent ≤ its children. */
export const isMinHeap = (a: number[]) => a.every((v, i) => i === 0 || a[parent(i)] <= v);
