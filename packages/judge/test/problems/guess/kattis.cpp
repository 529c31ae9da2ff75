// The same game as a Kattis output validator run interactively:
// `validator input answer feedback_dir/`, exit 42 accepted, 43 wrong answer; judgemessage.txt.
#include <cstdio>
#include <string>

static int verdict(const char *dir, int code, const char *message) {
  std::string path = std::string(dir) + "judgemessage.txt";
  if (FILE *f = std::fopen(path.c_str(), "w")) {
    std::fputs(message, f);
    std::fclose(f);
  }
  return code;
}

int main(int argc, char **argv) {
  if (argc < 4) return 1;
  FILE *in = std::fopen(argv[1], "r"), *ans = std::fopen(argv[2], "r");
  int n = 0, secret = 0;
  if (!in || !ans || std::fscanf(in, "%d", &n) != 1 || std::fscanf(ans, "%d", &secret) != 1) return 1;
  std::printf("%d\n", n);
  std::fflush(stdout);
  for (int queries = 0; queries <= 25;) {
    char op[4];
    int x;
    if (std::scanf("%3s %d", op, &x) != 2) return verdict(argv[3], 43, "team output ended early");
    if (op[0] == '!') return x == secret ? verdict(argv[3], 42, "found it") : verdict(argv[3], 43, "wrong guess");
    queries++;
    std::printf("%d\n", secret > x ? 1 : secret < x ? -1 : 0);
    std::fflush(stdout);
  }
  return verdict(argv[3], 43, "too many queries");
}
