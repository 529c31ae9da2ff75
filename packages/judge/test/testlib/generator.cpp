// Prints draws from every kind of rnd call, so the test can pin the sequence for a command line.
#include "testlib.h"

#include <cstdio>
#include <vector>

int main(int argc, char *argv[]) {
  registerGen(argc, argv, 1);
  int n = opt<int>("n", 5);
  println(rnd.next(1, 100), rnd.next(1000000000000LL), rnd.next(10));
  std::printf("%.6f\n", rnd.next(0.0, 1.0));
  println(rnd.next("[a-z]{8}"), rnd.next("yes|no"));
  println(rnd.wnext(1000, 3), rnd.wnext(1000, -3));
  println(rnd.perm(n, 1));
  println(rnd.distinct(3, 1, 10));
  println(rnd.partition(4, 20));
  std::vector<int> v;
  for (int i = 1; i <= 6; i++) v.push_back(i);
  shuffle(v.begin(), v.end());
  println(v);
}
