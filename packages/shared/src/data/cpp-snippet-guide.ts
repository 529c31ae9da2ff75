/**
 * What each C++ snippet (cpp-snippets.ts) is for, its complexity, and a usage example with the
 * output it prints. The /snippets page shows them; the judge's snippet test (packages/judge
 * src/snippets.test.ts) compiles every snippet with these examples into one program, runs it in the
 * sandbox and checks each example prints exactly `output`.
 */
export interface CppSnippetGuide {
  /** What it does and when to reach for it (Chinese). */
  what: string;
  /** Time (and space where it matters). */
  complexity: string;
  /** Statements for main(), run in their own block. */
  usage: string;
  /** What `usage` prints. */
  output: string;
}

export const CPP_SNIPPET_GUIDE: Readonly<Record<string, CppSnippetGuide>> = {
  includes: {
    what: '一次引入全部标准库，并约定 ll 为 long long。竞赛代码的第一行，其余片段都默认已包含它。',
    complexity: '无运行开销（评测机为 bits/stdc++.h 预编译了头文件）',
    usage: `ll big = 1LL << 40;
cout << big << '\\n';`,
    output: '1099511627776',
  },
  'fast-io': {
    what: '关闭 C++ 流与 C 标准流的同步并解除 cin 与 cout 的绑定，读入 10^6 级数据时必备。',
    complexity: 'O(1)',
    usage: `fastIO();
cout << 42 << '\\n';`,
    output: '42',
  },
  'binary-search': {
    what: '在单调的判定条件上二分出第一个满足条件的位置（二分答案），以及有序数组上的 lower_bound。',
    complexity: 'O(log(hi − lo)) 次判定',
    usage: `cout << firstTrue(0, 100, [](long long x) { return x * x >= 50; }) << ' ';
cout << lowerBoundIndex({1, 3, 5}, 4) << '\\n';`,
    output: '8 2',
  },
  'bigint-add': {
    what: '两个任意长的非负十进制整数相加，超出 long long 范围时使用。',
    complexity: 'O(max(|a|, |b|))',
    usage: `cout << bigAdd("99999999999999999999", "1") << '\\n';`,
    output: '100000000000000000000',
  },
  'bigint-sub': {
    what: '比较两个大整数，以及大减小的减法（结果去掉前导零）。',
    complexity: 'O(|a|)',
    usage: `cout << bigSub("100000000000000000000", "1") << ' ' << bigSub("5", "5") << ' ' << bigCmp("12", "9") << '\\n';`,
    output: '99999999999999999999 0 1',
  },
  'bigint-mul': {
    what: '两个大整数的竖式乘法，逐位相乘后统一进位。',
    complexity: 'O(|a| · |b|)',
    usage: `cout << bigMul("123456789123456789", "987654321987654321") << ' ' << bigMul("0", "77") << '\\n';`,
    output: '121932631356500531347203169112635269 0',
  },
  'prefix-sum': {
    what: '预处理后 O(1) 回答区间和（一维）与子矩阵和（二维），下标从 1 开始。',
    complexity: '预处理 O(n) / O(nm)，每次查询 O(1)',
    usage: `auto s = prefixSum({0, 1, 2, 3, 4});
cout << s[4] - s[1] << ' ';
PrefixSum2D p({{0, 0, 0}, {0, 1, 2}, {0, 3, 4}});
cout << p.query(1, 1, 2, 2) << ' ' << p.query(2, 2, 2, 2) << '\\n';`,
    output: '9 10 4',
  },
  difference: {
    what: '多次区间加同一个数、最后统一求出每个位置的值：差分数组是前缀和的逆运算。',
    complexity: '每次区间加 O(1)，还原 O(n)',
    usage: `Difference d(5);
d.add(2, 4, 3);
d.add(1, 2, 1);
auto a = d.build();
for (int i = 1; i <= 5; ++i) cout << a[i] << (i == 5 ? '\\n' : ' ');`,
    output: '1 4 3 3 0',
  },
  dfs: {
    what: '邻接表上的递归深度优先搜索，例：统计无向图的连通块个数。',
    complexity: 'O(n + m)；递归深度可达 n，点数很大时注意栈空间',
    usage: `cout << countComponents({{1}, {0}, {}, {4}, {3}}) << '\\n';`,
    output: '3',
  },
  bfs: {
    what: '网格图上的广度优先搜索，求从起点到每个格子的最少步数（边权都为 1）。',
    complexity: 'O(nm)',
    usage: `auto b = gridBfs({"..#", "#..", "..."}, 0, 0);
cout << b[2][2] << ' ' << b[0][2] << '\\n';`,
    output: '4 -1',
  },
  dijkstra: {
    what: '非负边权图的单源最短路，用小根堆每次取出当前最近的点。',
    complexity: 'O((n + m) log m)',
    usage: `vector<vector<pair<int, long long>>> g(4);
g[0] = {{1, 5}, {2, 1}};
g[2] = {{1, 2}};
g[1] = {{3, 1}};
auto dist = dijkstra(g, 0);
cout << dist[1] << ' ' << dist[3] << '\\n';`,
    output: '3 4',
  },
  floyd: {
    what: '任意两点间的最短路（可有负边，不能有负环），以中转点 k 为阶段的动态规划。',
    complexity: 'O(n³) 时间，O(n²) 空间',
    usage: `vector<vector<long long>> f = {{0, 5, 1}, {INF, 0, INF}, {INF, 2, 0}};
floyd(f);
cout << f[0][1] << '\\n';`,
    output: '3',
  },
  'two-pointers': {
    what: '两个指针同向移动维护一个窗口，例：和不小于目标值的最短连续子数组（元素为正）。',
    complexity: 'O(n)：每个指针最多走 n 步',
    usage: `cout << shortestSubarray({2, 3, 1, 2, 4, 3}, 7) << '\\n';`,
    output: '2',
  },
  'bit-count': {
    what: '统计二进制中 1 的个数（内建函数与手写两种），以及树状数组里的 lowbit。',
    complexity: 'O(1)（内建）/ O(1 的个数)（手写）',
    usage: `cout << popcount64(255) << ' ' << popcountManual(1023) << ' ' << lowbit(12) << '\\n';`,
    output: '8 10 4',
  },
  discretize: {
    what: '把很大或很稀疏的数值换成 0..k−1 的排名，保持大小关系，便于开数组或建树状数组。',
    complexity: 'O(n log n)',
    usage: `auto r = discretize({100, -5, 100, 7});
for (size_t i = 0; i < r.size(); ++i) cout << r[i] << (i + 1 == r.size() ? '\\n' : ' ');`,
    output: '2 0 2 1',
  },
  'quick-pow': {
    what: '二进制拆分指数求 a^e mod m，组合数、逆元（费马小定理）都用得到。',
    complexity: 'O(log e)',
    usage: `cout << powMod(2, 10, 1000) << ' ' << powMod(3, 0, 1) << '\\n';`,
    output: '24 0',
  },
  'union-find': {
    what: '维护若干不相交集合：合并两个集合、判断两点是否连通（Kruskal、连通性问题）。',
    complexity: '均摊近似 O(1)（反阿克曼函数）',
    usage: `DSU u(4);
u.unite(0, 1);
u.unite(2, 3);
cout << (u.find(1) == u.find(0)) << (u.find(1) == u.find(2)) << '\\n';`,
    output: '10',
  },
};
