/* The zygote is forked by the helper before the run is known. It moves itself into the slot's
 * cgroups first: on cgroup v1 every migration waits for an RCU grace period (about 16 ms on this
 * kernel, HZ=250), so doing it ahead of time, while the helper still waits for its work, takes it
 * off the run's critical path. Every process of the box is then forked inside the cgroups and
 * none needs to migrate. It then clones the box's init into fresh namespaces right away (init
 * prepares the root and waits for the spec itself) and waits for it. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NAMESPACES (CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP)

int split_block(char *block, size_t len, char ***argv_out) {
  int argc = 0;
  for (size_t i = 0; i < len; i++)
    if (block[i] == 0) argc++;
  char **argv = calloc((size_t)argc + 1, sizeof *argv);
  if (!argv) return -1;
  int k = 0;
  for (size_t i = 0, start = 0; i < len; i++) {
    if (block[i] != 0) continue;
    argv[k++] = block + start;
    start = i + 1;
  }
  *argv_out = argv;
  return argc;
}

static void report(int fd, int kind, int value, const char *text) {
  struct msg m = {.kind = kind, .value = value};
  snprintf(m.text, sizeof m.text, "%s", text);
  ssize_t n;
  do n = write(fd, &m, sizeof m);
  while (n < 0 && errno == EINTR);
}

void zygote_main(struct zygote_args *z) {
  prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid() != z->helper) _exit(1);
  for (int i = 0; i < z->cg->nprocs_fds; i++) {
    if (write(z->cg->procs_fds[i], "0", 1) != 1) {
      report(z->msg_fd, MSG_SETUP_FAILED, errno, "join cgroups");
      _exit(1);
    }
    close(z->cg->procs_fds[i]);
  }
  trace("zygote in cgroups");

  int alive[2];
  if (pipe2(alive, O_CLOEXEC) < 0) {
    report(z->msg_fd, MSG_SETUP_FAILED, errno, "pipe");
    _exit(1);
  }
  struct box_context ctx = {.uid = z->uid, .msg_fd = z->msg_fd, .alive_fd = alive[0], .spec_fd = z->spec_fd,
                            .ready_fd = z->joined_fd, .cg_version = z->cg->version};
  if (cgroup_open_counters(z->cg, &ctx.cpu_fd, &ctx.mem_fd) < 0) {
    report(z->msg_fd, MSG_SETUP_FAILED, errno, "open cgroup counters");
    _exit(1);
  }
  trace("zygote cloning");
  pid_t init = (pid_t)syscall(SYS_clone, NAMESPACES | SIGCHLD, NULL, NULL, NULL, NULL);
  if (init == 0) {
    close(alive[1]);
    box_init(&ctx);
  }
  if (init < 0) {
    report(z->msg_fd, MSG_SETUP_FAILED, errno, "clone with new namespaces");
    _exit(1);
  }
  close(alive[0]);
  close(z->joined_fd);
  close(z->spec_fd);
  close(z->msg_fd);
  int status;
  while (waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  _exit(0);
}
