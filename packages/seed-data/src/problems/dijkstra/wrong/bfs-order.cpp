// WRONG on purpose: settles vertices in BFS order (fewest edges), ignoring the weights.
#include <cstdio>
#include <queue>
#include <vector>
using namespace std;
int main() {
    int n, m, s;
    scanf("%d %d %d", &n, &m, &s);
    vector<vector<pair<int, long long>>> g(n + 1);
    for (int i = 0; i < m; ++i) {
        int u, v;
        long long w;
        scanf("%d %d %lld", &u, &v, &w);
        g[u].push_back({v, w});
    }
    vector<long long> dist(n + 1, -1);
    queue<int> q;
    dist[s] = 0;
    q.push(s);
    while (!q.empty()) {
        int u = q.front();
        q.pop();
        for (auto [v, w] : g[u])
            if (dist[v] == -1) { dist[v] = dist[u] + w; q.push(v); }
    }
    for (int i = 1; i <= n; ++i) printf("%lld%c", dist[i], i == n ? '\n' : ' ');
}
