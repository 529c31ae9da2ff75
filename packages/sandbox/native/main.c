/* oj-sandbox entry point and supervisor.
 *   oj-sandbox run OPTIONS -- PROGRAM ARGS   run one program, print one JSON result line
 *   oj-sandbox check                          can this host sandbox? prints {"ok":...}
 *   oj-sandbox sweep                          remove cgroups left behind by crashed runs
 * The supervisor enforces the CPU limit of the whole tree (polling the cgroup's CPU counter)
 * and the wall limit, kills the tree, measures it and decides the outcome. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NAMESPACES (CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP)

static volatile sig_atomic_t interrupted;
static void on_signal(int sig) { interrupted = sig; }

enum stop_reason { STOP_NONE, STOP_CPU, STOP_WALL, STOP_INTERRUPTED };

struct run_facts {
  enum stop_reason stopped;
  bool have_status;
  int status;
  struct msg failure; /* kind 0 when none */
  uint64_t wall_ms;
  struct cgroup_stats stats;
  bool output_full;
};

static pid_t clone_box(void) {
  return (pid_t)syscall(SYS_clone, NAMESPACES | SIGCHLD, NULL, NULL, NULL, NULL);
}

/* Waits for init to end, killing the box when a limit is reached or we are asked to stop. */
static void supervise(pid_t init, const struct options *opt, const struct cgroup *cg, uint64_t started,
                      struct run_facts *facts) {
  int pidfd = (int)syscall(SYS_pidfd_open, init, 0);
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;
  for (;;) {
    uint64_t elapsed = now_ms() - started, cpu_ns = 0;
    cgroup_cpu_ns(cg, &cpu_ns);
    uint64_t cpu_ms = cpu_ns / 1000000u;
    if (interrupted) facts->stopped = STOP_INTERRUPTED;
    else if (cpu_ms > opt->cpu_ms) facts->stopped = STOP_CPU;
    else if (elapsed >= opt->wall_ms) facts->stopped = STOP_WALL;
    if (facts->stopped != STOP_NONE) {
      kill(init, SIGKILL);
      break;
    }
    /* Sleep until the earliest moment a limit could be reached, at most 100 ms. */
    uint64_t wait = opt->wall_ms - elapsed;
    uint64_t cpu_wait = (opt->cpu_ms - cpu_ms) / (uint64_t)ncpu + 1;
    if (cpu_wait < wait) wait = cpu_wait;
    if (wait > 100) wait = 100;
    if (pidfd >= 0) {
      struct pollfd p = {.fd = pidfd, .events = POLLIN};
      if (poll(&p, 1, (int)wait) > 0) break;
    } else {
      int status;
      pid_t r = waitpid(init, &status, WNOHANG);
      if (r == init) {
        facts->wall_ms = now_ms() - started;
        if (pidfd >= 0) close(pidfd);
        cgroup_kill_all(cg);
        return;
      }
      usleep((useconds_t)wait * 1000u);
    }
  }
  int status;
  while (waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  facts->wall_ms = now_ms() - started;
  if (pidfd >= 0) close(pidfd);
  /* The namespace is gone with its init; this only matters if a process escaped it somehow. */
  cgroup_kill_all(cg);
}

static void read_messages(int fd, struct run_facts *facts) {
  struct msg m;
  while (read(fd, &m, sizeof m) == (ssize_t)sizeof m) {
    if (m.kind == MSG_EXIT) {
      facts->have_status = true;
      facts->status = m.value;
    } else if (facts->failure.kind == 0) {
      facts->failure = m;
    }
  }
}

static const char *decide(const struct options *opt, const struct run_facts *f, char *message, size_t size) {
  message[0] = 0;
  if (f->stopped == STOP_INTERRUPTED) {
    snprintf(message, size, "sandbox interrupted by signal %d", (int)interrupted);
    return "sandbox-error";
  }
  if (f->failure.kind == MSG_EXEC_FAILED) {
    snprintf(message, size, "cannot execute %s: %s", f->failure.text, strerror(f->failure.value));
    return "sandbox-error";
  }
  if (f->failure.kind == MSG_SETUP_FAILED) {
    snprintf(message, size, "box setup failed at %s: %s", f->failure.text, strerror(f->failure.value));
    return "sandbox-error";
  }
  if (!f->have_status && f->stopped == STOP_NONE) {
    snprintf(message, size, "the box ended without reporting the program's status");
    return "sandbox-error";
  }
  bool signaled = f->have_status && WIFSIGNALED(f->status);
  int sig = signaled ? WTERMSIG(f->status) : 0;
  bool failed = signaled || (f->have_status && WEXITSTATUS(f->status) != 0);
  uint64_t cpu_ms = f->stats.cpu_ns / 1000000u;
  if (f->stopped == STOP_CPU || cpu_ms > opt->cpu_ms || sig == SIGXCPU) return "cpu-limit";
  /* An OOM kill anywhere in the tree, or a failing program that hit the limit (allocation
   * failure, e.g. a JVM OutOfMemoryError), is a memory verdict. */
  if (f->stats.oom_kills > 0 || (f->stopped == STOP_NONE && failed && f->stats.limit_hits > 0)) return "memory-limit";
  if (f->stopped == STOP_WALL) return "wall-limit";
  if (sig == SIGXFSZ || f->output_full) return "output-limit";
  if (signaled) return "signaled";
  return "exited";
}

static void print_result(const char *outcome, bool is_error, const struct run_facts *f, const char *message, int slot) {
  char escaped[1100], exit_code[16] = "null", signal_no[16] = "null";
  if (f->have_status && !is_error) {
    if (WIFEXITED(f->status)) snprintf(exit_code, sizeof exit_code, "%d", WEXITSTATUS(f->status));
    if (WIFSIGNALED(f->status)) snprintf(signal_no, sizeof signal_no, "%d", WTERMSIG(f->status));
  }
  json_string(escaped, sizeof escaped, message);
  printf("{\"outcome\":\"%s\",\"exitCode\":%s,\"signal\":%s,\"timeMs\":%llu,\"wallMs\":%llu,\"memoryKiB\":%llu,"
         "\"message\":%s,\"oomKills\":%llu,\"slot\":%d}\n",
         outcome, exit_code, signal_no, (unsigned long long)((f->stats.cpu_ns + 500000u) / 1000000u),
         (unsigned long long)f->wall_ms, (unsigned long long)(f->stats.peak_bytes / 1024u), escaped,
         (unsigned long long)f->stats.oom_kills, slot);
  fflush(stdout);
}

static bool file_full(int fd, uint64_t limit) {
  struct stat st;
  return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size >= limit;
}

static int cmd_run(int argc, char **argv) {
  struct options opt;
  parse_options(argc, argv, &opt);
  if (geteuid() != 0) fail("the sandbox helper must run as root");

  int slot_fd;
  int slot = acquire_slot(&slot_fd);
  if (slot < 0) fail("no free sandbox slot: %s", strerror(errno));
  uid_t uid = SANDBOX_ID_BASE + (uid_t)slot;
  if (mkdir_p(ROOT_MOUNTPOINT, 0755) < 0) fail("cannot create %s: %s", ROOT_MOUNTPOINT, strerror(errno));

  char err[512];
  int stdio[3];
  if (open_stdio(&opt, stdio, err, sizeof err) < 0) fail("%s", err);
  /* The program owns its work dir (not what the judge put in it), so it can create files. */
  int wd = open(opt.work_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (wd < 0 || fchown(wd, uid, uid) < 0) fail("cannot prepare work dir %s: %s", opt.work_dir, strerror(errno));
  close(wd);

  struct cgroup cg;
  if (cgroup_create(&cg, slot, &opt, err, sizeof err) < 0) fail("%s", err);

  int msg_pipe[2], alive_pipe[2];
  if (pipe2(msg_pipe, O_CLOEXEC) < 0 || pipe2(alive_pipe, O_CLOEXEC) < 0) {
    cgroup_remove(&cg);
    fail("pipe: %s", strerror(errno));
  }
  struct box_context ctx = {.opt = &opt, .cg = &cg, .uid = uid, .msg_fd = msg_pipe[1], .alive_fd = alive_pipe[0]};
  memcpy(ctx.stdio, stdio, sizeof stdio);

  struct run_facts facts;
  memset(&facts, 0, sizeof facts);
  uint64_t started = now_ms();
  pid_t init = clone_box();
  if (init == 0) {
    close(msg_pipe[0]);
    close(alive_pipe[1]);
    box_init(&ctx);
  }
  int clone_errno = errno;
  close(msg_pipe[1]);
  close(alive_pipe[0]);
  if (init < 0) {
    cgroup_remove(&cg);
    fail("clone with new namespaces failed: %s", strerror(clone_errno));
  }

  supervise(init, &opt, &cg, started, &facts);
  read_messages(msg_pipe[0], &facts);
  cgroup_stats(&cg, &facts.stats);
  facts.output_full = file_full(stdio[1], opt.fsize_bytes) || file_full(stdio[2], opt.fsize_bytes);

  char message[400];
  const char *outcome = decide(&opt, &facts, message, sizeof message);
  bool is_error = strcmp(outcome, "sandbox-error") == 0;
  if (cgroup_remove(&cg) < 0 && !is_error) {
    /* The verdict stands, but the host must hear that a cgroup could not be removed. */
    snprintf(message, sizeof message, "warning: cgroup of slot %d not removed: %s", slot, strerror(errno));
  }
  print_result(outcome, is_error, &facts, message, slot);
  close(slot_fd);
  return 0;
}

static int cmd_check(void) {
  char why[300];
  if (geteuid() != 0) {
    printf("{\"ok\":false,\"reason\":\"the sandbox helper must run as root\"}\n");
    return 0;
  }
  if (cgroup_detect(why, sizeof why) == CG_NONE) {
    char escaped[700];
    json_string(escaped, sizeof escaped, why);
    printf("{\"ok\":false,\"reason\":%s}\n", escaped);
    return 0;
  }
  int removed = cgroup_sweep();
  pid_t pid = clone_box();
  if (pid == 0) _exit(0);
  if (pid < 0) {
    char text[200], escaped[500];
    snprintf(text, sizeof text, "cannot create namespaces: %s", strerror(errno));
    json_string(escaped, sizeof escaped, text);
    printf("{\"ok\":false,\"reason\":%s}\n", escaped);
    return 0;
  }
  waitpid(pid, NULL, 0);
  printf("{\"ok\":true,\"cgroup\":\"v%d\",\"sweptCgroups\":%d}\n", (int)cgroup_detect(why, sizeof why), removed);
  return 0;
}

int main(int argc, char **argv) {
  /* If the Node process dies, we are told to stop, and we clean up before exiting. */
  struct sigaction sa = {.sa_handler = on_signal};
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGHUP, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
  prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0);
  if (argc >= 2 && strcmp(argv[1], "run") == 0) return cmd_run(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "check") == 0) return cmd_check();
  if (argc >= 2 && strcmp(argv[1], "sweep") == 0) {
    printf("{\"sweptCgroups\":%d}\n", cgroup_sweep());
    return 0;
  }
  fprintf(stderr, "usage: oj-sandbox run|check|sweep ...\n");
  return 64;
}
