import { OpsPanel, still } from './OpsPanel';
import { BstView, HeapView, ListView, QueueView, StackView, UfView } from './views';
import {
  dequeue,
  emptyList,
  emptyQueue,
  emptyStack,
  enqueue,
  listDelete,
  listInsert,
  listSearch,
  stackPop,
  stackPush,
  STACK_CAPACITY,
  QUEUE_CAPACITY,
  LIST_LIMIT,
} from './algorithms/linear';
import { bstDelete, bstInsert, bstSearch, emptyBst, BST_LIMIT, type BstState } from './algorithms/bst';
import { emptyHeap, heapBuild, heapPop, heapPush, HEAP_LIMIT, type HeapState } from './algorithms/heap';
import { makeSets, ufFind, ufUnion, UF_MAX } from './algorithms/union-find';
import { lastState } from './algorithms/types';

const HEAP_SAMPLE = [9, 4, 7, 1, 8, 2, 6, 3];

export function StackPanel() {
  return (
    <OpsPanel
      initial={() => still(emptyStack(), '空栈：输入数值后点「入栈」')}
      ops={[
        { label: '入栈', params: ['x'], apply: (s, p) => stackPush(s, p.x), primary: true },
        { label: '出栈', params: [], apply: (s) => stackPop(s) },
      ]}
      reset={[{ label: '清空', make: () => still(emptyStack(), '栈已清空') }]}
      view={(s) => <StackView s={s} capacity={STACK_CAPACITY} />}
      hint={`顺序栈，容量 ${STACK_CAPACITY}：后进先出。`}
      defaults={{ x: '5' }}
    />
  );
}

export function QueuePanel() {
  return (
    <OpsPanel
      initial={() => still(emptyQueue(), '空队列：front = rear = 0')}
      ops={[
        { label: '入队', params: ['x'], apply: (s, p) => enqueue(s, p.x), primary: true },
        { label: '出队', params: [], apply: (s) => dequeue(s) },
      ]}
      reset={[{ label: '清空', make: () => still(emptyQueue(), '队列已清空') }]}
      view={(s) => <QueueView s={s} />}
      hint={`循环队列，容量 ${QUEUE_CAPACITY}：先进先出，rear 指向下一个空位，下标对容量取模。`}
      defaults={{ x: '5' }}
    />
  );
}

export function ListPanel() {
  const sample = () => {
    let s = emptyList();
    [3, 1, 4].forEach((x, i) => (s = lastState(listInsert(s, i, x))));
    return still({ ...s, active: [], pointers: [], floating: null }, '单链表 3 → 1 → 4');
  };
  return (
    <OpsPanel
      initial={sample}
      ops={[
        { label: '插入', params: ['k', 'x'], apply: (s, p) => listInsert(s, p.k, p.x), primary: true },
        { label: '删除', params: ['x'], apply: (s, p) => listDelete(s, p.x) },
        { label: '查找', params: ['x'], apply: (s, p) => listSearch(s, p.x) },
      ]}
      reset={[{ label: '清空', make: () => still(emptyList(), '空链表：head = null') }]}
      view={(s) => <ListView s={s} />}
      hint={`不带头结点的单链表，位置从 0 开始，最多 ${LIST_LIMIT} 个结点。`}
      defaults={{ x: '5', k: '1' }}
    />
  );
}

function sampleBst(): BstState {
  let s = emptyBst();
  for (const x of [50, 30, 70, 20, 40, 60, 80]) s = lastState(bstInsert(s, x));
  return { ...s, changed: null, path: [], cursor: null };
}

export function BstPanel() {
  return (
    <OpsPanel
      initial={() => still(sampleBst(), '一棵二叉搜索树：左子树都比根小，右子树都比根大')}
      ops={[
        { label: '插入', params: ['x'], apply: (s, p) => bstInsert(s, p.x), primary: true },
        { label: '删除', params: ['x'], apply: (s, p) => bstDelete(s, p.x) },
        { label: '查找', params: ['x'], apply: (s, p) => bstSearch(s, p.x) },
      ]}
      reset={[
        { label: '清空', make: () => still(emptyBst(), '空树') },
        { label: '示例树', make: () => still(sampleBst(), '示例树') },
      ]}
      view={(s) => <BstView s={s} />}
      hint={`最多 ${BST_LIMIT} 个结点；删除有两个孩子的结点时用右子树的最小结点（后继）代替。`}
      defaults={{ x: '65' }}
    />
  );
}

export function HeapPanel() {
  return (
    <OpsPanel
      initial={() =>
        still<HeapState>(
          { ...emptyHeap(), a: lastState(heapBuild(HEAP_SAMPLE)).a },
          `由 ${HEAP_SAMPLE.join(' ')} 建成的小根堆`,
        )
      }
      ops={[
        { label: '插入', params: ['x'], apply: (s, p) => heapPush(s, p.x), primary: true },
        { label: '取出最小值', params: [], apply: (s) => heapPop(s) },
        { label: '建堆', params: ['list'], apply: (_s, p) => heapBuild(p.list) },
      ]}
      reset={[{ label: '清空', make: () => still(emptyHeap(), '空堆') }]}
      view={(s) => <HeapView s={s} />}
      hint={`小根堆：父结点不大于孩子，a[i] 的孩子是 a[2i+1] 与 a[2i+2]；最多 ${HEAP_LIMIT} 个元素。`}
      defaults={{ x: '4', list: HEAP_SAMPLE.join(' ') }}
    />
  );
}

export function UnionFindPanel() {
  const n = 10;
  const check = (p: { a: number; b: number }, both: boolean) =>
    [p.a, ...(both ? [p.b] : [])].every((v) => v >= 0 && v < n) ? null : `元素应在 0 到 ${n - 1} 之间`;
  return (
    <OpsPanel
      initial={() => still(makeSets(n), `${n} 个元素，各自成一个集合`)}
      ops={[
        {
          label: '合并',
          params: ['a', 'b'],
          apply: (s, p) => check(p, true) ?? ufUnion(s, p.a, p.b),
          primary: true,
        },
        { label: '查找', params: ['a'], apply: (s, p) => check(p, false) ?? ufFind(s, p.a) },
      ]}
      reset={[{ label: '重置', make: () => still(makeSets(n), `${n} 个元素，各自成一个集合`) }]}
      view={(s) => <UfView s={s} />}
      hint={`按秩合并 + 路径压缩；下方一行是 parent 数组（最多 ${UF_MAX} 个元素，这里用 ${n} 个）。`}
    />
  );
}
