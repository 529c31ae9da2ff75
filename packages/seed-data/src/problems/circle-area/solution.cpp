// S = pi * r^2 in double, printed with 9 decimals (the checker allows 1e-6 absolute or relative).
#include <cmath>
#include <cstdio>

int main() {
    const double PI = std::acos(-1.0);
    int t;
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        double r;
        if (scanf("%lf", &r) != 1) return 1;
        printf("%.9f\n", PI * r * r);
    }
    return 0;
}
