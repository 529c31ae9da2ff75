// WRONG on purpose: 32-bit distances overflow on long paths of heavy edges.
#include <cstdio>
#include <queue>
#include <vector>
using namespace std;
int main() {
    int n, m, s;
    scanf("%d %d %d", &n, &m, &s);
    vector<vector<pair<int, int>>> g(n + 1);
    for (int i = 0; i < m; ++i) {
        int u, v, w;
        scanf("%d %d %d", &u, &v, &w);
        g[u].push_back({v, w});
    }
    vector<int> dist(n + 1, -1);
    priority_queue<pair<int, int>, vector<pair<int, int>>, greater<pair<int, int>>> pq;
    dist[s] = 0;
    pq.push({0, s});
    while (!pq.empty()) {
        auto [d, u] = pq.top();
        pq.pop();
        if (d != dist[u]) continue;
        for (auto [v, w] : g[u]) {
            int nd = d + w;
            if (dist[v] == -1 || nd < dist[v]) { dist[v] = nd; pq.push({nd, v}); }
        }
    }
    for (int i = 1; i <= n; ++i) printf("%d%c", dist[i], i == n ? '\n' : ' ');
}
