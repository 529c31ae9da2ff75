#include <bits/stdc++.h>
#include <sys/resource.h>
using namespace std;

static long cpu_ms() {
  rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000L + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
}

// volatile keeps the frame (and the read after the call) so the recursion cannot become a loop.
static int depth(int n) {
  volatile int here = n;
  if (n == 0) return 0;
  return depth(n - 1) + (here > 0 ? 1 : 0);
}

int main() {
  string what;
  cin >> what;
  if (what == "sum") { long long a, b; cin >> a >> b; cout << a + b << "\n"; }
  else if (what == "wa") cout << 4 << "\n";
  else if (what == "ws") cout << "1 2   \n3\t \n\n\n";
  else if (what == "pe") cout << "1\n2\n";
  else if (what == "tle") { volatile unsigned long x = 0; for (;;) x = x + 1; }
  else if (what == "mle") { vector<char> v(512u << 20, 1); cout << int(v[12345]) << "\n"; }
  else if (what == "ole") { string s(1 << 16, 'x'); for (;;) cout << s; }
  else if (what == "sign") { volatile int *p = nullptr; *p = 1; }
  else if (what == "rec") { int n; cin >> n; cout << depth(n) << "\n"; }
  else if (what == "cpu") { long ms; cin >> ms; volatile unsigned long x = 0; while (cpu_ms() < ms) for (int i = 0; i < 100000; i++) x = x + i; cout << "ok\n"; }
  else if (what == "mem") { size_t mb; cin >> mb; vector<char> v(mb << 20); memset(v.data(), 1, v.size()); cout << (v[mb] == 1 ? "ok" : "bad") << "\n"; }
}
