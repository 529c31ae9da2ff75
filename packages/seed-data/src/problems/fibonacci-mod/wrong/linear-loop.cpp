// WRONG on purpose (too slow): iterates n times, hopeless for n up to 1e18. The test harness stops it.
#include <cstdio>
int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        unsigned long long n, a = 1, b = 1;
        scanf("%llu", &n);
        for (unsigned long long k = 3; k <= n; ++k) {
            unsigned long long c = (a + b) % 1000000007ULL;
            a = b;
            b = c;
        }
        printf("%llu\n", n <= 2 ? 1ULL : b);
    }
}
