import { Suspense } from 'react';
import { Typography } from '../../components/plain/Typography';
import { NativeSelect } from '../../components/NativeSelect';
import { useSearchParams } from 'react-router';
import { SortPanel } from './SortPanel';
import { SORT_LABELS, type SortKey } from './algorithms/sorting';
import { GRAPH_LABELS, type GraphAlgo } from './algorithms/graph';
import './animation.css';
import { lazyScoped } from '../../lib/antdScope';

const SORTS = Object.keys(SORT_LABELS) as SortKey[];
const GRAPHS = Object.keys(GRAPH_LABELS) as GraphAlgo[];
// The sorting panel comes with the page (the default); the others load when picked.
const GraphPanel = lazyScoped(() => import('./GraphPanel').then((m) => ({ default: m.GraphPanel })));
const structure = (
  name: 'StackPanel' | 'QueuePanel' | 'ListPanel' | 'BstPanel' | 'HeapPanel' | 'UnionFindPanel',
) => lazyScoped(() => import('./structures').then((m) => ({ default: m[name] })));
const STRUCTURES = {
  stack: { label: '栈', panel: structure('StackPanel') },
  queue: { label: '循环队列', panel: structure('QueuePanel') },
  list: { label: '单链表', panel: structure('ListPanel') },
  bst: { label: '二叉搜索树', panel: structure('BstPanel') },
  heap: { label: '二叉堆', panel: structure('HeapPanel') },
  'union-find': { label: '并查集', panel: structure('UnionFindPanel') },
} as const;
type StructureKey = keyof typeof STRUCTURES;

const OPTIONS = [
  { label: '排序', options: SORTS.map((k) => ({ value: k as string, label: SORT_LABELS[k] })) },
  {
    label: '数据结构',
    options: (Object.keys(STRUCTURES) as StructureKey[]).map((k) => ({
      value: k as string,
      label: STRUCTURES[k].label,
    })),
  },
  { label: '图', options: GRAPHS.map((k) => ({ value: k as string, label: GRAPH_LABELS[k] })) },
];
const ALL = OPTIONS.flatMap((g) => g.options.map((o) => o.value as string));

/** /data-structure-animation: pick an algorithm (kept in `?algo=`), enter data, watch it step by step. */
export default function DataStructureAnimationPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('algo') ?? 'bubble';
  const algo = ALL.includes(wanted) ? wanted : 'bubble';
  const Structure = algo in STRUCTURES ? STRUCTURES[algo as StructureKey].panel : null;

  return (
    <div className="oj-dsa-page oj-panel" data-testid="dsa-page">
      <div className="oj-dsa-head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          数据结构动画
        </Typography.Title>
        <NativeSelect
          value={algo}
          onChange={(v: string) => setParams({ algo: v }, { replace: true })}
          options={OPTIONS}
          style={{ width: 220 }}
          aria-label="选择算法"
          data-testid="algo-select"
        />
      </div>
      {SORTS.includes(algo as SortKey) && <SortPanel key={algo} algo={algo as SortKey} />}
      <Suspense fallback={<div className="oj-dsa-empty">加载中…</div>}>
        {GRAPHS.includes(algo as GraphAlgo) && <GraphPanel key={algo} algo={algo as GraphAlgo} />}
        {Structure && <Structure key={algo} />}
      </Suspense>
    </div>
  );
}
