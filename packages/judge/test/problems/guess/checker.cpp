// Polygon style: after the interactor accepted, checks its tout (queries, guess) against the
// bound: at most ceil(log2 n) + 1 queries. testlib exit codes on raw stdio.
#include <cstdio>

int main(int argc, char **argv) {
  FILE *in = std::fopen(argv[1], "r"), *tout = std::fopen(argv[2], "r");
  int n = 0, queries = 0, guess = 0;
  if (!in || !tout || std::fscanf(in, "%d", &n) != 1) return 3;
  if (std::fscanf(tout, "%d %d", &queries, &guess) != 2) {
    std::fprintf(stderr, "wrong answer no record of the game");
    return 1;
  }
  int bound = 1;
  while ((1 << (bound - 1)) < n) bound++;
  if (queries > bound) {
    std::fprintf(stderr, "wrong answer %d queries, at most %d allowed", queries, bound);
    return 1;
  }
  std::fprintf(stderr, "ok %d queries", queries);
  return 0;
}
