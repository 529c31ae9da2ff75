import { Recorder, type Run } from './types';

/** An array being sorted: which cells are looked at, what is final, the part being worked on. */
export interface SortState {
  a: number[];
  /** Cells the current step touches. */
  active: number[];
  kind: 'compare' | 'swap' | 'write' | 'none';
  /** Indices already in their final place. */
  sorted: number[];
  /** The sub-array being worked on (quick / merge sort), inclusive. */
  range: [number, number] | null;
  pivot: number | null;
  /** Merge sort's buffer. */
  aux: number[];
}

export type SortKey = 'bubble' | 'insertion' | 'quick' | 'merge';

export const SORT_LABELS: Record<SortKey, string> = {
  bubble: '冒泡排序',
  insertion: '插入排序',
  quick: '快速排序',
  merge: '归并排序',
};

export const SORT_PSEUDO: Record<SortKey, readonly string[]> = {
  bubble: [
    'for i ← 0 to n-2',
    '  swapped ← false',
    '  for j ← 0 to n-2-i',
    '    if a[j] > a[j+1]',
    '      swap(a[j], a[j+1]); swapped ← true',
    '  if not swapped: break',
    'return a',
  ],
  insertion: [
    'for i ← 1 to n-1',
    '  key ← a[i]; j ← i-1',
    '  while j ≥ 0 and a[j] > key',
    '    a[j+1] ← a[j]; j ← j-1',
    '  a[j+1] ← key',
    'return a',
  ],
  quick: [
    'quickSort(lo, hi):',
    '  if lo ≥ hi: return',
    '  pivot ← a[hi]; i ← lo',
    '  for j ← lo to hi-1',
    '    if a[j] < pivot',
    '      swap(a[i], a[j]); i ← i+1',
    '  swap(a[i], a[hi])',
    '  quickSort(lo, i-1); quickSort(i+1, hi)',
  ],
  merge: [
    'mergeSort(lo, hi):',
    '  if lo ≥ hi: return',
    '  mid ← ⌊(lo+hi)/2⌋',
    '  mergeSort(lo, mid); mergeSort(mid+1, hi)',
    '  i ← lo; j ← mid+1; tmp ← []',
    '  tmp 追加 a[i], a[j] 中较小者（相等取左边）',
    '  把 tmp 复制回 a[lo..hi]',
  ],
};

function recorder(input: number[]) {
  const s: SortState = {
    a: [...input],
    active: [],
    kind: 'none',
    sorted: [],
    range: null,
    pivot: null,
    aux: [],
  };
  const rec = new Recorder(() => s);
  const step = (line: number, message: string, kind: SortState['kind'] = 'none', active: number[] = []) => {
    s.kind = kind;
    s.active = active;
    rec.push(line, message);
  };
  const swap = (i: number, j: number) => ([s.a[i], s.a[j]] = [s.a[j], s.a[i]]);
  const markAll = () => (s.sorted = s.a.map((_, i) => i));
  return { s, rec, step, swap, markAll };
}

function bubble(input: number[]) {
  const { s, rec, step, swap, markAll } = recorder(input);
  const n = s.a.length;
  step(-1, `待排序的 ${n} 个数`);
  for (let i = 0; i < n - 1; i++) {
    step(0, `第 ${i + 1} 趟：把最大的数冒泡到位置 ${n - 1 - i}`);
    let swapped = false;
    for (let j = 0; j < n - 1 - i; j++) {
      step(3, `比较 a[${j}]=${s.a[j]} 与 a[${j + 1}]=${s.a[j + 1]}`, 'compare', [j, j + 1]);
      if (s.a[j] > s.a[j + 1]) {
        swap(j, j + 1);
        swapped = true;
        step(4, `${s.a[j + 1]} > ${s.a[j]}，交换`, 'swap', [j, j + 1]);
      }
    }
    s.sorted.push(n - 1 - i);
    if (!swapped) {
      step(5, '这一趟没有交换，数组已经有序，提前结束');
      break;
    }
  }
  markAll();
  step(6, '排序完成');
  return rec.frames;
}

