import { describe, expect, it } from 'vitest';
import {
  adjacency,
  circleLayout,
  graphRun,
  SAMPLE_GRAPH,
  withDirected,
  withEdge,
  withNode,
  withoutNode,
  GRAPH_MAX_NODES,
  parseGraph,
  type Graph,
} from './graph';
import { lastState } from './types';
import { rng, wellFormed } from './testing';

function randomGraph(r: (n: number) => number): Graph {
  const n = 1 + r(9);
  let g: Graph = { nodes: Array.from({ length: n }, (_, id) => ({ id, x: 0, y: 0 })), edges: [] };
  for (let k = r(n * 2); k > 0; k--) {
    const next = withEdge(g, r(n), r(n), r(20));
    if (typeof next !== 'string') g = next;
  }
  return g;
}

/** Bellman-Ford distances (undirected): the reference for Dijkstra. */
function reference(g: Graph, src: number): Record<number, number> {
  const d: Record<number, number> = { [src]: 0 };
  for (let i = 0; i < g.nodes.length; i++)
    for (const e of g.edges)
      for (const [a, b] of [
        [e.u, e.v],
        [e.v, e.u],
      ]) {
        if (d[a] !== undefined && (d[b] === undefined || d[a] + e.w < d[b])) d[b] = d[a] + e.w;
      }
  return d;
}

/** Nodes reachable from src. */
function reachable(g: Graph, src: number): number[] {
  return Object.keys(reference(g, src))
    .map(Number)
    .sort((a, b) => a - b);
}

