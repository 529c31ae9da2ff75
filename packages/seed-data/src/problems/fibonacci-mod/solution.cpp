// F(n) mod p by fast exponentiation of [[1,1],[1,0]]: O(log n) per query.
#include <cstdio>
#include <cstring>

typedef unsigned long long u64;
const u64 MOD = 1000000007ULL;

struct Mat {
    u64 a[2][2];
};

Mat mul(const Mat& x, const Mat& y) {
    Mat r;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            r.a[i][j] = (x.a[i][0] * y.a[0][j] + x.a[i][1] * y.a[1][j]) % MOD;
    return r;
}

u64 fib(u64 n) {
    Mat r = {{{1, 0}, {0, 1}}};
    Mat base = {{{1, 1}, {1, 0}}};
    // r = base^(n-1); then F(n) = r[0][0] because F(1) = 1, F(0) = 0
    for (u64 e = n - 1; e > 0; e >>= 1) {
        if (e & 1) r = mul(r, base);
        base = mul(base, base);
    }
    return r.a[0][0];
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        u64 n;
        if (scanf("%llu", &n) != 1) return 1;
        printf("%llu\n", fib(n));
    }
    return 0;
}
