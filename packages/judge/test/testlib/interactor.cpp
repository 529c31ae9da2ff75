// Guess the number: the solution asks "? x" and is told "<", ">" or "=", then answers "! x".
#include "testlib.h"

#include <string>

int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt(1, 100, "secret");
  for (int query = 1; query <= 10; query++) {
    std::string kind = ouf.readToken("[?!]", "kind");
    int x = ouf.readInt(1, 100, "x");
    if (kind == "!") {
      tout << x << std::endl;
      if (x != secret) quitf(_wa, "answered %d, the number was %d", x, secret);
      quitf(_ok, "found %d with %d queries", secret, query);
    }
    println(x < secret ? "<" : x > secret ? ">" : "=");
  }
  quitf(_wa, "more than 10 queries");
}