describe('graph frames', () => {
  it('Dijkstra finds the shortest distances of the classic example', () => {
    const end = lastState(graphRun('dijkstra', SAMPLE_GRAPH, 0));
    expect(end.dist).toEqual({ 0: 0, 1: 7, 2: 9, 3: 20, 4: 20, 5: 11 });
    expect(end.parent[5]).toBe(2);
  });

  it('Dijkstra equals Bellman-Ford on random graphs; parents give the same lengths', () => {
    const r = rng(23);
    for (let t = 0; t < 80; t++) {
      const g = randomGraph(r);
      const run = graphRun('dijkstra', g, 0);
      expect(wellFormed(run)).toBeNull();
      const end = lastState(run);
      expect(end.dist).toEqual(reference(g, 0));
      for (const [v, u] of Object.entries(end.parent)) {
        const w = g.edges.find((e) => (e.u === u && e.v === +v) || (e.v === u && e.u === +v))!.w;
        expect(end.dist[u] + w).toBe(end.dist[+v]);
      }
    }
  });

  it('BFS visits by layers and DFS goes deep first; both reach exactly the component', () => {
    const r = rng(29);
    for (let t = 0; t < 80; t++) {
      const g = randomGraph(r);
      const hops = reference({ ...g, edges: g.edges.map((e) => ({ ...e, w: 1 })) }, 0);
      for (const algo of ['bfs', 'dfs'] as const) {
        const run = graphRun(algo, g, 0);
        expect(wellFormed(run)).toBeNull();
        const end = lastState(run);
        expect([...end.order].sort((a, b) => a - b)).toEqual(reachable(g, 0));
        expect(new Set(end.order).size).toBe(end.order.length);
        // Every tree edge is an edge of the graph, to a node visited before.
        for (const [v, u] of Object.entries(end.parent)) {
          expect(
            adjacency(g)
              .get(u)!
              .some((x) => x.v === +v),
          ).toBe(true);
          expect(end.order.indexOf(u)).toBeLessThan(end.order.indexOf(+v));
        }
        if (algo === 'bfs')
          for (let i = 1; i < end.order.length; i++)
            expect(hops[end.order[i - 1]]).toBeLessThanOrEqual(hops[end.order[i]]);
      }
    }
  });

  it('DFS on a path with a branch visits depth first in id order', () => {
    const g: Graph = {
      nodes: [0, 1, 2, 3].map((id) => ({ id, x: 0, y: 0 })),
      edges: [
        { u: 0, v: 1, w: 1 },
        { u: 0, v: 2, w: 1 },
        { u: 1, v: 3, w: 1 },
      ],
    };
    expect(lastState(graphRun('dfs', g, 0)).order).toEqual([0, 1, 3, 2]);
    expect(lastState(graphRun('bfs', g, 0)).order).toEqual([0, 1, 2, 3]);
  });

  it('edits: one edge per pair, no self loops or bad weights, node limit, removal drops edges', () => {
    let g: Graph = { nodes: [], edges: [] };
    for (let i = 0; i < GRAPH_MAX_NODES; i++) g = withNode(g) as Graph;
    expect(withNode(g)).toBe(`最多 ${GRAPH_MAX_NODES} 个结点`);
    g = withEdge(g, 1, 2, 5) as Graph;
    g = withEdge(g, 2, 1, 8) as Graph;
    expect(g.edges).toEqual([{ u: 1, v: 2, w: 8 }]);
    expect(withEdge(g, 1, 1, 3)).toBe('起点和终点不能相同');
    expect(withEdge(g, 1, 2, -1)).toMatch(/边权/);
    expect(withEdge(g, 1, 99, 1)).toBe('结点不存在');
    g = withoutNode(g, 2);
    expect(g.edges).toEqual([]);
    expect(withNode(g)).toMatchObject({
      nodes: expect.arrayContaining([expect.objectContaining({ id: 2 })]),
    });
    const laid = circleLayout(g);
    for (const n of laid.nodes) expect(n.x >= 0 && n.x <= 600 && n.y >= 0 && n.y <= 400).toBe(true);
  });

  it('reads back only graphs the editor could have written', () => {
    expect(parseGraph(JSON.parse(JSON.stringify(SAMPLE_GRAPH)))).toEqual(SAMPLE_GRAPH);
    expect(parseGraph(null)).toBeNull();
    expect(parseGraph({ nodes: [{ id: 0, x: 1, y: 1 }], edges: [{ u: 0, v: 5, w: 1 }] })).toBeNull();
    expect(
      parseGraph({
        nodes: [
          { id: 0, x: 1, y: 1 },
          { id: 0, x: 2, y: 2 },
        ],
        edges: [],
      }),
    ).toBeNull();
    expect(parseGraph({ nodes: [{ id: 0, x: 1e9, y: 1 }], edges: [] })).toBeNull();
    expect(parseGraph({ nodes: [{ id: 0, x: 1, y: 1, extra: '<b>' }], edges: [] })).toEqual({
      nodes: [{ id: 0, x: 1, y: 1 }],
      edges: [],
    });
  });
  it('directed: edges go one way, both directions may have their own, and traversals follow them', () => {
    const nodes = [0, 1, 2, 3].map((id) => ({ id, x: 10, y: 10 }));
    let g: Graph = { nodes, edges: [], directed: true };
    g = withEdge(g, 1, 0, 4) as Graph; // only 1 → 0: from 0, node 1 is not reached
    g = withEdge(g, 0, 2, 3) as Graph;
    g = withEdge(g, 2, 0, 9) as Graph; // the way back is another edge
    g = withEdge(g, 2, 3, 1) as Graph;
    g = withEdge(g, 0, 2, 5) as Graph; // re-weights 0 → 2 only
    expect(g.edges).toEqual([
      { u: 1, v: 0, w: 4 },
      { u: 2, v: 0, w: 9 },
      { u: 2, v: 3, w: 1 },
      { u: 0, v: 2, w: 5 },
    ]);
    expect(adjacency(g).get(0)).toEqual([{ v: 2, w: 5 }]);
    expect(lastState(graphRun('bfs', g, 0)).order).toEqual([0, 2, 3]);
    expect(lastState(graphRun('dfs', g, 1)).order).toEqual([1, 0, 2, 3]);
    expect(lastState(graphRun('dijkstra', g, 3)).dist).toEqual({ 3: 0 });
    expect(lastState(graphRun('dijkstra', g, 1)).dist).toEqual({ 1: 0, 0: 4, 2: 9, 3: 10 });

    // Back to undirected: one edge per pair (the first one's weight), stored u < v; and directed again.
    const undirected = withDirected(g, false);
    expect(undirected.directed).toBeUndefined();
    expect(undirected.edges).toEqual([
      { u: 0, v: 1, w: 4 },
      { u: 0, v: 2, w: 9 },
      { u: 2, v: 3, w: 1 },
    ]);
    expect(lastState(graphRun('bfs', undirected, 0)).order).toEqual([0, 1, 2, 3]);
    expect(withDirected(undirected, true)).toEqual({ ...undirected, directed: true });
    expect(withoutNode(g, 3).directed).toBe(true);

    expect(parseGraph(JSON.parse(JSON.stringify(g)))).toEqual(g);
    // Stored undirected edges have u < v and no pair twice; a directed graph, no ordered pair twice.
    expect(parseGraph({ ...g, directed: undefined })).toBeNull();
    expect(parseGraph({ ...g, edges: [...g.edges, { u: 2, v: 3, w: 7 }] })).toBeNull();
    expect(parseGraph({ ...g, directed: 'yes' })).toBeNull();
  });
});
