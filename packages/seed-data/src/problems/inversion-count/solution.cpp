// Merge sort counting: when an element of the right half is placed before the rest of the left
// half, it forms an inversion with each of them. O(n log n); the count needs 64 bits in general.
#include <cstdio>
#include <vector>
using namespace std;

long long sortCount(vector<int>& a, vector<int>& tmp, int lo, int hi) {  // [lo, hi)
    if (hi - lo < 2) return 0;
    int mid = (lo + hi) / 2;
    long long c = sortCount(a, tmp, lo, mid) + sortCount(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (a[i] <= a[j]) tmp[k++] = a[i++];  // <= keeps equal values from counting
        else {
            c += mid - i;
            tmp[k++] = a[j++];
        }
    }
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    for (int t = lo; t < hi; ++t) a[t] = tmp[t];
    return c;
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    vector<int> a(n), tmp(n);
    for (int i = 0; i < n; ++i)
        if (scanf("%d", &a[i]) != 1) return 1;
    printf("%lld\n", sortCount(a, tmp, 0, n));
    return 0;
}
