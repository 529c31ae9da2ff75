import { Recorder, type Run } from './types';

/** A weighted graph the user edits, undirected or directed; node positions live in a 600×400 box. */
export interface GraphNode {
  id: number;
  x: number;
  y: number;
}
export interface GraphEdge {
  u: number;
  v: number;
  w: number;
}
export interface Graph {
  nodes: GraphNode[];
  /** Undirected: one edge per pair, stored with u < v. Directed: u → v, at most one per ordered pair. */
  edges: GraphEdge[];
  directed?: boolean;
}

export const GRAPH_W = 600;
export const GRAPH_H = 400;
export const GRAPH_MAX_NODES = 15;
export const WEIGHT_MAX = 999;

/** What a traversal has done so far. */
export interface GraphState {
  visited: number[];
  /** Dijkstra: nodes whose distance is final. */
  settled: number[];
  /** The queue (BFS), the stack of open calls (DFS) or the priority queue (Dijkstra, as "node:dist"). */
  frontier: string[];
  current: number | null;
  edge: [number, number] | null;
  /** Tree edges: parent[v] = u. */
  parent: Record<number, number>;
  dist: Record<number, number>;
  order: number[];
}

export type GraphAlgo = 'bfs' | 'dfs' | 'dijkstra';

export const GRAPH_LABELS: Record<GraphAlgo, string> = {
  bfs: '广度优先搜索 BFS',
  dfs: '深度优先搜索 DFS',
  dijkstra: 'Dijkstra 最短路',
};

export const GRAPH_PSEUDO: Record<GraphAlgo, readonly string[]> = {
  bfs: [
    'BFS(s):',
    '  visited[s] ← true; Q.push(s)',
    '  while Q 非空',
    '    u ← Q.popFront()',
    '    for v in u 的邻居（编号从小到大）',
    '      if not visited[v]',
    '        visited[v] ← true; parent[v] ← u; Q.push(v)',
  ],
  dfs: [
    'DFS(u):',
    '  visited[u] ← true',
    '  for v in u 的邻居（编号从小到大）',
    '    if not visited[v]',
    '      parent[v] ← u; DFS(v)',
    '  u 的邻居都处理完，回溯',
  ],
  dijkstra: [
    'Dijkstra(s):',
    '  dist[*] ← ∞; dist[s] ← 0; PQ.push((0, s))',
    '  while PQ 非空',
    '    (d, u) ← PQ.popMin(); if u 已确定: continue',
    '    u 已确定：dist[u] = d 是最短距离',
    '    for (v, w) in u 的邻边',
    '      if dist[u] + w < dist[v]',
    '        dist[v] ← dist[u] + w; parent[v] ← u; PQ.push((dist[v], v))',
  ],
};

/** Neighbours of every node, sorted by id (the order the pseudo code promises). */
export function adjacency(g: Graph): Map<number, { v: number; w: number }[]> {
  const adj = new Map<number, { v: number; w: number }[]>(g.nodes.map((n) => [n.id, []]));
  for (const e of g.edges) {
    adj.get(e.u)?.push({ v: e.v, w: e.w });
    if (!g.directed && e.u !== e.v) adj.get(e.v)?.push({ v: e.u, w: e.w });
  }
  for (const list of adj.values()) list.sort((a, b) => a.v - b.v || a.w - b.w);
  return adj;
}

function start() {
  const s: GraphState = {
    visited: [],
    settled: [],
    frontier: [],
    current: null,
    edge: null,
    parent: {},
    dist: {},
    order: [],
  };
  return { s, rec: new Recorder(() => s) };
}

function bfs(g: Graph, src: number) {
  const { s, rec } = start();
  const adj = adjacency(g);
  const q = [src];
  s.visited.push(src);
  s.frontier = q.map(String);
  rec.push(1, `从 ${src} 出发：标记已访问并入队`);
  while (q.length) {
    const u = q.shift() as number;
    s.current = u;
    s.order.push(u);
    s.frontier = q.map(String);
    s.edge = null;
    rec.push(3, `队头 ${u} 出队`);
    for (const { v } of adj.get(u) ?? []) {
      s.edge = [u, v];
      if (s.visited.includes(v)) {
        rec.push(5, `邻居 ${v} 已访问，跳过`);
        continue;
      }
      s.visited.push(v);
      s.parent[v] = u;
      q.push(v);
      s.frontier = q.map(String);
      rec.push(6, `邻居 ${v} 未访问：标记，parent[${v}] = ${u}，入队`);
    }
  }
  s.current = null;
  s.edge = null;
  rec.push(2, `队列空了，访问顺序：${s.order.join(' → ')}`);
  return rec.frames;
}

