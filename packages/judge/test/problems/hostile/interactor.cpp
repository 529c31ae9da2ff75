// A hostile interactor: the input's first word says what it tries; "play" then runs an honest echo
// game (it sends 21, expects 42 back). testlib exit codes.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

static int play() {
  std::printf("21\n");
  std::fflush(stdout);
  int x = 0;
  if (std::scanf("%d", &x) != 1) return 2;
  return x == 42 ? 0 : 1;
}

int main(int argc, char **argv) {
  FILE *in = std::fopen(argv[1], "r");
  char mode[32] = "";
  if (!in || std::fscanf(in, "%31s", mode) != 1) return 3;
  if (!std::strcmp(mode, "forkbomb"))
    for (;;) fork();
  if (!std::strcmp(mode, "killall")) {
    kill(-1, SIGKILL);  // its own box only: the program lives on
    return play();
  }
  if (!std::strcmp(mode, "tout")) {
    FILE *tout = std::fopen(argv[2], "w");
    static char block[1 << 16];
    std::memset(block, 'x', sizeof block);
    for (;;) std::fwrite(block, 1, sizeof block, tout);
  }
  if (!std::strcmp(mode, "stderr")) {
    static char block[1 << 16];
    std::memset(block, 'x', sizeof block);
    for (;;) std::fwrite(block, 1, sizeof block, stderr);
  }
  if (!std::strcmp(mode, "sleep")) pause();
  if (!std::strcmp(mode, "spin"))
    for (volatile long i = 0;; i++) {
    }
  if (!std::strcmp(mode, "memory")) {
    for (;;) {
      char *p = static_cast<char *>(std::malloc(1 << 20));
      if (p) std::memset(p, 1, 1 << 20);
    }
  }
  if (!std::strcmp(mode, "peek")) {
    // The program's binary and the host's files are not in its box.
    const char *paths[] = {"/prog/main", "/etc/shadow", "/root", "/work"};
    for (const char *p : paths)
      if (access(p, F_OK) == 0) {
        std::fprintf(stderr, "saw %s", p);
        return 1;
      }
    return play();
  }
  return play();
}
