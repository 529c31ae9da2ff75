/* Inside the new namespaces. box_init is PID 1 of the box: it stays root (of the host's user
 * namespace, so the program, running under another uid, can neither signal nor trace it), builds
 * the root, starts the program as PID 2 and reaps every orphan. When the program's first process
 * ends, init reports its wait status and exits; the kernel then kills whatever the program left
 * behind, because a PID namespace does not outlive its init. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void send_msg(int fd, int kind, int value, const char *text) {
  struct msg m = {.kind = kind, .value = value};
  snprintf(m.text, sizeof m.text, "%s", text ? text : "");
  ssize_t n;
  do n = write(fd, &m, sizeof m);
  while (n < 0 && errno == EINTR);
}

static int set_limit(int resource, uint64_t soft, uint64_t hard) {
  struct rlimit rl = {.rlim_cur = soft, .rlim_max = hard};
  return setrlimit(resource, &rl);
}

/* Finds argv[0] like execvp, but in the PATH given to the program, not in ours. */
static void exec_program(const struct options *opt) {
  const char *file = opt->argv[0];
  if (strchr(file, '/')) {
    execve(file, opt->argv, opt->env);
    return;
  }
  const char *path = "/usr/local/bin:/usr/bin:/bin";
  for (int i = 0; i < opt->nenv; i++)
    if (strncmp(opt->env[i], "PATH=", 5) == 0) path = opt->env[i] + 5;
  int last_errno = ENOENT;
  char candidate[PATH_MAX];
  for (const char *p = path; *p;) {
    const char *end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len > 0 && snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, p, file) < (int)sizeof candidate) {
      execve(candidate, opt->argv, opt->env);
      if (errno != ENOENT) last_errno = errno;
    }
    p += len;
    if (*p == ':') p++;
  }
  errno = last_errno;
}

/* The program's first process (already in the cgroups, like its parents): takes its limits and an unprivileged identity,
 * closes everything it must not inherit, installs the seccomp filter and becomes the program. */
static void start_program(struct box_context *ctx) __attribute__((noreturn));
static void start_program(struct box_context *ctx) {
  const struct options *opt = ctx->opt;
  trace("program forked");
  const char *stage;
  stage = "stdio";
  for (int i = 0; i < 3; i++)
    if (dup2(ctx->stdio[i], i) < 0) goto fail;

  /* From here on the CPU time and memory are the program's: tell the helper where they stand. */
  stage = "baseline";
  uint64_t cpu = 0, bytes = 0;
  int rc = ctx->cg_version == CG_V2 ? pread_keyed_u64(ctx->cpu_fd, "usage_usec", &cpu) : pread_u64(ctx->cpu_fd, &cpu);
  if (rc < 0 || pread_u64(ctx->mem_fd, &bytes) < 0) goto fail;
  if (ctx->cg_version == CG_V2) cpu *= 1000u;
  char baseline[64];
  snprintf(baseline, sizeof baseline, "%llu %llu", (unsigned long long)cpu, (unsigned long long)bytes);
  send_msg(ctx->msg_fd, MSG_BASELINE, 0, baseline);

  /* Keep only stdio and the CLOEXEC message pipe (so that an exec failure can be reported). */
  stage = "close fds";
  int msg_fd = fcntl(ctx->msg_fd, F_DUPFD_CLOEXEC, 3);
  if (msg_fd < 0) goto fail;
  if (msg_fd > 3 && close_range(3, (unsigned)msg_fd - 1, 0) < 0) goto fail;
  if (close_range((unsigned)msg_fd + 1, ~0u, 0) < 0) goto fail;
  ctx->msg_fd = msg_fd;

  stage = "rlimits";
  uint64_t mem = opt->memory_kib * 1024u;
  /* Per-process CPU limit: a backstop only; the supervisor enforces the limit on the whole tree. */
  uint64_t cpu_s = (opt->cpu_ms + 999) / 1000 + 1;
  if (set_limit(RLIMIT_CPU, cpu_s, cpu_s + 1) < 0) goto fail;
  if (set_limit(RLIMIT_FSIZE, opt->fsize_bytes, opt->fsize_bytes) < 0) goto fail;
  if (set_limit(RLIMIT_NOFILE, opt->open_files, opt->open_files) < 0) goto fail;
  if (set_limit(RLIMIT_STACK, mem, mem) < 0) goto fail;
  if (set_limit(RLIMIT_CORE, 0, 0) < 0) goto fail;
  if (set_limit(RLIMIT_NPROC, opt->processes, opt->processes) < 0) goto fail;
  if (set_limit(RLIMIT_MEMLOCK, 0, 0) < 0) goto fail;
  if (set_limit(RLIMIT_MSGQUEUE, 0, 0) < 0) goto fail;
  /* A lower CPU priority for the whole tree (children inherit it); RLIMIT_NICE 0 and the lost
   * capabilities keep the program from raising it again. */
  if (set_limit(RLIMIT_NICE, 0, 0) < 0) goto fail;
  stage = "priority";
  if (setpriority(PRIO_PROCESS, 0, opt->nice) < 0) goto fail;

  stage = "drop capabilities";
  for (int cap = 0; cap < 64; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL) goto fail;
  stage = "setgroups";
  if (setgroups(0, NULL) < 0) goto fail;
  stage = "setgid";
  if (setresgid(ctx->uid, ctx->uid, ctx->uid) < 0) goto fail;
  stage = "setuid";
  /* From uid 0 to another uid without SECBIT_KEEP_CAPS: the kernel clears every capability. */
  if (setresuid(ctx->uid, ctx->uid, ctx->uid) < 0) goto fail;
  stage = "no_new_privs";
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) goto fail;
  stage = "working directory";
  if (chdir(opt->cwd) < 0) goto fail;

  stage = "seccomp";
  trace("before seccomp");
  if (load_seccomp() < 0) goto fail;
  trace("exec");
  exec_program(opt);
  send_msg(ctx->msg_fd, MSG_EXEC_FAILED, errno, opt->argv[0]);
  _exit(127);
