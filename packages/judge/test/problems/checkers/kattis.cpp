// A Kattis output validator: `validator input answer feedback_dir [flags] < team_output`.
// Accepts (42) when the team's numbers match the answer's; with the flag "partial" it accepts
// any output that gets one number right and writes the share right to score.txt.
#include <cstdio>
#include <cstring>
#include <string>

static void note(const char *dir, const char *file, const std::string &text) {
  if (FILE *f = std::fopen((std::string(dir) + file).c_str(), "w")) {
    std::fputs(text.c_str(), f);
    std::fclose(f);
  }
}

int main(int argc, char **argv) {
  if (argc < 4) return 1;
  bool partial = argc > 4 && std::strcmp(argv[4], "partial") == 0;
  FILE *ans = std::fopen(argv[2], "r");
  if (!ans) return 1;
  long long want, got;
  int total = 0, right = 0;
  while (std::fscanf(ans, "%lld", &want) == 1) {
    total++;
    if (std::scanf("%lld", &got) == 1 && got == want) right++;
  }
  note(argv[3], "judgemessage.txt", std::to_string(right) + " of " + std::to_string(total) + " right");
  if (right == total) return 42;
  if (partial && right > 0) {
    note(argv[3], "score.txt", std::to_string(double(right) / total));
    return 42;
  }
  return 43;
}
