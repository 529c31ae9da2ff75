// Reads n and n values, calls the contestant's total(), prints the answer.
#include <cstdio>
#include "grader.h"

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 1;
  std::vector<long long> values(n);
  for (auto &v : values) std::scanf("%lld", &v);
  std::printf("%lld\n", total(values));
}
