/* The zygote is forked by the helper before the run is known. It moves itself into the slot's
 * cgroups first: on cgroup v1 every migration waits for an RCU grace period (about 16 ms on this
 * kernel, HZ=250), so doing it ahead of time, while the helper still waits for its work, takes it
 * off the run's critical path. Every process of the box is then forked inside the cgroups and
 * none needs to migrate. It then clones the box's init into fresh namespaces right away (init
 * prepares the root and waits for the spec itself) and waits for it.
 *
 * A serving helper (`oj-sandbox serve`) keeps one zygote for many runs: it stays in the slot's
 * cgroups and clones a new init, in new namespaces, for each run, with the descriptors the helper
 * sends it over a socket, so that nothing of one run (pipes, namespaces, processes) reaches the
 * next. It says when each init started and when it was reaped. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
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

/* Moves the zygote into the slot's cgroups (every process of the box is forked inside them). */
static void join_cgroups(struct zygote_args *z) {
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
}

/* Clones the box's init into fresh namespaces; it prepares the root and waits for the spec.
 * `alive_read` is the read end of a pipe whose write end only the zygote holds; `close_in_init`
 * (or -1) is a descriptor of the zygote's that init must not keep. Returns init's pid, or -1. */
static pid_t clone_init(struct zygote_args *z, int alive_read, int alive_write, int close_in_init) {
  struct box_context ctx = {.uid = z->uid, .msg_fd = z->msg_fd, .alive_fd = alive_read, .spec_fd = z->spec_fd,
                            .ready_fd = z->joined_fd, .cg_version = z->cg->version, .cpu_fd = z->cpu_fd,
                            .mem_fd = z->mem_fd};
  trace("zygote cloning");
  pid_t init = (pid_t)syscall(SYS_clone, NAMESPACES | SIGCHLD, NULL, NULL, NULL, NULL);
  if (init == 0) {
    close(alive_write);
    if (close_in_init >= 0) close(close_in_init);
    box_init(&ctx);
  }
  if (init < 0) report(z->msg_fd, MSG_SETUP_FAILED, errno, "clone with new namespaces");
  return init;
}

static void open_counters(struct zygote_args *z) {
  if (cgroup_open_counters(z->cg, &z->cpu_fd, &z->mem_fd) < 0) {
    report(z->msg_fd, MSG_SETUP_FAILED, errno, "open cgroup counters");
    _exit(1);
  }
}

void zygote_main(struct zygote_args *z) {
  join_cgroups(z);
  int alive[2];
  if (pipe2(alive, O_CLOEXEC) < 0) {
    report(z->msg_fd, MSG_SETUP_FAILED, errno, "pipe");
    _exit(1);
  }
  open_counters(z);
  pid_t init = clone_init(z, alive[0], alive[1], -1);
  if (init < 0) _exit(1);
  close(alive[0]);
  close(z->joined_fd);
  close(z->spec_fd);
  close(z->msg_fd);
  int status;
  while (waitpid(init, &status, 0) < 0 && errno == EINTR) {
  }
  _exit(0);
}

/* Receives one request of the serving helper: a byte and the three descriptors of the next box
 * (message pipe, spec pipe, ready pipe). False at EOF: the helper is done. */
static bool receive_box_fds(int sock, int fds[3]) {
  char byte;
  struct iovec iov = {.iov_base = &byte, .iov_len = 1};
  union {
    char buf[CMSG_SPACE(3 * sizeof(int))];
    struct cmsghdr align;
  } control;
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.buf, .msg_controllen = sizeof control.buf};
  ssize_t n;
  do n = recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n <= 0) return false;
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  if (!c || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(3 * sizeof(int))) _exit(1);
  memcpy(fds, CMSG_DATA(c), 3 * sizeof(int));
  return true;
}

static void tell(int sock, int kind, int value) {
  int pair[2] = {kind, value};
  ssize_t n;
  do n = write(sock, pair, sizeof pair);
  while (n < 0 && errno == EINTR);
}

void zygote_serve(struct zygote_args *z, int sock) {
  join_cgroups(z);
  int alive[2];
  if (pipe2(alive, O_CLOEXEC) < 0) _exit(1);
  open_counters(z);
  int fds[3];
  while (receive_box_fds(sock, fds)) {
    z->msg_fd = fds[0];
    z->spec_fd = fds[1];
    z->joined_fd = fds[2];
    pid_t init = clone_init(z, alive[0], alive[1], sock);
    for (int i = 0; i < 3; i++) close(fds[i]);
    if (init < 0) _exit(1);
    tell(sock, ZYGOTE_STARTED, init);
    /* init's exit waits until every other process of its PID namespace is gone and reaped. */
    int status;
    while (waitpid(init, &status, 0) < 0 && errno == EINTR) {
    }
    tell(sock, ZYGOTE_REAPED, init);
  }
  _exit(0);
}
