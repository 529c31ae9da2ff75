// Plays the game; n chooses a scenario (the judge tests every ending with one compile).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <initializer_list>
#include <unistd.h>

static int ask(int x) {
  std::printf("? %d\n", x);
  std::fflush(stdout);
  int r = 0;
  if (std::scanf("%d", &r) != 1) std::exit(0);
  return r;
}

static int search(int n) {
  int lo = 1, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2, r = ask(mid);
    if (r == 0) return mid;
    if (r > 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return lo;
}

/** What the box lets the program see: the answer, the input, other processes. */
static int peek() {
  int secret = -1;
  for (const char *path : {"/data/answer", "/data/input", "/interactor/checker"})
    if (FILE *f = std::fopen(path, "r")) {
      std::fprintf(stderr, "read %s\n", path);
      if (std::fscanf(f, "%d", &secret) != 1) secret = -1;
    }
  if (DIR *proc = opendir("/proc")) {
    int others = 0;
    while (dirent *e = readdir(proc)) {
      int pid = std::atoi(e->d_name);
      if (pid > 0 && pid != getpid()) others++;
    }
    closedir(proc);
    if (others > 0) std::fprintf(stderr, "saw %d other processes\n", others);
  }
  kill(-1, SIGKILL); // everything it may signal: never the interactor
  return secret;
}

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  switch (n) {
    case 101: ask(1); raise(SIGSEGV); break;                 // crashes mid-game
    case 102: ask(1); return 0;                               // leaves without guessing
    case 103: std::printf("? 1\n"); std::scanf("%d", &n); break;  // forgets to flush: both wait
    case 104: std::printf("! 1\n"); std::fflush(stdout); return 0;  // guesses wrong
    case 105: {                                               // tries to cheat, then guesses
      int secret = peek();
      std::printf("! %d\n", secret > 0 ? secret : 1);
      std::fflush(stdout);
      return 0;
    }
    case 106: for (volatile int i = 0;; i++) {}              // spins
    case 107:                                                  // wins, then crashes
      std::printf("! %d\n", search(n));
      std::fflush(stdout);
      std::scanf("%d", &n);
      raise(SIGSEGV);
      break;
    case 108:                                                  // guesses wrong, then loops on the EOF
      std::printf("! 1\n");
      std::fflush(stdout);
      while (std::scanf("%d", &n) != 1) {}
      break;
    case 109: {                                                // linear search: slow but right
      int x = 1;
      while (ask(x) != 0) x++;
      std::printf("! %d\n", x);
      std::fflush(stdout);
      break;
    }
    default:
      std::printf("! %d\n", search(n));
      std::fflush(stdout);
  }
  return 0;
}
