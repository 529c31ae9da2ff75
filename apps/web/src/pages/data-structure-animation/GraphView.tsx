import { useRef, type PointerEvent } from 'react';
import { GRAPH_H, GRAPH_W, type Graph, type GraphState } from './algorithms/graph';
import { C, fill, stroke, type Tone } from './colors';

const R = 20;

const ARROWS: [string, string][] = [
  ['oj-dsa-arrow-plain', C.edge],
  ['oj-dsa-arrow-tree', C.doneStroke],
  ['oj-dsa-arrow-active', C.swapStroke],
];

/**
 * A directed edge from circle a to circle b, ending at b's rim so that the arrowhead shows. With
 * an edge back from b to a, each is moved a little to its own side so that both can be seen.
 */
function arrowLine(a: { x: number; y: number }, b: { x: number; y: number }, twoWay: boolean) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const side = twoWay ? 7 : 0; // to the right of the direction of travel
  const ox = -uy * side;
  const oy = ux * side;
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    x1: r(a.x + ux * R + ox),
    y1: r(a.y + uy * R + oy),
    x2: r(b.x - ux * (R + 2) + ox),
    y2: r(b.y - uy * (R + 2) + oy),
  };
}

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
  const directed = !!graph.directed;
  // A directed edge is used only from u to v; an undirected one either way.
  const isTree = (u: number, v: number) =>
    !!state && (state.parent[v] === u || (!directed && state.parent[u] === v));
  const isActive = (u: number, v: number) =>
    !!state?.edge &&
    ((state.edge[0] === u && state.edge[1] === v) ||
      (!directed && state.edge[0] === v && state.edge[1] === u));
  const edgeKeys = new Set(graph.edges.map((e) => `${e.u}-${e.v}`));

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
      {directed && (
        <defs>
          {ARROWS.map(([id, color]) => (
            <marker
              key={id}
              id={id}
              viewBox="0 0 10 10"
              refX={9}
              refY={5}
              markerWidth={13}
              markerHeight={13}
              markerUnits="userSpaceOnUse"
              orient="auto"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={color} />
            </marker>
          ))}
        </defs>
      )}
      {graph.edges.map((e) => {
        const a = pos.get(e.u);
        const b = pos.get(e.v);
        if (!a || !b) return null;
        const active = isActive(e.u, e.v);
        const tree = isTree(e.u, e.v);
        const line = directed
          ? arrowLine(a, b, edgeKeys.has(`${e.v}-${e.u}`))
          : { x1: a.x, y1: a.y, x2: b.x, y2: b.y };
        const mx = (line.x1 + line.x2) / 2;
        const my = (line.y1 + line.y2) / 2;
        const look = active ? 'active' : tree ? 'tree' : 'plain';
        return (
          <g key={`${e.u}-${e.v}`} data-edge={`${e.u}-${e.v}`}>
            <line
              {...line}
              stroke={active ? C.swapStroke : tree ? C.doneStroke : C.edge}
              strokeWidth={active || tree ? 4 : 2}
              markerEnd={directed ? `url(#oj-dsa-arrow-${look})` : undefined}
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
