import { ALGORITHM_TAGS } from './algorithm-tags';

/**
 * Common abbreviations of algorithm tags (issue 29): typed in either search box (the bank's keyword
 * or the top search), `dp` finds the problems tagged 动态规划 or any tag of that category, `bfs`
 * those tagged 广度优先搜索 … The one table of them: the search index stores each tag's aliases
 * with its tags (modules/search), and the bank's keyword is matched through that index.
 *
 * Keys are tag names or category names (a category's aliases go to every tag in it); values are
 * lower-case letters and digits only (index tokens).
 */
export const TAG_ALIASES: Readonly<Record<string, readonly string[]>> = {
  动态规划: ['dp'],
  深度优先搜索: ['dfs'],
  广度优先搜索: ['bfs'],
  '0-1BFS': ['bfs'],
  多源BFS: ['bfs'],
  '最近公共祖先(LCA)': ['lca'],
  ST表: ['st', 'rmq'],
  KMP: ['kmp'],
  '扩展KMP(Z函数)': ['kmp', 'exkmp'],
  '字典树(Trie)': ['trie'],
  AC自动机: ['acam'],
  后缀数组: ['sa'],
  字符串哈希: ['hash'],
  树状数组: ['bit', 'fenwick'],
  线段树: ['segtree'],
  '可持久化线段树(主席树)': ['segtree'],
  最小生成树: ['mst'],
  强连通分量: ['scc', 'tarjan'],
  最短路: ['sssp'],
  网络流: ['flow'],
  树链剖分: ['hld'],
  高精度: ['bigint'],
  快速幂: ['qpow'],
  并查集: ['dsu', 'ufs'],
  二分图: ['bipartite'],
  拓扑排序: ['topo'],
};

const CATEGORY_OF = new Map(ALGORITHM_TAGS.map((t) => [t.tag_name, t.category]));

/** The aliases of a tag name: its own and its category's (none for an unknown name, e.g. a post's tag). */
export function tagAliases(tagName: string): string[] {
  const category = CATEGORY_OF.get(tagName);
  return [...new Set([...(TAG_ALIASES[tagName] ?? []), ...(category ? (TAG_ALIASES[category] ?? []) : [])])];
}
