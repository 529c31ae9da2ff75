// 0-1 knapsack in one array, capacities scanned downwards so each item is used at most once: O(nV).
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n, cap;
    if (scanf("%d %d", &n, &cap) != 2) return 1;
    vector<long long> f(cap + 1, 0);
    for (int i = 0; i < n; ++i) {
        int v;
        long long w;
        if (scanf("%d %lld", &v, &w) != 2) return 1;
        for (int j = cap; j >= v; --j)
            if (f[j - v] + w > f[j]) f[j] = f[j - v] + w;
    }
    printf("%lld\n", f[cap]);
    return 0;
}
