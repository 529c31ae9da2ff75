// Union-find with path halving and union by size; count roots and the largest set.
#include <cstdio>
#include <utility>
#include <vector>
using namespace std;

vector<int> parent, sz;

int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    parent.resize(n + 1);
    sz.assign(n + 1, 1);
    for (int i = 0; i <= n; ++i) parent[i] = i;
    for (int i = 0; i < m; ++i) {
        int u, v;
        if (scanf("%d %d", &u, &v) != 2) return 1;
        u = find(u), v = find(v);
        if (u == v) continue;
        if (sz[u] < sz[v]) swap(u, v);
        parent[v] = u;
        sz[u] += sz[v];
    }
    int circles = 0, largest = 0;
    for (int i = 1; i <= n; ++i)
        if (find(i) == i) {
            ++circles;
            if (sz[i] > largest) largest = sz[i];
        }
    printf("%d %d\n", circles, largest);
    return 0;
}