function dfs(g: Graph, src: number) {
  const { s, rec } = start();
  const adj = adjacency(g);
  const stack: number[] = [];
  const visit = (u: number) => {
    stack.push(u);
    s.visited.push(u);
    s.order.push(u);
    s.current = u;
    s.edge = null;
    s.frontier = stack.map(String);
    rec.push(1, `访问 ${u}`);
    for (const { v } of adj.get(u) ?? []) {
      s.current = u;
      s.edge = [u, v];
      if (s.visited.includes(v)) {
        rec.push(3, `邻居 ${v} 已访问，跳过`);
        continue;
      }
      s.parent[v] = u;
      rec.push(4, `邻居 ${v} 未访问：parent[${v}] = ${u}，递归进入`);
      visit(v);
    }
    stack.pop();
    s.frontier = stack.map(String);
    s.current = u;
    s.edge = null;
    rec.push(5, `${u} 的邻居都处理完，回溯${stack.length ? `到 ${stack[stack.length - 1]}` : ''}`);
  };
  visit(src);
  s.current = null;
  rec.push(-1, `遍历结束，访问顺序：${s.order.join(' → ')}`);
  return rec.frames;
}

function dijkstra(g: Graph, src: number) {
  const { s, rec } = start();
  const adj = adjacency(g);
  const pq: [number, number][] = [[0, src]];
  const show = () =>
    (s.frontier = [...pq].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([d, v]) => `${v}:${d}`));
  s.dist[src] = 0;
  show();
  rec.push(1, `dist[${src}] = 0，其余为 ∞`);
  while (pq.length) {
    pq.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const [d, u] = pq.shift() as [number, number];
    show();
    s.current = u;
    s.edge = null;
    if (s.settled.includes(u)) {
      rec.push(3, `取出 (${d}, ${u})：${u} 已确定，跳过`);
      continue;
    }
    s.settled.push(u);
    s.visited.push(u);
    s.order.push(u);
    rec.push(4, `取出 (${d}, ${u})：dist[${u}] = ${d} 是最短距离`);
    for (const { v, w } of adj.get(u) ?? []) {
      s.edge = [u, v];
      const old = s.dist[v];
      if (old === undefined || d + w < old) {
        s.dist[v] = d + w;
        s.parent[v] = u;
        pq.push([d + w, v]);
        show();
        rec.push(7, `${d} + ${w} = ${d + w} < ${old ?? '∞'}：更新 dist[${v}] = ${d + w}`);
      } else {
        rec.push(6, `${d} + ${w} = ${d + w} ≥ dist[${v}] = ${old}，不更新`);
      }
    }
  }
  s.current = null;
  s.edge = null;
  rec.push(2, '优先队列空了：所有可达结点的最短距离都已确定');
  return rec.frames;
}

const RUNNERS: Record<GraphAlgo, (g: Graph, src: number) => Run<GraphState>['frames']> = {
  bfs,
  dfs,
  dijkstra,
};

export function graphRun(algo: GraphAlgo, g: Graph, src: number): Run<GraphState> {
  return {
    title: `${GRAPH_LABELS[algo]}（起点 ${src}）`,
    pseudo: GRAPH_PSEUDO[algo],
    frames: RUNNERS[algo](g, src),
  };
}

/** Nodes evenly on a circle (the 自动布局 button). */
export function circleLayout(g: Graph): Graph {
  const n = g.nodes.length;
  const r = Math.min(GRAPH_W, GRAPH_H) / 2 - 40;
  const nodes = g.nodes.map((node, i) => {
    const t = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
    return {
      ...node,
      x: Math.round(GRAPH_W / 2 + r * Math.cos(t)),
      y: Math.round(GRAPH_H / 2 + r * Math.sin(t)),
    };
  });
  return { ...g, nodes };
}

/**
 * Adds or re-weights the edge u–v (one per pair), or u → v in a directed graph (one per ordered
 * pair: v → u is another edge); answers an error text or the new graph.
 */
