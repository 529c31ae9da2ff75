// WRONG on purpose: counts pairs with a[i] >= a[j], so equal values are taken as inversions.
#include <cstdio>
#include <vector>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<int> a(n);
    for (auto& x : a) scanf("%d", &x);
    long long c = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (a[i] >= a[j]) ++c;
    printf("%lld\n", c);
}
