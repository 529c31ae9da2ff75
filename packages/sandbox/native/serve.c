/* `oj-sandbox serve`: one helper, one slot, many runs, one after another.
 *
 * A `run` helper pays for a whole box per run: the process itself, the slot's cgroups created
 * and removed, and the zygote's move into them (on cgroup v1 each move waits for an RCU grace
 * period). A serving helper does that once. Its zygote stays in the slot's cgroups; for each run
 * it clones a new init in new namespaces (PID, mount, network, IPC, UTS, cgroup), with new
 * pipes, on a new empty /box disk, and that init builds a new root, so no process, file, pipe
 * or IPC object of one run reaches the next. Between runs the counters are reset (v1) or read
 * from a resettable memory.peak (v2). A run is over when init has been reaped: a PID namespace's
 * init is reaped only after every other process of the namespace.
 *
 * Protocol on stdin: frames of a 4-byte little-endian length and that many bytes of the `run`
 * arguments, NUL-separated. A frame of length 0, or EOF, ends the helper. Each run answers one
 * JSON line on stdout, as `run` does. The next box is prepared (warm) while waiting for a frame.
 * The first line says `{"ready":true,...}` once the first box is warm. On a host where the
 * counters cannot be reset, it says `{"outcome":"unsupported",...}` instead and the helper exits:
 * the caller then uses one `run` helper per run. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

struct server {
  int slot;
  uid_t uid;
  struct cgroup cg;
  pid_t zygote; /* 0 when there is none (not started yet, or killed with a box) */
  int sock;     /* our end of the socket to the zygote */
  /* The box prepared for the next run. */
  pid_t init;
  int msg_fd;  /* read end */
  int spec_fd; /* write end */
};

static struct server *cleanup_server;

static void kill_zygote(struct server *s) {
  if (s->zygote > 0) {
    kill(s->zygote, SIGKILL);
    waitpid(s->zygote, NULL, 0);
  }
  if (s->sock >= 0) close(s->sock);
  s->zygote = 0;
  s->sock = -1;
}

/* Reaps every child left (a killed zygote, an init that came to us as a subreaper) until none is. */
static void reap_all(void) {
  while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {
  }
}

static void undo(void) {
  struct server *s = cleanup_server;
  if (!s) return;
  kill_zygote(s);
  cgroup_kill_all(&s->cg);
  reap_all();
  cgroup_remove(&s->cg);
  disk_release();
}

/* Forks a zygote that joins the slot's cgroups and then clones one init per request. */
static void start_zygote(struct server *s) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0) fail("socketpair: %s", strerror(errno));
  pid_t helper = getpid();
  pid_t pid = fork();
  if (pid < 0) fail("fork: %s", strerror(errno));
  if (pid == 0) {
    close(pair[0]);
    set_fail_hook(NULL);
    struct zygote_args z = {.cg = &s->cg, .uid = s->uid, .helper = helper, .joined_fd = -1, .spec_fd = -1, .msg_fd = -1};
    zygote_serve(&z, pair[1]);
  }
  close(pair[1]);
  s->zygote = pid;
  s->sock = pair[0];
}

/* Reads one report of the zygote; false if it is gone, or says nothing until `deadline` (now_ms()
 * clock; 0 = no deadline). */
static bool hear(struct server *s, int *kind, int *pid, uint64_t deadline) {
  int pair[2];
  size_t got = 0;
  while (got < sizeof pair) {
    if (deadline) {
      uint64_t now = now_ms();
      struct pollfd p = {.fd = s->sock, .events = POLLIN};
      int ready = now < deadline ? poll(&p, 1, (int)(deadline - now)) : 0;
      if (ready < 0 && errno == EINTR && !interrupted) continue;
      if (ready <= 0) return false;
    }
    ssize_t n = read(s->sock, (char *)pair + got, sizeof pair - got);
    if (n < 0 && errno == EINTR) {
      if (interrupted) return false;
      continue;
    }
    if (n <= 0) return false;
    got += (size_t)n;
  }
  *kind = pair[0];
  *pid = pair[1];
  return true;
}

