// WRONG on purpose: scanning capacities upwards lets an item be taken many times (unbounded knapsack).
#include <cstdio>
#include <vector>
int main() {
    int n, cap;
    scanf("%d %d", &n, &cap);
    std::vector<long long> f(cap + 1, 0);
    for (int i = 0; i < n; ++i) {
        int v;
        long long w;
        scanf("%d %lld", &v, &w);
        for (int j = v; j <= cap; ++j)
            if (f[j - v] + w > f[j]) f[j] = f[j - v] + w;
    }
    printf("%lld\n", f[cap]);
}
