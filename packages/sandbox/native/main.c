/* oj-sandbox entry point and supervisor.
 *   oj-sandbox run OPTIONS -- PROGRAM ARGS   run one program, print one JSON result line
 *   oj-sandbox serve                          run many specs, one after another, on one slot (serve.c)
 *   oj-sandbox check                          can this host sandbox? prints {"ok":...}
 *   oj-sandbox sweep [SLOT]                   remove cgroups left behind by crashed runs (of one slot)
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

volatile sig_atomic_t interrupted;
static void on_signal(int sig) { interrupted = sig; }

static pid_t clone_box(void) {
  return (pid_t)syscall(SYS_clone, NAMESPACES | SIGCHLD, NULL, NULL, NULL, NULL);
}

/* Reads whatever the box has said so far (the pipe is non-blocking). */
void read_messages(int fd, struct cgroup *cg, struct run_facts *facts) {
  struct msg m;
  while (read(fd, &m, sizeof m) == (ssize_t)sizeof m) {
    if (m.kind == MSG_EXIT) {
      facts->have_status = true;
      facts->status = m.value;
      unsigned long long rss = 0, ended_us = 0;
      int n = sscanf(m.text, "%llu %llu", &rss, &ended_us);
      if (n >= 1) facts->max_rss_kib = rss;
      if (n == 2) facts->ended_at_us = ended_us;
    } else if (m.kind == MSG_BASELINE) {
      /* The program is about to exec: what the box's setup used so far is not the program's. */
      facts->exec_at_ms = now_ms();
      unsigned long long cpu = 0, bytes = 0;
      if (sscanf(m.text, "%llu %llu", &cpu, &bytes) == 2) {
        cg->base_cpu_ns = cpu;
        cg->base_bytes = bytes;
      }
    } else if (facts->failure.kind == 0) {
      facts->failure = m;
    }
  }
}

/* Waits until the box reports the program's end (init has killed and reaped the rest of the
 * tree by then, so the counters are final) or the box dies, killing it when a limit is reached
 * or we are asked to stop. The caller then ends the box (end_box). */
void supervise(const struct box_pids *box, int msg_fd, const struct options *opt, struct cgroup *cg, uint64_t started,
               struct run_facts *facts) {
  int pidfd = (int)syscall(SYS_pidfd_open, box->watch, 0);
  if (pidfd < 0) fail("pidfd_open: %s", strerror(errno));
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;
  bool box_died = false;
  box_sched_reset();
  for (;;) {
    read_messages(msg_fd, cg, facts);
    if (facts->have_status) break;
    uint64_t elapsed = now_ms() - started, cpu_ns = 0;
    cgroup_cpu_ns(cg, &cpu_ns);
    uint64_t cpu_ms = cpu_ns > cg->base_cpu_ns ? (cpu_ns - cg->base_cpu_ns) / 1000000u : 0;
    /* The wall limit counts the time the program could run, from its exec: the box's setup and
     * waiting for a CPU on a loaded host are not its doing (what the box's tasks waited, its
     * group's turns included: starvation.c), and a box with a runnable task is busy, not
     * sleeping. Whatever the load, a box is stopped at 100× the limit. The box is looked at in
     * every round once it has lived BOX_SCHED_FROM_MS (a look costs ~0.1 ms of CPU: short runs
     * are spared it), or earlier at a shorter wall limit. */
    uint64_t lived = facts->exec_at_ms ? now_ms() - facts->exec_at_ms : 0;
    struct box_sched sched = {.waited_ms = 0, .runnable = false};
    bool look = facts->exec_at_ms && (lived >= BOX_SCHED_FROM_MS || lived >= opt->wall_ms);
    if (look) box_sched(cg, &sched);
    uint64_t active = lived - (sched.waited_ms < lived ? sched.waited_ms : lived);
    if (interrupted) facts->stopped = STOP_INTERRUPTED;
    else if (cpu_ms > opt->cpu_ms) facts->stopped = STOP_CPU;
    else if ((active >= opt->wall_ms && !sched.runnable) || elapsed >= opt->wall_ms * STARVED_WALL_FACTOR)
      facts->stopped = STOP_WALL;
    if (facts->stopped != STOP_NONE || box_died) {
      facts->ended_at_us = now_us();
      /* Everything of the box is in the cgroup: the zygote, init (whose death ends the PID
       * namespace) and the program's tree. A serving helper keeps its zygote: init's death is
       * enough, the kernel kills the rest of its PID namespace. */
      if (box->init_only) kill(box->watch, SIGKILL);
      else cgroup_kill_all(cg);
      break;
    }
    /* Sleep until the earliest moment a limit could be reached, at most 100 ms. */
    uint64_t wait = active < opt->wall_ms ? opt->wall_ms - active : 10;
    uint64_t cpu_wait = (opt->cpu_ms - cpu_ms) / (uint64_t)ncpu + 1;
    if (cpu_wait < wait) wait = cpu_wait;
    if (facts->exec_at_ms && !look && BOX_SCHED_FROM_MS - lived < wait) wait = BOX_SCHED_FROM_MS - lived;
    if (wait > 100) wait = 100;
    struct pollfd p[2] = {{.fd = pidfd, .events = POLLIN}, {.fd = msg_fd, .events = POLLIN}};
    /* The zygote (or init) ending means the box is gone: one more look at the messages, then stop. */
    if (poll(p, 2, (int)wait) > 0 && (p[0].revents & POLLIN)) box_died = true;
  }
  facts->wall_ms = now_ms() - started;
  close(pidfd);
}

