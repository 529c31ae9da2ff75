// WRONG on purpose: upper_bound computes the longest NON-decreasing subsequence (equal values count).
#include <algorithm>
#include <cstdio>
#include <vector>
int main() {
    int n;
    scanf("%d", &n);
    std::vector<long long> tail;
    for (int i = 0; i < n; ++i) {
        long long x;
        scanf("%lld", &x);
        auto it = std::upper_bound(tail.begin(), tail.end(), x);
        if (it == tail.end()) tail.push_back(x);
        else *it = x;
    }
    printf("%zu\n", tail.size());
}
