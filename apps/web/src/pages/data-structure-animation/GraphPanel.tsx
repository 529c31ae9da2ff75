import { useMemo, useState } from 'react';
import Button from '../../components/plain/Button';
import Switch from '../../components/plain/Switch';
import { LabelledInput } from '../../components/plain/Form';
import { Tag } from '../../components/plain/Tag';
import { NativeSelect } from '../../components/NativeSelect';
import { notify } from '../../lib/notify';
import { Player } from './Player';
import { GraphView } from './GraphView';
import {
  circleLayout,
  graphRun,
  parseGraph,
  SAMPLE_GRAPH,
  WEIGHT_MAX,
  withDirected,
  withEdge,
  withNode,
  withoutNode,
  type Graph,
  type GraphAlgo,
} from './algorithms/graph';

const STORE = 'oj-dsa-graph';

function loadGraph(): Graph {
  try {
    const g = parseGraph(JSON.parse(localStorage.getItem(STORE) ?? 'null'));
    if (g) return g;
  } catch {
    // a broken saved graph: start from the sample
  }
  return SAMPLE_GRAPH;
}

/** The typed weight, kept within 0 … WEIGHT_MAX (antd's InputNumber did it on blur); null when empty. */
function weightOf(typed: string): number | null {
  const w = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(w)) return null;
  return Math.min(WEIGHT_MAX, Math.max(0, w));
}

/** BFS, DFS and Dijkstra on a graph the user edits: undirected or directed, add / remove nodes and weighted edges, drag, auto layout. */
export function GraphPanel({ algo }: { algo: GraphAlgo }) {
  const [graph, setGraphRaw] = useState<Graph>(loadGraph);
  const [source, setSource] = useState(0);
  const [edge, setEdge] = useState<{ u?: number; v?: number; w: number | null }>({ w: 1 });
  // A structural edit invalidates the frames; moving a node does not (positions are not in the frames).
  const [version, setVersion] = useState(0);
  const setGraph = (g: Graph, structural = true) => {
    setGraphRaw(g);
    try {
      localStorage.setItem(STORE, JSON.stringify(g));
    } catch {
      // storage full or disabled: the graph still works for this visit
    }
    if (structural) setVersion((v) => v + 1);
  };
  const ids = graph.nodes.map((n) => n.id);
  const src = ids.includes(source) ? source : ids[0];
  const run = useMemo(() => (src === undefined ? null : graphRun(algo, graph, src)), [algo, src, version]);
  const options = ids.map((id) => ({ value: id, label: `结点 ${id}` }));
  const edit = (next: Graph | string) => (typeof next === 'string' ? notify.warning(next) : setGraph(next));

  return (
    <div>
      <div className="oj-dsa-inputs">
        <div className="oj-wrap-row">
          <span>起点</span>
          <NativeSelect
            value={src}
            onChange={setSource}
            options={options}
            style={{ width: 100 }}
            aria-label="起点"
            data-testid="graph-source"
          />
          <Button onClick={() => edit(withNode(graph))} data-testid="graph-add-node">
            添加结点
          </Button>
          <Button onClick={() => setGraph(circleLayout(graph), false)}>自动布局</Button>
          <Button onClick={() => setGraph(SAMPLE_GRAPH)}>示例图</Button>
          <Button onClick={() => setGraph({ nodes: [], edges: [], directed: graph.directed })}>清空</Button>
          <span className="oj-dsa-switch">
            <Switch
              checked={!!graph.directed}
              onChange={(on) => setGraph(withDirected(graph, on))}
              aria-label="有向图"
              data-testid="graph-directed"
            />
            <span>有向图</span>
          </span>
        </div>
        <div className="oj-wrap-row oj-dsa-row">
          <NativeSelect
            placeholder={graph.directed ? '起点' : '端点 1'}
            value={edge.u}
            onChange={(u) => setEdge({ ...edge, u })}
            options={options}
            style={{ width: 100 }}
            aria-label="边的端点 1"
          />
          <NativeSelect
            placeholder={graph.directed ? '终点' : '端点 2'}
            value={edge.v}
            onChange={(v) => setEdge({ ...edge, v })}
            options={options}
            style={{ width: 100 }}
            aria-label="边的端点 2"
          />
          <LabelledInput
            label="权"
            aria-label="边权"
            type="number"
            className="oj-dsa-number"
            min={0}
            max={WEIGHT_MAX}
            value={edge.w ?? ''}
            onChange={(e) => setEdge({ ...edge, w: weightOf(e.target.value) })}
          />
          <Button
            onClick={() => {
              if (edge.u === undefined || edge.v === undefined) return notify.warning('请选择边的两个端点');
              if (edge.w === null) return notify.warning('请输入边权');
              edit(withEdge(graph, edge.u, edge.v, edge.w));
            }}
            data-testid="graph-add-edge"
          >
            添加 / 修改边
          </Button>
        </div>
        <div className="oj-dsa-tags">
          {graph.nodes.map((n) => (
            <Tag key={`n${n.id}`} closable onClose={() => setGraph(withoutNode(graph, n.id))} color="blue">
              结点 {n.id}
            </Tag>
          ))}
          {graph.edges.map((e) => (
            <Tag
              key={`e${e.u}-${e.v}`}
              closable
              onClose={() => setGraph({ ...graph, edges: graph.edges.filter((x) => x !== e) })}
            >
              {e.u}
              {graph.directed ? '→' : '—'}
              {e.v}（{e.w}）
            </Tag>
          ))}
        </div>
        <div className="oj-dsa-hint">
          拖动结点可以调整位置；点标签上的 × 删除结点或边。
          {graph.directed ? '边从起点指向终点，两个方向可以各有一条边' : '边是无向的'}，权为非负整数。
        </div>
      </div>
      {run ? (
        <Player run={run}>
          {(s) => (
            <GraphView
              graph={graph}
              state={s}
              showDist={algo === 'dijkstra'}
              onMove={(id, x, y) =>
                setGraph(
                  { ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, x, y } : n)) },
                  false,
                )
              }
            />
          )}
        </Player>
      ) : (
        <div className="oj-dsa-empty">图是空的：点「添加结点」或「示例图」。</div>
      )}
    </div>
  );
}
