// Guess the number, testlib protocol on raw stdio: `interactor input tout answer`. The input holds
// n, the answer the secret (the program must never see it). Replies to "? x": 1 if the secret is
// larger, -1 if smaller, 0 if equal; "! x" ends. tout: the number of queries and the final guess.
#include <cstdio>

int main(int argc, char **argv) {
  if (argc < 4) return 3;
  FILE *in = std::fopen(argv[1], "r"), *ans = std::fopen(argv[3], "r"), *tout = std::fopen(argv[2], "w");
  int n = 0, secret = 0;
  if (!in || !ans || !tout || std::fscanf(in, "%d", &n) != 1 || std::fscanf(ans, "%d", &secret) != 1) {
    std::fprintf(stderr, "FAIL cannot read the test");
    return 3;
  }
  std::printf("%d\n", n);
  std::fflush(stdout);
  for (int queries = 0;;) {
    char op[4];
    int x;
    if (std::scanf("%3s %d", op, &x) != 2) {
      std::fprintf(stderr, "wrong output format Unexpected end of file");
      return 2;
    }
    if (op[0] == '!') {
      std::fprintf(tout, "%d %d\n", queries, x);
      if (x != secret) {
        std::fprintf(stderr, "wrong answer guessed %d", x);
        return 1;
      }
      std::fprintf(stderr, "ok found %d in %d queries", x, queries);
      return 0;
    }
    if (++queries > 25) {
      std::fprintf(stderr, "wrong answer too many queries");
      return 1;
    }
    std::printf("%d\n", secret > x ? 1 : secret < x ? -1 : 0);
    std::fflush(stdout);
  }
}
