// Kahn's algorithm, taking the smallest available course first (a min-heap) so the answer is
// deterministic; any valid order is accepted by the checker. O((n + m) log n).
#include <cstdio>
#include <functional>
#include <queue>
#include <vector>
using namespace std;

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    vector<vector<int>> g(n + 1);
    vector<int> indeg(n + 1, 0);
    for (int i = 0; i < m; ++i) {
        int u, v;
        if (scanf("%d %d", &u, &v) != 2) return 1;
        g[u].push_back(v);
        ++indeg[v];
    }
    priority_queue<int, vector<int>, greater<int>> ready;
    for (int v = 1; v <= n; ++v)
        if (indeg[v] == 0) ready.push(v);
    vector<int> order;
    while (!ready.empty()) {
        int u = ready.top();
        ready.pop();
        order.push_back(u);
        for (int v : g[u])
            if (--indeg[v] == 0) ready.push(v);
    }
    for (size_t i = 0; i < order.size(); ++i) printf("%d%c", order[i], i + 1 == order.size() ? '\n' : ' ');
    return 0;
}