/* A run is over only when every process of its box is gone, so this comes before the answer:
 * kill everything in the cgroup (the zygote and init too: init's death makes the kernel kill the
 * rest of its PID namespace and refuse new forks there) until it is empty, then reap our
 * children: the zygote, and init, which comes to us (a child subreaper) if the zygote died
 * first. Nothing of the box is left, not even a zombie. False if the cgroup would not empty. */
static bool end_box(const struct cgroup *cg) {
  bool empty = cgroup_kill_all(cg) == 0;
  while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {
  }
  return empty;
}

static const char *decide(const struct options *opt, const struct run_facts *f, char *message, size_t size) {
  message[0] = 0;
  if (f->stopped == STOP_INTERRUPTED) {
    snprintf(message, size, "sandbox interrupted by signal %d", (int)interrupted);
    return "sandbox-error";
  }
  if (f->survivors) {
    snprintf(message, size, "processes of the box were still alive 10 s after being killed");
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
  /* memory.oom.group: an OOM kill takes the whole box down, init too, before it can report the
   * program's status (a fork bomb's kernel memory fills the limit this way). Still a memory verdict. */
  if (!f->have_status && f->stopped == STOP_NONE && f->stats.oom_kills > 0) return "memory-limit";
  if (!f->have_status && f->stopped == STOP_NONE) {
    snprintf(message, size, "the box ended without reporting the program's status");
    return "sandbox-error";
  }
  bool signaled = f->have_status && WIFSIGNALED(f->status);
  int sig = signaled ? WTERMSIG(f->status) : 0;
  uint64_t cpu_ms = f->stats.cpu_ns / 1000000u;
  /* A full /box first: runtimes that ignore ENOSPC go on until some other limit stops them. */
  if (f->disk_full) {
    snprintf(message, size, "the box's disk is full: at most %llu bytes in %llu files may be written",
             (unsigned long long)opt->disk_bytes, (unsigned long long)opt->disk_files);
    return "output-limit";
  }
  if (f->stopped == STOP_CPU || cpu_ms > opt->cpu_ms || sig == SIGXCPU) return "cpu-limit";
  /* An OOM kill anywhere in the tree is a memory verdict. Merely reaching the limit is not: page
   * cache (a JVM reading its modules file) fills the cgroup up to the limit and is reclaimed. */
  if (f->stats.oom_kills > 0) return "memory-limit";
  if (f->stopped == STOP_WALL) return "wall-limit";
  if (sig == SIGXFSZ || f->output_full) return "output-limit";
  if (signaled) return "signaled";
  return "exited";
}

static void print_result(const char *outcome, bool is_error, const struct run_facts *f, const char *message, int slot,
                         uint64_t limit_kib) {
  char escaped[1100], exit_code[16] = "null", signal_no[16] = "null";
  if (f->have_status && !is_error) {
    if (WIFEXITED(f->status)) snprintf(exit_code, sizeof exit_code, "%d", WEXITSTATUS(f->status));
    if (WIFSIGNALED(f->status)) snprintf(signal_no, sizeof signal_no, "%d", WTERMSIG(f->status));
  }
  json_string(escaped, sizeof escaped, message);
  /* Memory as users compare it (getrusage, isolate, Codeforces): the program's peak resident set,
   * or the cgroup's peak when that is larger (page cache, tmpfs pages, many processes). The
   * memory limit itself is the cgroup's; both figures are reported too. */
  uint64_t cgroup_kib = f->stats.peak_bytes / 1024u;
  uint64_t memory_kib = f->max_rss_kib > cgroup_kib ? f->max_rss_kib : cgroup_kib;
  /* The resident set also counts shared file pages the cgroup may not be charged for (a library
   * first read by another box): never report more than the limit the run was held to. */
  if (memory_kib > limit_kib && cgroup_kib <= limit_kib) memory_kib = limit_kib;
  printf("{\"outcome\":\"%s\",\"exitCode\":%s,\"signal\":%s,\"timeMs\":%llu,\"wallMs\":%llu,\"memoryKiB\":%llu,"
         "\"cgroupPeakKiB\":%llu,\"maxRssKiB\":%llu,\"writtenBytes\":%llu,"
         "\"message\":%s,\"oomKills\":%llu,\"diskFull\":%s,\"slot\":%d,\"endedAtUs\":%llu}\n",
         outcome, exit_code, signal_no, (unsigned long long)((f->stats.cpu_ns + 500000u) / 1000000u),
         (unsigned long long)f->wall_ms, (unsigned long long)memory_kib, (unsigned long long)cgroup_kib,
         (unsigned long long)f->max_rss_kib, (unsigned long long)f->written_bytes, escaped,
         (unsigned long long)f->stats.oom_kills, f->disk_full && !is_error ? "true" : "false", slot,
         (unsigned long long)f->ended_at_us);
  fflush(stdout);
}

/* Did the program fill an output file? (It may ignore SIGXFSZ and go on with EFBIG.) The files
 * were opened by the box's init; we look at them by path, as the caller will, without following
 * a symlink the program may have put in their place. */
static bool output_full(const struct options *opt) {
  const char *files[] = {opt->stdout_file, opt->stderr_file};
  for (int i = 0; i < 2; i++) {
    struct stat st;
    if (files[i] && lstat(files[i], &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size >= opt->fsize_bytes)
      return true;
  }
  return false;
}

void answer_run(const struct options *opt, struct run_facts *facts, int slot) {
  facts->output_full = output_full(opt);
  facts->disk_full = disk_full();
  facts->written_bytes = disk_written();
  char message[400];
  message[0] = 0;
  bool truncated = false;
  /* A judge's test run keeps nothing the program wrote: no copy back, no host files to remove. */
  if (!opt->discard_writes && disk_copy_back(opt, &truncated, message, sizeof message) < 0) {
    print_result("sandbox-error", true, facts, message, slot, opt->memory_kib);
  } else {
    facts->disk_full |= truncated;
    const char *outcome = decide(opt, facts, message, sizeof message);
    print_result(outcome, strcmp(outcome, "sandbox-error") == 0, facts, message, slot, opt->memory_kib);
  }
  trace("reported");
}

/* What fail() must undo while the helper sets up: the zygote and the slot's cgroups. */
static struct cgroup *cleanup_cg;
static pid_t cleanup_zygote;
static void undo_setup(void) {
  if (cleanup_zygote > 0) {
    kill(cleanup_zygote, SIGKILL);
    waitpid(cleanup_zygote, NULL, 0);
  }
  if (cleanup_cg) {
    cgroup_kill_all(cleanup_cg);
    cgroup_remove(cleanup_cg);
  }
}

static char *block_from_argv(int argc, char **argv, size_t *len) {
  size_t total = 0;
  for (int i = 0; i < argc; i++) total += strlen(argv[i]) + 1;
  char *block = malloc(total ? total : 1);
  if (!block) fail("out of memory");
  size_t used = 0;
  for (int i = 0; i < argc; i++) {
    size_t n = strlen(argv[i]) + 1;
    memcpy(block + used, argv[i], n);
    used += n;
  }
  *len = used;
  return block;
}

static char *block_from_stdin(size_t *len) {
  size_t cap = 8192, used = 0;
  char *block = malloc(cap);
  for (;;) {
    if (!block) fail("out of memory");
    if (used == cap) block = realloc(block, cap *= 2);
    if (!block) fail("out of memory");
    ssize_t n = read(0, block + used, cap - used);
    if (n < 0 && errno == EINTR) {
      if (interrupted) break;
      continue;
    }
    if (n <= 0) break;
    used += (size_t)n;
  }
  *len = used;
  return block;
}

void write_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, data, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    len -= (size_t)n;
  }
}

