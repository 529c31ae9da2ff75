// The guess-the-number interactor written with testlib (registerInteraction, ouf, tout), compiled
// against the testlib.h the judge ships.
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt();
  int secret = ans.readInt();
  std::cout << n << std::endl;
  for (int q = 1; q <= 25; q++) {
    std::string op = ouf.readToken("[?!]");
    int x = ouf.readInt(1, n, "x");
    if (op == "!") {
      tout << q - 1 << " " << x << std::endl;
      if (x != secret) quitf(_wa, "guessed %d, the number was %d", x, secret);
      quitf(_ok, "found %d in %d queries", x, q - 1);
    }
    std::cout << (secret > x ? 1 : secret < x ? -1 : 0) << std::endl;
  }
  quitf(_wa, "too many queries");
}
