// A strict validator: "n name\n", n integers, then "yes" or "no" on the last line.
#include "testlib.h"

#include <string>
#include <vector>

int main(int argc, char *argv[]) {
  registerValidation(argc, argv);
  addFeature("negative");
  int n = inf.readInt(1, 100000, "n");
  inf.readSpace();
  inf.readToken("[a-z]{1,10}", "name");
  inf.readEoln();
  std::vector<long long> a = inf.readLongs(n, -1000000000000LL, 1000000000000LL, "a");
  inf.readEoln();
  for (size_t i = 0; i < a.size(); i++)
    if (a[i] < 0) feature("negative");
  inf.readLine("yes|no", "verdict");
  inf.readEof();
}
