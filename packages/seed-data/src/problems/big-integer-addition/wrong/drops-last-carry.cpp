// WRONG on purpose: stops when both numbers end, forgetting a final carry (999 + 1 = 000).
#include <algorithm>
#include <iostream>
#include <string>
using namespace std;
int main() {
    string a, b, r;
    cin >> a >> b;
    int i = int(a.size()) - 1, j = int(b.size()) - 1, carry = 0;
    while (i >= 0 || j >= 0) {
        int s = carry;
        if (i >= 0) s += a[i--] - '0';
        if (j >= 0) s += b[j--] - '0';
        r.push_back(char('0' + s % 10));
        carry = s / 10;
    }
    reverse(r.begin(), r.end());
    cout << r << '\n';
}