export function withEdge(g: Graph, u: number, v: number, w: number): Graph | string {
  if (u === v) return '起点和终点不能相同';
  if (!g.nodes.some((n) => n.id === u) || !g.nodes.some((n) => n.id === v)) return '结点不存在';
  if (!Number.isInteger(w) || w < 0 || w > WEIGHT_MAX) return `边权应为 0 到 ${WEIGHT_MAX} 的整数`;
  if (g.directed) return { ...g, edges: [...g.edges.filter((e) => !(e.u === u && e.v === v)), { u, v, w }] };
  const edges = g.edges.filter((e) => !((e.u === u && e.v === v) || (e.u === v && e.v === u)));
  return { ...g, edges: [...edges, { u: Math.min(u, v), v: Math.max(u, v), w }] };
}

/**
 * Switches between undirected and directed. Each undirected edge u–v (u < v) becomes u → v; going
 * back, u → v and v → u become one edge u–v with the first one's weight.
 */
export function withDirected(g: Graph, directed: boolean): Graph {
  if (!!g.directed === directed) return g;
  if (directed) return { ...g, directed: true };
  const edges: GraphEdge[] = [];
  for (const e of g.edges) {
    const [u, v] = e.u < e.v ? [e.u, e.v] : [e.v, e.u];
    if (!edges.some((x) => x.u === u && x.v === v)) edges.push({ u, v, w: e.w });
  }
  return { nodes: g.nodes, edges };
}

export function withoutNode(g: Graph, id: number): Graph {
  return {
    ...g,
    nodes: g.nodes.filter((n) => n.id !== id),
    edges: g.edges.filter((e) => e.u !== id && e.v !== id),
  };
}

/** A new node with the smallest free id, placed at (x, y) or at a free spot. */
export function withNode(g: Graph, at?: { x: number; y: number }): Graph | string {
  if (g.nodes.length >= GRAPH_MAX_NODES) return `最多 ${GRAPH_MAX_NODES} 个结点`;
  let id = 0;
  while (g.nodes.some((n) => n.id === id)) id++;
  const spot = at ?? { x: 40 + ((id * 97) % (GRAPH_W - 80)), y: 40 + ((id * 61) % (GRAPH_H - 80)) };
  return { ...g, nodes: [...g.nodes, { id, ...spot }] };
}

export const SAMPLE_GRAPH: Graph = circleLayout({
  nodes: [0, 1, 2, 3, 4, 5].map((id) => ({ id, x: 0, y: 0 })),
  edges: [
    { u: 0, v: 1, w: 7 },
    { u: 0, v: 2, w: 9 },
    { u: 0, v: 5, w: 14 },
    { u: 1, v: 2, w: 10 },
    { u: 1, v: 3, w: 15 },
    { u: 2, v: 3, w: 11 },
    { u: 2, v: 5, w: 2 },
    { u: 3, v: 4, w: 6 },
    { u: 4, v: 5, w: 9 },
  ],
});

/** A graph read back from storage, or null when it is not one this editor could have written. */
export function parseGraph(raw: unknown): Graph | null {
  const g = raw as Graph | null;
  if (!g || !Array.isArray(g.nodes) || !Array.isArray(g.edges) || g.nodes.length > GRAPH_MAX_NODES)
    return null;
  const int = (v: unknown, lo: number, hi: number) =>
    Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
  const ids = new Set<number>();
  for (const n of g.nodes) {
    if (!int(n?.id, 0, 999) || ids.has(n.id) || !int(n.x, 0, GRAPH_W) || !int(n.y, 0, GRAPH_H)) return null;
    ids.add(n.id);
  }
  if (g.directed !== undefined && typeof g.directed !== 'boolean') return null;
  const pairs = new Set<string>();
  for (const e of g.edges) {
    if (!ids.has(e?.u) || !ids.has(e.v) || e.u === e.v || !int(e.w, 0, WEIGHT_MAX)) return null;
    // One edge per pair (undirected: stored u < v) or per ordered pair (directed).
    if (!g.directed && e.u > e.v) return null;
    const pair = `${e.u}-${e.v}`;
    if (pairs.has(pair)) return null;
    pairs.add(pair);
  }
  return {
    nodes: g.nodes.map(({ id, x, y }) => ({ id, x, y })),
    edges: g.edges.map(({ u, v, w }) => ({ u, v, w })),
    ...(g.directed ? { directed: true } : {}),
  };
}
