// A checker with one behaviour per "mode", the first word of the input file, so that one
// compile covers the verdicts and messages testlib.test.ts pins.
#include "testlib.h"

#include <string>

int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  std::string mode = inf.readWord();
  if (mode == "sum") {
    long long want = ans.readLong();
    long long got = ouf.readLong();
    if (got != want) quitf(_wa, "expected %lld, found %lld", want, got);
    quitf(_ok, "sum is %lld", got);
  }
  if (mode == "range") {
    int x = ouf.readInt(1, 1000000000, "x");
    quitf(_ok, "x = %d", x);
  }
  if (mode == "word") {
    std::string w = ouf.readToken("[a-z]{1,3}", "w");
    quitf(_ok, "word %s", w.c_str());
  }
  if (mode == "real") {
    double want = ans.readDouble(), got = ouf.readDouble();
    if (!doubleCompare(want, got, 1e-6)) quitf(_wa, "expected %.7f, found %.7f", want, got);
    quitf(_ok, "close to %.3f", want);
  }
  if (mode == "lines") {
    int n = 0;
    while (!ans.eof()) {
      std::string want = ans.readLine(), got = ouf.readLine();
      n++;
      if (want != got)
        quitf(_wa, "%d%s lines differ: '%s' vs '%s'", n, englishEnding(n).c_str(), compress(want).c_str(),
              compress(got).c_str());
    }
    quitf(_ok, "%d lines", n);
  }
  if (mode == "points") {
    double share = ouf.readDouble(0, 1, "share");
    quitp(share, "share %.2f", share);
  }
  if (mode == "ipoints") quitp(ouf.readInt());
  if (mode == "partial") quitf(_pc(ouf.readInt(0, 50, "pc")), "partial");
  if (mode == "expect") {
    int want = ans.readInt(), got = ouf.readInt();
    if (want != got) expectedButFound(_wa, want, got, "query %d", 3);
    quitf(_ok, "same");
  }
  if (mode == "empty") quitf(_ok, "   ");
  quitf(_fail, "unknown mode %s", mode.c_str());
}
