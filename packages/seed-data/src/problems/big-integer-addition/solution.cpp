// Schoolbook addition from the last digit, O(max(|A|, |B|)).
#include <algorithm>
#include <iostream>
#include <string>
using namespace std;

int main() {
    string a, b;
    if (!(cin >> a >> b)) return 1;
    string r;
    int i = int(a.size()) - 1, j = int(b.size()) - 1, carry = 0;
    while (i >= 0 || j >= 0 || carry) {
        int s = carry;
        if (i >= 0) s += a[i--] - '0';
        if (j >= 0) s += b[j--] - '0';
        r.push_back(char('0' + s % 10));
        carry = s / 10;
    }
    reverse(r.begin(), r.end());
    cout << r << '\n';
    return 0;
}
