// A testlib-protocol checker on raw stdio giving partial scores as testlib's quitp does: exit 7
// and "points X" on stderr, X the share of the answer's numbers the output got right.
#include <cstdio>

int main(int argc, char **argv) {
  FILE *out = std::fopen(argv[2], "r"), *ans = std::fopen(argv[3], "r");
  if (!out || !ans) return 3;
  long long want, got;
  int total = 0, right = 0;
  while (std::fscanf(ans, "%lld", &want) == 1) {
    total++;
    if (std::fscanf(out, "%lld", &got) == 1 && got == want) right++;
  }
  if (right == total) {
    std::fprintf(stderr, "ok all %d right\n", total);
    return 0;
  }
  if (right == 0) {
    std::fprintf(stderr, "wrong answer none right\n");
    return 1;
  }
  std::fprintf(stderr, "points %.10g %d of %d right\n", double(right) / total, right, total);
  return 7;
}