int take_slot(int *slot_fd) {
  if (geteuid() != 0) fail("the sandbox helper must run as root");
  /* The box's init is a grandchild: if the zygote dies first, init is reparented to us and we
   * reap it, rather than leaving a zombie to whoever is PID 1 (which may never reap it). */
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  int slot = acquire_slot(slot_fd);
  if (slot < 0) fail("no free sandbox slot: %s", strerror(errno));
  if (mkdir_p(ROOT_MOUNTPOINT, 0755) < 0) fail("cannot create %s: %s", ROOT_MOUNTPOINT, strerror(errno));
  if (disk_namespace() < 0) fail("cannot prepare the box's disk at %s: %s", DISK_MOUNTPOINT, strerror(errno));
  return slot;
}

/* `run ARGS`: the spec is in our arguments. `run --spec-on-stdin`: we are started ahead of time
 * (a warm helper): set everything up, then wait for the spec (NUL-separated arguments) on stdin;
 * EOF without a spec means "not needed after all": clean up and exit quietly. */
static int cmd_run(int argc, char **argv) {
  trace("start");
  bool warm = argc == 1 && strcmp(argv[0], "--spec-on-stdin") == 0;
  int slot_fd;
  int slot = take_slot(&slot_fd);
  uid_t uid = SANDBOX_ID_BASE + (uid_t)slot;
  if (disk_mount(uid) < 0) fail("cannot mount the box's disk at %s: %s", DISK_MOUNTPOINT, strerror(errno));

  char err[512];
  static struct cgroup cg;
  if (cgroup_create(&cg, slot, err, sizeof err) < 0) fail("%s", err);
  cleanup_cg = &cg;
  set_fail_hook(undo_setup);

  int msg_pipe[2], joined_pipe[2], spec_pipe[2];
  if (pipe2(msg_pipe, O_CLOEXEC | O_NONBLOCK) < 0 || pipe2(joined_pipe, O_CLOEXEC) < 0 || pipe2(spec_pipe, O_CLOEXEC) < 0)
    fail("pipe: %s", strerror(errno));
  pid_t helper = getpid();
  pid_t zygote = fork();
  if (zygote < 0) fail("fork: %s", strerror(errno));
  if (zygote == 0) {
    close(msg_pipe[0]);
    close(joined_pipe[0]);
    close(spec_pipe[1]);
    set_fail_hook(NULL);
    struct zygote_args z = {.cg = &cg, .uid = uid, .helper = helper, .joined_fd = joined_pipe[1],
                            .spec_fd = spec_pipe[0], .msg_fd = msg_pipe[1]};
    zygote_main(&z);
  }
  cleanup_zygote = zygote;
  close(msg_pipe[1]);
  close(joined_pipe[1]);
  close(spec_pipe[0]);
  for (int i = 0; i < cg.nprocs_fds; i++) close(cg.procs_fds[i]);
  cg.nprocs_fds = 0;

  size_t len;
  char *block = warm ? block_from_stdin(&len) : block_from_argv(argc, argv, &len);
  if (interrupted || (warm && len == 0)) {
    undo_setup();
    return 0;
  }
  char *copy = malloc(len);
  if (!copy) fail("out of memory");
  memcpy(copy, block, len);
  char **spec_argv;
  int spec_argc = split_block(copy, len, &spec_argv);
  struct options opt;
  parse_options(spec_argc, spec_argv, &opt);
  trace("spec parsed");
  char err2[512];
  if (disk_start(&opt, err2, sizeof err2) < 0) fail("%s", err2);

  struct run_facts facts;
  memset(&facts, 0, sizeof facts);
  char joined;
  if (read(joined_pipe[0], &joined, 1) != 1) {
    read_messages(msg_pipe[0], &cg, &facts);
    if (facts.failure.kind) fail("box setup failed at %s: %s", facts.failure.text, strerror(facts.failure.value));
    fail("the box died while being prepared");
  }
  trace("zygote ready");
  if (cgroup_start(&cg, &opt, err, sizeof err) < 0) fail("%s", err);
  set_fail_hook(NULL);

  uint64_t started = now_ms();
  write_all(spec_pipe[1], block, len);
  close(spec_pipe[1]);
  struct box_pids pids = {.zygote = zygote, .watch = zygote, .init_only = false};
  supervise(&pids, msg_pipe[0], &opt, &cg, started, &facts);
  trace("program done");
  /* After a normal end the counters are final now (init killed and reaped the tree before
   * reporting); read them before init's own exit adds to them. */
  if (facts.have_status) cgroup_stats(&cg, &facts.stats);
  facts.survivors = !end_box(&cg);
  cleanup_zygote = 0;
  trace("box ended");
  if (!facts.have_status) {
    read_messages(msg_pipe[0], &cg, &facts); /* all of them: every writer is gone */
    cgroup_stats(&cg, &facts.stats);
  }
  answer_run(&opt, &facts, slot);
  disk_release();

  /* The box's processes are gone; removing its (empty) cgroups overlaps with the caller's next
   * run. We keep the slot locked until they are gone. */
  if (cgroup_remove(&cg) < 0) fprintf(stderr, "oj-sandbox: cgroup of slot %d not removed: %s\n", slot, strerror(errno));
  trace("cleaned");
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
  int removed = cgroup_sweep(-1);
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
  if (argc >= 2 && strcmp(argv[1], "serve") == 0) return cmd_serve();
  if (argc >= 2 && strcmp(argv[1], "check") == 0) return cmd_check();
  if (argc >= 2 && strcmp(argv[1], "sweep") == 0) {
    /* `sweep [SLOT]`: all stale cgroups, or only those of one slot (tests check their own runs). */
    int only = argc >= 3 ? atoi(argv[2]) : -1;
    printf("{\"sweptCgroups\":%d}\n", cgroup_sweep(only));
    return 0;
  }
  fprintf(stderr, "usage: oj-sandbox run|check|sweep ...\n");
  return 64;
}
