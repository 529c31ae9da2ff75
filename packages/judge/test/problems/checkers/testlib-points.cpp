// A checker giving partial scores with testlib's quitp, compiled against the testlib.h the judge ships.
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  int total = 0, right = 0;
  while (!ans.seekEof()) {
    long long want = ans.readLong();
    total++;
    if (!ouf.seekEof() && ouf.readLong() == want) right++;
  }
  if (right == total) quitf(_ok, "all %d right", total);
  if (right == 0) quitf(_wa, "none right");
  quitp(double(right) / total, "%d of %d right", right, total);
}
