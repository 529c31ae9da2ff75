// WRONG on purpose: 32-bit values overflow once the best total exceeds 2^31 - 1.
#include <cstdio>
#include <vector>
int main() {
    int n, cap;
    scanf("%d %d", &n, &cap);
    std::vector<int> f(cap + 1, 0);
    for (int i = 0; i < n; ++i) {
        int v, w;
        scanf("%d %d", &v, &w);
        for (int j = cap; j >= v; --j)
            if (f[j - v] + w > f[j]) f[j] = f[j - v] + w;
    }
    printf("%d\n", f[cap]);
}
