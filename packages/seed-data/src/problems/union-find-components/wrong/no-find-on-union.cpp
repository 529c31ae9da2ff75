// WRONG on purpose: links u's parent straight to v without finding the roots, losing merges.
#include <cstdio>
#include <vector>
int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    std::vector<int> p(n + 1);
    for (int i = 0; i <= n; ++i) p[i] = i;
    for (int i = 0; i < m; ++i) {
        int u, v;
        scanf("%d %d", &u, &v);
        p[u] = v;
    }
    std::vector<int> size(n + 1, 0);
    int circles = 0, largest = 0;
    for (int i = 1; i <= n; ++i) {
        int r = i;
        for (int steps = 0; p[r] != r && steps <= n; ++steps) r = p[r];
        if (++size[r] == 1) ++circles;
        if (size[r] > largest) largest = size[r];
    }
    printf("%d %d\n", circles, largest);
}