fail:
  send_msg(ctx->msg_fd, MSG_SETUP_FAILED, errno, stage);
  _exit(127);
}

int box_init(struct box_context *ctx) {
  const char *stage = "parent death signal";
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0) goto fail;
  /* The zygote may have died before the line above; its end of this pipe is then closed. */
  struct pollfd pfd = {.fd = ctx->alive_fd, .events = POLLIN};
  if (poll(&pfd, 1, 0) != 0) _exit(1);

  /* Warm phase: everything that does not depend on the run is ready before the spec comes. */
  trace("init started");
  if (build_static_root(ctx->uid, &stage) < 0) goto fail;
  stage = "hostname";
  if (sethostname("box", 3) < 0 || setdomainname("box", 3) < 0) goto fail;
  stage = "seccomp filter";
  if (prepare_seccomp() < 0) goto fail;
  trace("box warm");
  if (write(ctx->ready_fd, "1", 1) != 1) _exit(1);
  close(ctx->ready_fd);

  size_t len = 0;
  char *block = read_all_fd(ctx->spec_fd, &len);
  close(ctx->spec_fd);
  if (!block || len == 0) _exit(1); /* not needed after all: the helper cleans up */
  char **argv;
  int argc = split_block(block, len, &argv);
  static struct options opt;
  parse_options(argc, argv, &opt); /* the helper parsed the same bytes already */
  ctx->opt = &opt;

  /* The mount namespace is still a copy of the host's: the caller's paths resolve as they do
   * for the caller. */
  static char err[sizeof ((struct msg *)0)->text];
  if (open_stdio(&opt, ctx->stdio, err, sizeof err) < 0) {
    stage = err;
    goto fail;
  }
  if (finish_root(&opt, &stage) < 0) goto fail;
  trace("root finished");

  stage = "fork";
  pid_t program = fork();
  if (program < 0) goto fail;
  if (program == 0) start_program(ctx);

  /* init keeps none of the program's files open: once the program is gone, nothing else is. */
  for (int i = 0; i < 3; i++) close(ctx->stdio[i]);
  /* The largest resident set of any process of the tree (ru_maxrss, KiB): wait4 reports a
   * process's own peak and that of the descendants it reaped; init reaps the orphans itself. */
  long max_rss = 0;
  for (;;) {
    int status;
    struct rusage ru;
    pid_t pid = wait4(-1, &status, 0, &ru);
    if (pid > 0 && ru.ru_maxrss > max_rss) max_rss = ru.ru_maxrss;
    if (pid == program) {
      /* When it ended, on the clock every box shares: orders two boxes that talked to each other. */
      struct timespec ended;
      clock_gettime(CLOCK_MONOTONIC, &ended);
      trace("program reaped");
      /* Kill and reap the rest of the tree before reporting, so that the helper may read the
       * cgroup's counters as final the moment it hears from us. */
      kill(-1, SIGKILL);
      for (;;) {
        pid_t other = wait4(-1, NULL, 0, &ru);
        if (other > 0 && ru.ru_maxrss > max_rss) max_rss = ru.ru_maxrss;
        if (other < 0 && errno != EINTR) break;
      }
      char text[64];
      snprintf(text, sizeof text, "%ld %llu", max_rss,
               (unsigned long long)ended.tv_sec * 1000000ull + (unsigned long long)ended.tv_nsec / 1000u);
      send_msg(ctx->msg_fd, MSG_EXIT, status, text);
      _exit(0);
    }
    if (pid < 0 && errno == ECHILD) _exit(1);
  }
fail:
  send_msg(ctx->msg_fd, MSG_SETUP_FAILED, errno, stage);
  _exit(1);
}
