/**
 * The C++ code-snippet library of the editor (SPEC §9). Each snippet is meant to be inserted into a
 * program that already starts with the `includes` snippet, so the others use the standard library
 * without their own #include lines. Every snippet is compiled by cpp-snippets.test.ts, and run with
 * its usage example (cpp-snippet-guide.ts) through the judge by packages/judge/src/snippets.test.ts.
 */
export interface CppSnippet {
  key: string;
  /** Chinese title shown in the snippet menu. */
  title: string;
  code: string;
}

export const CPP_SNIPPETS: readonly CppSnippet[] = [
  {
    key: 'includes',
    title: '万能头文件',
    code: `#include <bits/stdc++.h>
using namespace std;
using ll = long long;
`,
  },
  {
    key: 'fast-io',
    title: '快速输入输出',
    code: `// 关闭与 C 标准流的同步，大量输入时显著加速；之后不要再混用 scanf/printf
void fastIO() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
}
`,
  },
  {
    key: 'binary-search',
    title: '二分查找',
    code: `// 在 [lo, hi] 中找第一个满足 ok(x) 的 x（要求 ok 单调：前面全 false，后面全 true）
// 若都不满足，返回 hi + 1
template <class F>
long long firstTrue(long long lo, long long hi, F ok) {
    long long r = hi + 1;
    while (lo <= hi) {
        long long mid = lo + (hi - lo) / 2;
        if (ok(mid)) { r = mid; hi = mid - 1; }
        else lo = mid + 1;
    }
    return r;
}

// 有序数组中第一个 >= x 的下标（不存在时返回 a.size()）
int lowerBoundIndex(const vector<int>& a, int x) {
    return int(lower_bound(a.begin(), a.end(), x) - a.begin());
}
`,
  },
  {
    key: 'bigint-add',
    title: '高精度加法',
    code: `// 非负整数的十进制字符串相加
string bigAdd(const string& a, const string& b) {
    string r;
    int i = int(a.size()) - 1, j = int(b.size()) - 1, carry = 0;
    while (i >= 0 || j >= 0 || carry) {
        int s = carry;
        if (i >= 0) s += a[i--] - '0';
        if (j >= 0) s += b[j--] - '0';
        r.push_back(char('0' + s % 10));
        carry = s / 10;
    }
    reverse(r.begin(), r.end());
    return r;
}
`,
  },
  {
    key: 'bigint-sub',
    title: '高精度减法',
    code: `// 比较两个无前导零的非负整数字符串：a<b 返回 -1，相等 0，a>b 返回 1
int bigCmp(const string& a, const string& b) {
    if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
    return a < b ? -1 : (a == b ? 0 : 1);
}

// 计算 a - b，要求 a >= b >= 0；结果去掉前导零
string bigSub(const string& a, const string& b) {
    string r;
    int i = int(a.size()) - 1, j = int(b.size()) - 1, borrow = 0;
    while (i >= 0) {
        int d = (a[i--] - '0') - borrow - (j >= 0 ? b[j--] - '0' : 0);
        borrow = d < 0;
        if (d < 0) d += 10;
        r.push_back(char('0' + d));
    }
    while (r.size() > 1 && r.back() == '0') r.pop_back();
    reverse(r.begin(), r.end());
    return r;
}
`,
  },
  {
    key: 'bigint-mul',
    title: '高精度乘法',
    code: `// 非负整数字符串相乘，O(|a|·|b|)
string bigMul(const string& a, const string& b) {
    vector<int> d(a.size() + b.size(), 0);
    for (int i = int(a.size()) - 1; i >= 0; --i)
        for (int j = int(b.size()) - 1; j >= 0; --j)
            d[i + j + 1] += (a[i] - '0') * (b[j] - '0');
    for (int k = int(d.size()) - 1; k > 0; --k) {
        d[k - 1] += d[k] / 10;
        d[k] %= 10;
    }
    string r;
    for (int x : d) if (!(r.empty() && x == 0)) r.push_back(char('0' + x));
    return r.empty() ? "0" : r;
}
`,
  },
  {
    key: 'prefix-sum',
    title: '前缀和（一维与二维）',
    code: `// 一维：s[i] = a[1] + ... + a[i]，区间 [l, r] 之和为 s[r] - s[l-1]（a 为 1 下标）
vector<long long> prefixSum(const vector<long long>& a) {
    vector<long long> s(a.size(), 0);
    for (size_t i = 1; i < a.size(); ++i) s[i] = s[i - 1] + a[i];
    return s;
}

// 二维：子矩阵 (x1,y1)-(x2,y2) 之和
struct PrefixSum2D {
    vector<vector<long long>> s;
    explicit PrefixSum2D(const vector<vector<long long>>& a) // a 为 1 下标，第 0 行第 0 列为 0
        : s(a.size(), vector<long long>(a.empty() ? 0 : a[0].size(), 0)) {
        for (size_t i = 1; i < a.size(); ++i)
            for (size_t j = 1; j < a[i].size(); ++j)
                s[i][j] = a[i][j] + s[i - 1][j] + s[i][j - 1] - s[i - 1][j - 1];
    }
    long long query(int x1, int y1, int x2, int y2) const {
        return s[x2][y2] - s[x1 - 1][y2] - s[x2][y1 - 1] + s[x1 - 1][y1 - 1];
    }
};
`,
  },
  {
    key: 'difference',
    title: '差分',
    code: `// 区间加、最后统一求值：add(l, r, v) 为 O(1)，build() 还原数组（1 下标）
struct Difference {
    vector<long long> d;
    explicit Difference(int n) : d(n + 2, 0) {}
    void add(int l, int r, long long v) { d[l] += v; d[r + 1] -= v; }
    vector<long long> build() const {
        vector<long long> a(d.size() - 1, 0);
        for (size_t i = 1; i < a.size(); ++i) a[i] = a[i - 1] + d[i];
        return a;
    }
};
`,
  },
  {
    key: 'dfs',
    title: '深度优先搜索（邻接表）',
    code: `// 递归 DFS：g 为邻接表，vis 标记已访问的点
void dfs(int u, const vector<vector<int>>& g, vector<char>& vis) {
    vis[u] = 1;
    for (int v : g[u])
        if (!vis[v]) dfs(v, g, vis);
}

// 统计无向图的连通块个数（点编号 0..n-1）
int countComponents(const vector<vector<int>>& g) {
    vector<char> vis(g.size(), 0);
    int cnt = 0;
    for (int u = 0; u < int(g.size()); ++u)
        if (!vis[u]) { ++cnt; dfs(u, g, vis); }
    return cnt;
}
`,
  },
  {
    key: 'bfs',
    title: '广度优先搜索（网格最短步数）',
    code: `// 网格中 '#' 为障碍，从 (sx, sy) 出发到各格的最少步数，不可达为 -1
vector<vector<int>> gridBfs(const vector<string>& grid, int sx, int sy) {
    int n = int(grid.size()), m = int(grid[0].size());
    const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    vector<vector<int>> dist(n, vector<int>(m, -1));
    queue<pair<int, int>> q;
    dist[sx][sy] = 0;
    q.push({sx, sy});
    while (!q.empty()) {
        auto [x, y] = q.front();
        q.pop();
        for (int k = 0; k < 4; ++k) {
            int nx = x + dx[k], ny = y + dy[k];
            if (nx < 0 || ny < 0 || nx >= n || ny >= m) continue;
            if (grid[nx][ny] == '#' || dist[nx][ny] != -1) continue;
            dist[nx][ny] = dist[x][y] + 1;
            q.push({nx, ny});
        }
    }
    return dist;
}
`,
  },
  {
    key: 'dijkstra',
    title: 'Dijkstra 最短路（堆优化）',
    code: `// 非负边权单源最短路，O((n + m) log m)；g[u] 存 {v, w}，不可达为 LLONG_MAX
vector<long long> dijkstra(const vector<vector<pair<int, long long>>>& g, int s) {
    vector<long long> dist(g.size(), LLONG_MAX);
    priority_queue<pair<long long, int>, vector<pair<long long, int>>, greater<>> pq;
    dist[s] = 0;
    pq.push({0, s});
    while (!pq.empty()) {
        auto [d, u] = pq.top();
        pq.pop();
        if (d != dist[u]) continue; // 过期的堆元素
        for (auto [v, w] : g[u])
            if (d + w < dist[v]) {
                dist[v] = d + w;
                pq.push({dist[v], v});
            }
    }
    return dist;
}
`,
  },
  {
    key: 'floyd',
    title: 'Floyd 全源最短路',
    code: `// d 为邻接矩阵：d[i][i] = 0，无边为 INF；O(n^3)，结束后 d[i][j] 为最短距离
const long long INF = LLONG_MAX / 4; // 留余量，两段相加不会溢出
void floyd(vector<vector<long long>>& d) {
    int n = int(d.size());
    for (int k = 0; k < n; ++k)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (d[i][k] + d[k][j] < d[i][j]) d[i][j] = d[i][k] + d[k][j];
}
`,
  },
  {
    key: 'two-pointers',
    title: '双指针（最短子数组）',
    code: `// 正整数数组中和 >= target 的最短连续子数组长度，不存在返回 0
int shortestSubarray(const vector<int>& a, long long target) {
    int best = INT_MAX;
    long long sum = 0;
    for (int l = 0, r = 0; r < int(a.size()); ++r) {
        sum += a[r];
        while (sum >= target) {
            best = min(best, r - l + 1);
            sum -= a[l++];
        }
    }
    return best == INT_MAX ? 0 : best;
}
`,
  },
  {
    key: 'bit-count',
    title: '位运算计数',
    code: `// x 的二进制中 1 的个数
int popcount64(unsigned long long x) { return __builtin_popcountll(x); }

// 不用内建函数：每次去掉最低位的 1
int popcountManual(unsigned long long x) {
    int c = 0;
    while (x) { x &= x - 1; ++c; }
    return c;
}

// 最低位的 1 所代表的值（树状数组中的 lowbit）
long long lowbit(long long x) { return x & -x; }
`,
  },
  {
    key: 'discretize',
    title: '离散化',
    code: `// 把数值映射为 0..k-1 的排名，保持大小关系；相等的值得到相同排名
vector<int> discretize(const vector<long long>& a) {
    vector<long long> v(a);
    sort(v.begin(), v.end());
    v.erase(unique(v.begin(), v.end()), v.end());
    vector<int> r(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        r[i] = int(lower_bound(v.begin(), v.end(), a[i]) - v.begin());
    return r;
}
`,
  },
  {
    key: 'quick-pow',
    title: '快速幂取模',
    code: `// 计算 a^e mod m，O(log e)；要求 m <= 3e9，否则 a * a 会溢出 long long
long long powMod(long long a, long long e, long long m) {
    long long r = 1 % m;
    a %= m;
    if (a < 0) a += m;
    while (e > 0) {
        if (e & 1) r = r * a % m;
        a = a * a % m;
        e >>= 1;
    }
    return r;
}
`,
  },
  {
    key: 'union-find',
    title: '并查集',
    code: `// 路径压缩 + 按大小合并，近似 O(1)
struct DSU {
    vector<int> p, sz;
    explicit DSU(int n) : p(n), sz(n, 1) { iota(p.begin(), p.end(), 0); }
    int find(int x) {
        while (p[x] != x) x = p[x] = p[p[x]];
        return x;
    }
    bool unite(int a, int b) {
        a = find(a), b = find(b);
        if (a == b) return false;
        if (sz[a] < sz[b]) swap(a, b);
        p[b] = a;
        sz[a] += sz[b];
        return true;
    }
};
`,
  },
];