static bool send_fds(int sock, const int fds[3]) {
  char byte = 'b';
  struct iovec iov = {.iov_base = &byte, .iov_len = 1};
  union {
    char buf[CMSG_SPACE(3 * sizeof(int))];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.buf, .msg_controllen = sizeof control.buf};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(3 * sizeof(int));
  memcpy(CMSG_DATA(c), fds, 3 * sizeof(int));
  ssize_t n;
  do n = sendmsg(sock, &m, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == 1;
}

/* Prepares the next box: a new disk, and a new init, warm (root built), waiting for its spec. */
static void prepare_box(struct server *s) {
  if (disk_mount(s->uid) < 0) fail("cannot mount the box's disk at %s: %s", DISK_MOUNTPOINT, strerror(errno));
  for (int attempt = 0;; attempt++) {
    if (s->zygote == 0) start_zygote(s);
    int msg_pipe[2], spec_pipe[2], ready_pipe[2];
    if (pipe2(msg_pipe, O_CLOEXEC | O_NONBLOCK) < 0 || pipe2(spec_pipe, O_CLOEXEC) < 0 || pipe2(ready_pipe, O_CLOEXEC) < 0)
      fail("pipe: %s", strerror(errno));
    int theirs[3] = {msg_pipe[1], spec_pipe[0], ready_pipe[1]};
    bool sent = send_fds(s->sock, theirs);
    for (int i = 0; i < 3; i++) close(theirs[i]);
    int kind = 0, pid = 0;
    char ready;
    bool started = sent && hear(s, &kind, &pid, 0) && kind == ZYGOTE_STARTED;
    bool warm = started && read(ready_pipe[0], &ready, 1) == 1;
    close(ready_pipe[0]);
    if (warm) {
      trace("box warm");
      uint64_t held = cgroup_held_bytes(&s->cg);
      if (held < s->cg.idle_held_bytes) s->cg.idle_held_bytes = held;
      s->init = pid;
      s->msg_fd = msg_pipe[0];
      s->spec_fd = spec_pipe[1];
      return;
    }
    /* The box could not be prepared: say why if it said, else start over once with a new zygote. */
    struct run_facts facts;
    memset(&facts, 0, sizeof facts);
    read_messages(msg_pipe[0], &s->cg, &facts);
    close(msg_pipe[0]);
    close(spec_pipe[1]);
    kill_zygote(s);
    cgroup_kill_all(&s->cg);
    reap_all();
    if (facts.failure.kind) fail("box setup failed at %s: %s", facts.failure.text, strerror(facts.failure.value));
    if (interrupted || attempt > 0) fail("the box died while being prepared");
  }
}

/* Reads one frame from stdin; NULL at EOF, at a frame of length 0, or when asked to stop. */
static char *read_frame(size_t *len) {
  unsigned char head[4];
  size_t got = 0;
  while (got < 4) {
    ssize_t n = read(0, head + got, 4 - got);
    if (n < 0 && errno == EINTR && !interrupted) continue;
    if (n <= 0) return NULL;
    got += (size_t)n;
  }
  size_t size = (size_t)head[0] | (size_t)head[1] << 8 | (size_t)head[2] << 16 | (size_t)head[3] << 24;
  if (size == 0 || size > (64u << 20)) return NULL;
  char *block = malloc(size);
  if (!block) fail("out of memory");
  for (got = 0; got < size;) {
    ssize_t n = read(0, block + got, size - got);
    if (n < 0 && errno == EINTR && !interrupted) continue;
    if (n <= 0) {
      free(block);
      return NULL;
    }
    got += (size_t)n;
  }
  *len = size;
  return block;
}

/* Ends the box of a run: init killed (its PID namespace goes with it) and reaped by the zygote.
 * Anything else left in the slot's cgroups (nothing should be) is killed with the zygote, which
 * the next run replaces. False if the cgroups would not empty. */
static bool end_served_box(struct server *s) {
  kill(s->init, SIGKILL);
  int kind = 0, pid = 0;
  bool reaped = false;
  /* As long as end_box waits for a cgroup to empty: then whatever is left is killed with the zygote. */
  uint64_t deadline = now_ms() + 10000;
  while (!reaped && hear(s, &kind, &pid, deadline)) reaped = kind == ZYGOTE_REAPED && pid == s->init;
  bool only_zygote = false;
  if (reaped) {
    char path[PATH_MAX], buf[256];
    snprintf(path, sizeof path, "%s/cgroup.procs", s->cg.pids);
    int n = read_text(path, buf, sizeof buf);
    char expected[32];
    snprintf(expected, sizeof expected, "%d\n", (int)s->zygote);
    only_zygote = n > 0 && strcmp(buf, expected) == 0;
  }
  bool empty = true;
  if (!only_zygote) {
    kill_zygote(s);
    empty = cgroup_kill_all(&s->cg) == 0;
    reap_all(); /* the zygote, and an init that outlived it (it came to us as a subreaper) */
  }
  s->init = 0;
  return empty;
}

static void serve_one(struct server *s, char *block, size_t len) {
  char **spec_argv;
  int spec_argc = split_block(block, len, &spec_argv);
  if (spec_argc < 0) fail("out of memory");
  static struct options opt;
  memset(&opt, 0, sizeof opt);
  parse_options(spec_argc, spec_argv, &opt);
  char err[512];
  if (disk_start(&opt, err, sizeof err) < 0) fail("%s", err);
  if (cgroup_start(&s->cg, &opt, err, sizeof err) < 0) fail("%s", err);

  struct run_facts facts;
  memset(&facts, 0, sizeof facts);
  uint64_t started = now_ms();
  trace("spec to init");
  write_all(s->spec_fd, block, len);
  close(s->spec_fd);
  s->spec_fd = -1;
  struct box_pids pids = {.zygote = s->zygote, .watch = s->init, .init_only = true};
  supervise(&pids, s->msg_fd, &opt, &s->cg, started, &facts);
  trace("program done");
  if (facts.have_status) cgroup_stats(&s->cg, &facts.stats);
  facts.survivors = !end_served_box(s);
  trace("box ended");
  if (!facts.have_status) {
    read_messages(s->msg_fd, &s->cg, &facts);
    cgroup_stats(&s->cg, &facts.stats);
  }
  close(s->msg_fd);
  s->msg_fd = -1;
  answer_run(&opt, &facts, s->slot);
  disk_release();
  free(spec_argv);
}

int cmd_serve(void) {
  static struct server s = {.sock = -1, .msg_fd = -1, .spec_fd = -1};
  int slot_fd;
  s.slot = take_slot(&slot_fd); /* the disk itself is mounted per run, by prepare_box */
  s.uid = SANDBOX_ID_BASE + (uid_t)s.slot;
  char err[512];
  if (cgroup_create(&s.cg, s.slot, err, sizeof err) < 0) fail("%s", err);
  cleanup_server = &s;
  set_fail_hook(undo);
  if (cgroup_enable_reuse(&s.cg, err, sizeof err) < 0) {
    undo();
    char escaped[1100];
    json_string(escaped, sizeof escaped, err);
    printf("{\"outcome\":\"unsupported\",\"message\":%s}\n", escaped);
    fflush(stdout);
    return 0;
  }
  for (bool first = true;; first = false) {
    prepare_box(&s);
    if (first) {
      printf("{\"ready\":true,\"slot\":%d}\n", s.slot);
      fflush(stdout);
    }
    size_t len = 0;
    char *block = read_frame(&len);
    if (!block) break;
    trace("frame read");
    serve_one(&s, block, len);
    free(block);
    if (interrupted) break;
  }
  undo();
  close(slot_fd);
  return 0;
}
