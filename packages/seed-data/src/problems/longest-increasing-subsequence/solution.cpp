// O(n log n): tail[k] = smallest last element of a strictly increasing subsequence of length k+1.
#include <algorithm>
#include <cstdio>
#include <vector>
using namespace std;

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    vector<long long> tail;
    for (int i = 0; i < n; ++i) {
        long long x;
        if (scanf("%lld", &x) != 1) return 1;
        // lower_bound (not upper_bound) because equal values cannot extend a strictly increasing run
        auto it = lower_bound(tail.begin(), tail.end(), x);
        if (it == tail.end()) tail.push_back(x);
        else *it = x;
    }
    printf("%zu\n", tail.size());
    return 0;
}