function insertion(input: number[]) {
  const { s, rec, step, markAll } = recorder(input);
  const n = s.a.length;
  step(-1, `待排序的 ${n} 个数；a[0] 自成有序段`);
  for (let i = 1; i < n; i++) {
    const key = s.a[i];
    let j = i - 1;
    s.aux = [key];
    step(1, `取出 key = a[${i}] = ${key}，插入前面的有序段`, 'compare', [i]);
    while (j >= 0 && s.a[j] > key) {
      step(2, `a[${j}]=${s.a[j]} > ${key}，继续向左`, 'compare', [j, j + 1]);
      s.a[j + 1] = s.a[j];
      step(3, `a[${j}] 右移到位置 ${j + 1}`, 'write', [j + 1]);
      j--;
    }
    if (j >= 0) step(2, `a[${j}]=${s.a[j]} ≤ ${key}，停止`, 'compare', [j]);
    s.a[j + 1] = key;
    s.aux = [];
    step(4, `把 ${key} 放到位置 ${j + 1}`, 'write', [j + 1]);
  }
  markAll();
  step(5, '排序完成');
  return rec.frames;
}

function quick(input: number[]) {
  const { s, rec, step, swap, markAll } = recorder(input);
  step(-1, `待排序的 ${s.a.length} 个数`);
  const sort = (lo: number, hi: number) => {
    s.range = [lo, hi];
    s.pivot = null;
    if (lo >= hi) {
      if (lo === hi) s.sorted.push(lo);
      step(1, lo === hi ? `区间 [${lo}, ${hi}] 只有一个数，已就位` : '空区间，返回');
      return;
    }
    const pivot = s.a[hi];
    s.pivot = hi;
    let i = lo;
    step(2, `区间 [${lo}, ${hi}]：取 a[${hi}] = ${pivot} 为基准`, 'none', [hi]);
    for (let j = lo; j < hi; j++) {
      step(4, `比较 a[${j}]=${s.a[j]} 与基准 ${pivot}`, 'compare', [j, hi]);
      if (s.a[j] < pivot) {
        swap(i, j);
        step(5, `${s.a[i]} < ${pivot}：交换 a[${i}] 与 a[${j}]，i ← ${i + 1}`, 'swap', [i, j]);
        i++;
      }
    }
    swap(i, hi);
    s.pivot = i;
    s.sorted.push(i);
    step(6, `基准 ${pivot} 放到位置 ${i}：左边都小于它，右边都不小于它`, 'swap', [i, hi]);
    step(7, `递归排序 [${lo}, ${i - 1}] 与 [${i + 1}, ${hi}]`);
    sort(lo, i - 1);
    sort(i + 1, hi);
  };
  sort(0, s.a.length - 1);
  s.range = null;
  s.pivot = null;
  markAll();
  step(-1, '排序完成');
  return rec.frames;
}

function merge(input: number[]) {
  const { s, rec, step, markAll } = recorder(input);
  step(-1, `待排序的 ${s.a.length} 个数`);
  const sort = (lo: number, hi: number) => {
    s.range = [lo, hi];
    if (lo >= hi) {
      step(1, `区间 [${lo}, ${hi}] 不超过一个数，无需排序`, 'none', [lo]);
      return;
    }
    const mid = Math.floor((lo + hi) / 2);
    step(2, `区间 [${lo}, ${hi}] 从 mid = ${mid} 分成两半`);
    sort(lo, mid);
    sort(mid + 1, hi);
    s.range = [lo, hi];
    s.aux = [];
    let i = lo;
    let j = mid + 1;
    step(4, `合并有序的 [${lo}, ${mid}] 与 [${mid + 1}, ${hi}]`);
    while (i <= mid || j <= hi) {
      const takeLeft = j > hi || (i <= mid && s.a[i] <= s.a[j]);
      const from = takeLeft ? i : j;
      s.aux.push(s.a[from]);
      const why = i <= mid && j <= hi ? `比较 ${s.a[i]} 与 ${s.a[j]}，` : '';
      step(
        5,
        `${why}取 a[${from}] = ${s.a[from]} 放入 tmp`,
        'compare',
        i <= mid && j <= hi ? [i, j] : [from],
      );
      if (takeLeft) i++;
      else j++;
    }
    for (let k = 0; k < s.aux.length; k++) s.a[lo + k] = s.aux[k];
    step(
      6,
      `把 tmp 复制回 a[${lo}..${hi}]`,
      'write',
      s.aux.map((_, k) => lo + k),
    );
    s.aux = [];
  };
  sort(0, s.a.length - 1);
  s.range = null;
  markAll();
  step(-1, '排序完成');
  return rec.frames;
}

const RUNNERS: Record<SortKey, (a: number[]) => Run<SortState>['frames']> = {
  bubble,
  insertion,
  quick,
  merge,
};

export function sortRun(key: SortKey, input: number[]): Run<SortState> {
  return { title: SORT_LABELS[key], pseudo: SORT_PSEUDO[key], frames: RUNNERS[key](input) };
}
