// The interactor's solution (no testlib): binary search; "off" answers one more, "quit" stops early.
#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  if (!std::strcmp(how, "quit")) return 0;
  if (!std::strcmp(how, "junk")) {
    std::printf("hello 5\n");
    return 0;
  }
  int lo = 1, hi = 100;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    std::printf("? %d\n", mid);
    std::fflush(stdout);
    char reply[4];
    if (std::scanf("%3s", reply) != 1) return 0;
    if (reply[0] == '=') lo = hi = mid;
    else if (reply[0] == '<') lo = mid + 1;
    else hi = mid - 1;
  }
  std::printf("! %d\n", !std::strcmp(how, "off") ? lo + 1 : lo);
  std::fflush(stdout);
  return 0;
}
