import { useRef, type PointerEvent } from 'react';
import { GRAPH_H, GRAPH_W, type Graph, type GraphState } from './algorithms/graph';
import { C, fill, stroke, type Tone } from './colors';

const R = 20;

/**
 * The graph, with a traversal's state painted on it when there is one. Nodes can be dragged with
 * the mouse or a finger (only the nodes capture the pointer, so the page still scrolls on a phone).
 */
export function GraphView({
  graph,
  state,
  showDist,
  onMove,
}: {
  graph: Graph;
  state: GraphState | null;
  showDist: boolean;
  onMove: (id: number, x: number, y: number) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const dragging = useRef<number | null>(null);
  const pos = new Map(graph.nodes.map((n) => [n.id, n]));

  const toSvg = (e: PointerEvent) => {
    const m = svg.current?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return {
      x: Math.round(Math.max(R, Math.min(GRAPH_W - R, p.x))),
      y: Math.round(Math.max(R, Math.min(GRAPH_H - R, p.y))),
    };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (dragging.current === null) return;
    const p = toSvg(e);
    if (p) onMove(dragging.current, p.x, p.y);
  };

  const tone = (id: number): Tone => {
    if (!state) return 'idle';
    if (state.current === id) return 'compare';
    if (state.edge && state.edge[1] === id) return 'swap';
    if (state.settled.includes(id)) return 'done';
    if (state.visited.includes(id)) return 'write';
    return 'idle';
  };
  const isTree = (u: number, v: number) => !!state && (state.parent[v] === u || state.parent[u] === v);
  const isActive = (u: number, v: number) =>
    !!state?.edge &&
    ((state.edge[0] === u && state.edge[1] === v) || (state.edge[0] === v && state.edge[1] === u));

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${GRAPH_W} ${GRAPH_H}`}
      className="oj-dsa-svg oj-dsa-graph"
      role="img"
      aria-label="图"
      onPointerMove={onPointerMove}
      onPointerUp={() => (dragging.current = null)}
      onPointerCancel={() => (dragging.current = null)}
    >
      {graph.edges.map((e) => {
        const a = pos.get(e.u);
        const b = pos.get(e.v);
        if (!a || !b) return null;
        const active = isActive(e.u, e.v);
        const tree = isTree(e.u, e.v);
        const mx = (a.x + b.x) / 2;
        const my = (a.y + b.y) / 2;
        return (
          <g key={`${e.u}-${e.v}`}>
            <line
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke={active ? C.swapStroke : tree ? C.doneStroke : C.edge}
              strokeWidth={active || tree ? 4 : 2}
            />
            <text x={mx} y={my + 5} textAnchor="middle" fontSize={15} fill={C.text} className="oj-dsa-halo">
              {e.w}
            </text>
          </g>
        );
      })}
      {graph.nodes.map((n) => {
        const t = tone(n.id);
        const d = state?.dist[n.id];
        return (
          <g
            key={n.id}
            className="oj-dsa-node"
            data-node={n.id}
            onPointerDown={(e) => {
              dragging.current = n.id;
              (e.currentTarget.ownerSVGElement as SVGSVGElement).setPointerCapture(e.pointerId);
            }}
          >
            <circle cx={n.x} cy={n.y} r={R} fill={fill(t)} stroke={stroke(t)} strokeWidth={2.5} />
            <text
              x={n.x}
              y={n.y + 5}
              textAnchor="middle"
              fontSize={15}
              fontWeight={600}
              fill={C.text}
              className="oj-dsa-node-label"
            >
              {n.id}
            </text>
            {showDist && state && (
              <text
                x={n.x}
                y={n.y - R - 8}
                textAnchor="middle"
                fontSize={15}
                fill={C.writeStroke}
                className="oj-dsa-halo oj-dsa-dist"
                data-dist={n.id}
              >
                {d === undefined ? '∞' : d}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
