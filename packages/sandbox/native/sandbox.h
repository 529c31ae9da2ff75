/*
 * oj-sandbox: runs one untrusted command in fresh namespaces, under cgroup limits, as an
 * unprivileged uid, with a seccomp filter; prints one JSON line describing what happened.
 * See docs/sandbox.md for the threat model. Every file of the helper includes this header.
 */
#ifndef OJ_SANDBOX_H
#define OJ_SANDBOX_H

#define _GNU_SOURCE
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define MAX_BINDS 64
#define MAX_ENV 256

/* State shared between concurrent helpers lives here: slot locks and the mount point of the
 * per-run root. /run is a tmpfs, so a reboot clears it. */
#define STATE_DIR "/run/oj-sandbox"
#define SLOT_DIR STATE_DIR "/slots"
#define ROOT_MOUNTPOINT STATE_DIR "/root"
/* Where each helper mounts its box's /box, in a mount namespace of its own (see box_disk.c). */
#define DISK_MOUNTPOINT STATE_DIR "/disk"
#define MAX_SLOTS 4096

/* Each slot runs under its own uid/gid, so that concurrent runs never share a uid (RLIMIT_NPROC,
 * inotify and signal permissions are per uid). Far above any uid a distribution hands out. */
#define SANDBOX_ID_BASE 1900000000u

#define CGROUP_PARENT "oj-sandbox"

struct bind {
  const char *host;
  const char *box;
};

struct options {
  char **argv;
  const char *work_dir;
  const char *cwd;
  const char *stdin_file;
  const char *stdout_file;
  const char *stderr_file;
  struct bind binds[MAX_BINDS];
  int nbinds;
  char *env[MAX_ENV + 1];
  int nenv;
  uint64_t cpu_ms;
  uint64_t wall_ms;
  uint64_t memory_kib;
  uint64_t processes;
  uint64_t fsize_bytes;
  uint64_t open_files;
  uint64_t disk_bytes; /* what the program may add to /box in all, bytes and files */
  uint64_t disk_files;
  int nice; /* scheduling niceness of the program's tree, 0 (default) to 19 */
  bool discard_writes; /* do not copy what the program wrote back to the work dir (a judge's test run) */
};

/* ---- util.c ---- */
void fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Called by fail() before it exits: undoes what the helper set up so far. */
void set_fail_hook(void (*hook)(void));
int write_text(const char *path, const char *text);
int read_text(const char *path, char *buf, size_t size);
int read_u64(const char *path, uint64_t *value);
int read_keyed_u64(const char *path, const char *key, uint64_t *value);
/* The same from an open file, read from offset 0 (cgroup files can be re-read with pread). */
int pread_u64(int fd, uint64_t *value);
int pread_keyed_u64(int fd, const char *key, uint64_t *value);
int mkdir_p(const char *path, mode_t mode);
uint64_t now_ms(void);
/* CLOCK_MONOTONIC in microseconds (the same clock in every box: no time namespace). */
uint64_t now_us(void);
char *read_all_fd(int fd, size_t *len);
void json_string(char *out, size_t size, const char *text);
/* Timestamps on stderr when OJ_SANDBOX_TRACE is set (for measuring where a run's time goes). */
void trace(const char *what);

/* ---- options.c ---- */
void parse_options(int argc, char **argv, struct options *opt);

/* ---- slot.c ---- */
/* Returns the slot number and leaves *lock_fd holding an exclusive flock on it. */
int acquire_slot(int *lock_fd);
/* Tries to lock a given slot without waiting; returns the fd or -1 when it is busy. */
int try_lock_slot(int slot);

/* ---- cgroup.c ---- */
enum cg_version { CG_NONE = 0, CG_V1 = 1, CG_V2 = 2 };

struct cgroup {
  enum cg_version version;
  char memory[256];
  char pids[256];
  char cpu[256];
  int procs_fds[4]; /* memory, pids, cpuacct (v1), and the judging CPU group when apart (v1) */
  int nprocs_fds;
  /* Counters when the run started (the zygote's share), subtracted from the results. */
  uint64_t base_cpu_ns;
  uint64_t base_bytes;
  uint64_t base_oom_kills;
  uint64_t base_limit_hits;
  /* v2, serving helper: memory.peak opened read-write; a write resets the peak this descriptor
   * reads (kernel 6.12+), so that one cgroup can serve many runs. -1 otherwise. */
  int peak_fd;
  /* Serving helper: the least an idle, warm box of the slot was seen to hold besides page cache
   * (the zygote and a warm init); the run's limit is counted above at most this. UINT64_MAX otherwise. */
  uint64_t idle_held_bytes;
};

