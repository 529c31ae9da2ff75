// Dijkstra with a binary heap, O((n + m) log m). Distances need 64 bits (up to ~2e12 here).
#include <cstdio>
#include <queue>
#include <vector>
using namespace std;

int main() {
    int n, m, s;
    if (scanf("%d %d %d", &n, &m, &s) != 3) return 1;
    vector<vector<pair<int, long long>>> g(n + 1);
    for (int i = 0; i < m; ++i) {
        int u, v;
        long long w;
        if (scanf("%d %d %lld", &u, &v, &w) != 3) return 1;
        g[u].push_back({v, w});
    }
    const long long INF = -1;
    vector<long long> dist(n + 1, INF);
    priority_queue<pair<long long, int>, vector<pair<long long, int>>, greater<pair<long long, int>>> pq;
    dist[s] = 0;
    pq.push({0, s});
    while (!pq.empty()) {
        pair<long long, int> top = pq.top();
        pq.pop();
        long long d = top.first;
        int u = top.second;
        if (d != dist[u]) continue;
        for (const auto& e : g[u]) {
            long long nd = d + e.second;
            if (dist[e.first] == INF || nd < dist[e.first]) {
                dist[e.first] = nd;
                pq.push({nd, e.first});
            }
        }
    }
    for (int i = 1; i <= n; ++i) printf("%lld%c", dist[i], i == n ? '\n' : ' ');
    return 0;
}