struct cgroup_stats {
  uint64_t cpu_ns;
  uint64_t peak_bytes;
  uint64_t oom_kills;
  uint64_t limit_hits;
};

enum cg_version cgroup_detect(char *why, size_t why_size);
/* Creates the slot's empty cgroups (no limits yet) and opens their cgroup.procs files. */
int cgroup_create(struct cgroup *cg, int slot, char *err, size_t err_size);
/* Once the zygote is inside: sets the limits and takes the baselines; the run starts now. */
int cgroup_start(struct cgroup *cg, const struct options *opt, char *err, size_t err_size);
/* For a serving helper: can this cgroup's counters be reset between runs? (v1 always; v2 needs
 * a resettable memory.peak.) 0, or -1 with the reason. */
int cgroup_enable_reuse(struct cgroup *cg, char *err, size_t err_size);
/* What the cgroup holds besides page cache, bytes. */
uint64_t cgroup_held_bytes(const struct cgroup *cg);
int cgroup_cpu_ns(const struct cgroup *cg, uint64_t *ns);
void cgroup_stats(const struct cgroup *cg, struct cgroup_stats *st);
/* Opens the CPU counter and the current-usage file, for the box to take its baseline. */
int cgroup_open_counters(const struct cgroup *cg, int *cpu_fd, int *mem_fd);
int cgroup_kill_all(const struct cgroup *cg);
int cgroup_remove(struct cgroup *cg);
/* Removes cgroups left by crashed helpers, those whose slot lock nobody holds (of one slot, or of
 * all with -1); returns how many. */
int cgroup_sweep(int only_slot);

/* ---- starvation.c ---- */
struct box_sched {
  uint64_t waited_ms; /* what the box's tasks waited for a CPU since the run began, summed (ended ones too) */
  bool runnable;      /* a task of the box is running or waiting to run right now */
};
/* At the start of each run; the next box_sched takes every task's figures as they stand then. */
void box_sched_reset(void);
/* Called again and again while the run lasts (every task's waits are followed between calls). */
void box_sched(const struct cgroup *cg, struct box_sched *out);
/* The first look at a box, this long after its exec: what its tasks waited before is not
 * discounted (at most this long), and a shorter run is never looked at. */
#define BOX_SCHED_FROM_MS 20
/* A box starved this many times its wall limit is stopped anyway (a safety net: a busy program
 * gets its CPU time in the end, and its CPU limit stops it). */
#define STARVED_WALL_FACTOR 100

/* ---- rootfs.c ---- */
/* Called in the new mount namespace, in two steps: what does not depend on the run (before the
 * spec is known), then the work dir, extra binds, /tmp and the pivot into the new root. Both
 * return 0 or -1 with *stage naming the step that failed (errno kept). */
int build_static_root(uid_t uid, const char **stage);
int finish_root(const struct options *opt, const char **stage);

/* ---- box_disk.c ---- */
/* In the helper, while warm: a mount namespace of its own, where DISK_MOUNTPOINT exists. */
int disk_namespace(void);
/* A fresh empty disk (a small tmpfs) at DISK_MOUNTPOINT: once in a `run` helper, per run in a
 * serving one. */
int disk_mount(uid_t uid);
/* Once the spec is known: copies the work dir in, then caps the disk at that plus the run's share. */
int disk_start(const struct options *opt, char *err, size_t err_size);
/* After the run: did the program fill the disk (bytes or files)? */
bool disk_full(void);
/* Bytes the run added to the box's disk (used now minus used after the copy in). */
uint64_t disk_written(void);
/* Copies what the box left in /box to the work dir (new names only); *truncated when it was
 * more than the disk could hold (hard links). */
int disk_copy_back(const struct options *opt, bool *truncated, char *err, size_t err_size);
void disk_release(void);

/* ---- stdio_files.c ---- */
int open_stdio(const struct options *opt, int fds[3], char *err, size_t err_size);

/* ---- seccomp_filter.c ---- */
/* Builds the filter (in the box's init, while warm); then loads it in the calling process (after
 * the uid drop and no_new_privs, just before execve). */
int prepare_seccomp(void);
int load_seccomp(void);

/* ---- child.c ---- */
/* Messages from the box to the supervising helper, written atomically to a pipe. */
enum msg_kind { MSG_EXIT = 1, MSG_EXEC_FAILED = 2, MSG_SETUP_FAILED = 3, MSG_BASELINE = 4 };
struct msg {
  int kind;
  int value; /* wait status for MSG_EXIT, errno otherwise */
  char text[192];
};

struct box_context {
  const struct options *opt;
  uid_t uid;
  int stdio[3];
  int msg_fd;   /* write end of the message pipe */
  int alive_fd; /* read end of a pipe whose write end only the zygote holds */
  int spec_fd;  /* read end: the run's command line, NUL-separated, then EOF */
  int ready_fd; /* write end: one byte once the box is warm (the helper then sends the spec) */
  int cpu_fd;   /* the cgroup's CPU counter, read for the baseline just before exec */
  int mem_fd;   /* the cgroup's current memory usage, likewise */
  enum cg_version cg_version;
};

/* PID 1 of the new PID namespace: builds the root, starts the program, reaps, reports. */
int box_init(struct box_context *ctx) __attribute__((noreturn));

/* ---- zygote.c ---- */
struct zygote_args {
  const struct cgroup *cg;
  uid_t uid;
  pid_t helper;
  int joined_fd; /* write end, handed to init: one byte once the box is warm */
  int spec_fd;   /* read end: the run's command line, NUL-separated, then EOF */
  int msg_fd;    /* write end of the message pipe */
  int cpu_fd;    /* the cgroup's counters, opened by the zygote and handed to each init */
  int mem_fd;
};
void zygote_main(struct zygote_args *z) __attribute__((noreturn));
/* What a serving zygote tells the helper over its socket: two ints, a kind and init's pid. */
enum { ZYGOTE_STARTED = 1, ZYGOTE_REAPED = 2 };
void zygote_serve(struct zygote_args *z, int sock) __attribute__((noreturn));
/* Splits a NUL-separated block into an argv array (malloc'd); returns argc. */
int split_block(char *block, size_t len, char ***argv_out);

/* ---- main.c: one run's supervision and answer, shared by `run` and `serve` ---- */
#include <signal.h>
extern volatile sig_atomic_t interrupted; /* the signal that asked us to stop, 0 if none */

enum stop_reason { STOP_NONE, STOP_CPU, STOP_WALL, STOP_INTERRUPTED };

struct run_facts {
  enum stop_reason stopped;
  bool have_status;
  int status;
  struct msg failure; /* kind 0 when none */
  uint64_t wall_ms;
  struct cgroup_stats stats;
  bool output_full;
  bool disk_full;
  bool survivors; /* processes of the box would not die */
  uint64_t exec_at_ms; /* when the program's first process was about to exec; 0 = not yet */
  uint64_t max_rss_kib; /* the largest resident set of a process of the tree (from init) */
  uint64_t written_bytes; /* what the run added to /box */
  uint64_t ended_at_us;   /* CLOCK_MONOTONIC when the program's first process ended or was stopped; 0 unknown */
};

struct box_pids {
  pid_t zygote;
  pid_t watch;    /* whose end means the box is gone: the zygote (run), or init (serve) */
  bool init_only; /* at a limit, kill init only (its namespace goes with it), not the zygote */
};
void read_messages(int fd, struct cgroup *cg, struct run_facts *facts);
void supervise(const struct box_pids *box, int msg_fd, const struct options *opt, struct cgroup *cg,
               uint64_t started, struct run_facts *facts);
/* After the box is gone: what the disk shows, the copy back, the outcome, the answer line. */
void answer_run(const struct options *opt, struct run_facts *facts, int slot);
void write_all(int fd, const char *data, size_t len);
/* The start of every helper that runs boxes: root, a child subreaper, a slot (its lock in
 * *slot_fd), the root's mount point and the helper's own mount namespace. Returns the slot. */
int take_slot(int *slot_fd);

/* ---- serve.c ---- */
int cmd_serve(void);

#endif
