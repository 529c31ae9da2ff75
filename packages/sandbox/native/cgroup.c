/* Limits and accounting of the whole process tree through cgroups. cgroup v1 (one hierarchy per
 * controller: memory, pids, cpuacct) and v2 (one unified hierarchy) are detected at run time.
 * Our cgroups live in <hierarchy>/oj-sandbox/run-<slot>; they are created empty, the program's
 * first process moves itself in before execve, and they are removed when the run ends. */
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define CGROUP_ROOT "/sys/fs/cgroup"
#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

static bool exists(const char *path) { return access(path, F_OK) == 0; }

static bool v2_has_controllers(void) {
  char buf[512];
  if (read_text(CGROUP_ROOT "/cgroup.controllers", buf, sizeof buf) < 0) return false;
  return strstr(buf, "memory") && strstr(buf, "pids");
}

enum cg_version cgroup_detect(char *why, size_t why_size) {
  struct statfs sfs;
  if (statfs(CGROUP_ROOT, &sfs) == 0 && sfs.f_type == CGROUP2_SUPER_MAGIC) {
    if (v2_has_controllers()) return CG_V2;
    snprintf(why, why_size, "cgroup v2 is mounted but the memory and pids controllers are not available");
    return CG_NONE;
  }
  if (exists(CGROUP_ROOT "/memory/memory.limit_in_bytes") && exists(CGROUP_ROOT "/pids/cgroup.procs") &&
      exists(CGROUP_ROOT "/cpuacct/cpuacct.usage"))
    return CG_V1;
  snprintf(why, why_size, "no usable cgroups: need v2 with memory+pids, or v1 memory, pids and cpuacct under " CGROUP_ROOT);
  return CG_NONE;
}

static int put(const char *dir, const char *file, const char *value) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  return write_text(path, value);
}

static int put_u64(const char *dir, const char *file, uint64_t value) {
  char text[32];
  snprintf(text, sizeof text, "%llu", (unsigned long long)value);
  return put(dir, file, text);
}

/* Kills every process in one cgroup directory until it is empty, then removes it. */
static int kill_and_rmdir(const char *dir) {
  char path[PATH_MAX], buf[65536];
  snprintf(path, sizeof path, "%s/cgroup.kill", dir);
  if (exists(path)) write_text(path, "1");
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  for (int attempt = 0; attempt < 2000; attempt++) {
    if (rmdir(dir) == 0 || errno == ENOENT) return 0;
    if (errno != EBUSY) return -1;
    if (read_text(path, buf, sizeof buf) > 0) {
      for (char *p = buf; *p;) {
        long pid = strtol(p, &p, 10);
        if (pid > 0) kill((pid_t)pid, SIGKILL);
        while (*p == '\n') p++;
      }
    }
    usleep(attempt < 100 ? 100 : 2000);
  }
  errno = EBUSY;
  return -1;
}

static int v2_enable_controllers(const char *dir) {
  char path[PATH_MAX], have[512];
  snprintf(path, sizeof path, "%s/cgroup.subtree_control", dir);
  if (read_text(path, have, sizeof have) < 0) return -1;
  if (strstr(have, "memory") && strstr(have, "pids")) return 0;
  return write_text(path, "+memory +pids");
}

static void set_paths(struct cgroup *cg, int slot) {
  if (cg->version == CG_V2) {
    snprintf(cg->memory, sizeof cg->memory, CGROUP_ROOT "/" CGROUP_PARENT "/run-%d", slot);
    strcpy(cg->pids, cg->memory);
    strcpy(cg->cpu, cg->memory);
  } else {
    snprintf(cg->memory, sizeof cg->memory, CGROUP_ROOT "/memory/" CGROUP_PARENT "/run-%d", slot);
    snprintf(cg->pids, sizeof cg->pids, CGROUP_ROOT "/pids/" CGROUP_PARENT "/run-%d", slot);
    snprintf(cg->cpu, sizeof cg->cpu, CGROUP_ROOT "/cpuacct/" CGROUP_PARENT "/run-%d", slot);
  }
}

static int make_fresh(const char *dir) {
  if (mkdir(dir, 0700) == 0) return 0;
  if (errno != EEXIST) return -1;
  /* Left by a crashed run of this slot (we hold the slot lock, so nobody else uses it). */
  if (kill_and_rmdir(dir) < 0) return -1;
  return mkdir(dir, 0700);
}

static int open_procs(struct cgroup *cg, const char *dir) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  cg->procs_fds[cg->nprocs_fds++] = fd;
  return 0;
}

/* Judging yields the processor to serving (issue 28; docs/judge-speed.md, "CPU weight"). The
 * process that serves and judges puts itself in a CPU group of its own (cpu-groups.ts: `oj-serve`,
 * cgroup v1 cpu.shares 1024), and so do the helpers it starts. Every box then joins one child group
 * of that group, `oj-judge`, weighing 10: inside the installation's group each server thread
 * (1024 at nice 0) outweighs all boxes together 100 to 1, while against the rest of the machine
 * (other sessions' autogroups, 1024 each) serving and judging together weigh what their group
 * weighs, so judging is not starved by foreign load, and a box is never weighed against a session
 * as a group of its own (which, with session autogroups, gave it more than nice 10 did).
 * Only when the helper is not in the root CPU group, i.e. the server has a group of its own; in the
 * root group, with OJ_JUDGE_CPU_GROUPS=0 (passed on by the Node side), without the cpu hierarchy
 * (cgroup v2, or v1 with cpu and cpuacct mounted together: there the box's cgroup is the slot's)
 * boxes have their niceness alone, as before. Only the scheduling weight is set, never a quota:
 * CPU time is measured as before, and the wall limit does not count waiting for a CPU. */
#define JUDGE_CPU_GROUP "oj-judge"
#define JUDGE_CPU_SHARES "10" /* v1 cpu.shares; a task at nice 0 weighs 1024, at nice 19 15 */

static bool cpu_group_wanted(void) {
  const char *v = getenv("OJ_JUDGE_CPU_GROUPS");
  return !(v && strcmp(v, "0") == 0);
}

static bool same_dir(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* This process's group in the v1 cpu hierarchy ("/" for the root), or false. */
static bool own_cpu_group(char *out, size_t size) {
  char buf[4096];
  if (read_text("/proc/self/cgroup", buf, sizeof buf) <= 0) return false;
  for (char *line = buf; line && *line;) {
    char *next = strchr(line, '\n');
    if (next) *next++ = '\0';
    char *controllers = strchr(line, ':');
    char *path = controllers ? strchr(controllers + 1, ':') : NULL;
    if (path) {
      *path++ = '\0';
      controllers++;
      for (char *c = strtok(controllers, ","); c; c = strtok(NULL, ","))
        if (strcmp(c, "cpu") == 0) return snprintf(out, size, "%s", path) < (int)size;
    }
    line = next;
  }
  return false;
}

static void v1_weigh_judging(struct cgroup *cg) {
  char own[PATH_MAX / 2], dir[PATH_MAX / 2 + 64];
  if (!cpu_group_wanted() || !exists(CGROUP_ROOT "/cpu/cpu.shares")) return;
  if (same_dir(CGROUP_ROOT "/cpu", CGROUP_ROOT "/cpuacct")) return;
  if (!own_cpu_group(own, sizeof own) || strcmp(own, "/") == 0) return;
  /* A helper left in a judge group (it cannot be: helpers are the server's children) nests no deeper. */
  const char *tail = strrchr(own, '/');
  if (tail && strcmp(tail + 1, JUDGE_CPU_GROUP) == 0) return;
  if (snprintf(dir, sizeof dir, CGROUP_ROOT "/cpu%s/" JUDGE_CPU_GROUP, own) >= (int)sizeof dir) return;
  if (mkdir(dir, 0755) < 0 && errno != EEXIST) return;
  if (put(dir, "cpu.shares", JUDGE_CPU_SHARES) < 0) return;
  open_procs(cg, dir); /* not joined when it fails: niceness alone */
}

int cgroup_create(struct cgroup *cg, int slot, char *err, size_t err_size) {
  char why[256];
  memset(cg, 0, sizeof *cg);
  cg->peak_fd = -1;
  cg->idle_held_bytes = UINT64_MAX;
  cg->version = cgroup_detect(why, sizeof why);
  if (cg->version == CG_NONE) {
    snprintf(err, err_size, "%s", why);
    return -1;
  }
  set_paths(cg, slot);
  const char *step = "create";
  if (cg->version == CG_V2) {
    if (v2_enable_controllers(CGROUP_ROOT) < 0) goto fail;
    if (mkdir(CGROUP_ROOT "/" CGROUP_PARENT, 0755) < 0 && errno != EEXIST) goto fail;
    if (v2_enable_controllers(CGROUP_ROOT "/" CGROUP_PARENT) < 0) goto fail;
    if (make_fresh(cg->memory) < 0) goto fail;
    put(cg->memory, "memory.swap.max", "0"); /* absent without swap accounting: fine */
    put(cg->memory, "memory.oom.group", "1");
    step = "cgroup.procs";
    if (open_procs(cg, cg->memory) < 0) goto fail;
    return 0;
  }
  const char *parents[] = {CGROUP_ROOT "/memory/" CGROUP_PARENT, CGROUP_ROOT "/pids/" CGROUP_PARENT,
                           CGROUP_ROOT "/cpuacct/" CGROUP_PARENT};
  for (int i = 0; i < 3; i++)
    if (mkdir(parents[i], 0755) < 0 && errno != EEXIST) goto fail;
  if (make_fresh(cg->memory) < 0 || make_fresh(cg->pids) < 0 || make_fresh(cg->cpu) < 0) goto fail;
  put(cg->memory, "memory.swappiness", "0");
  step = "cgroup.procs";
  if (open_procs(cg, cg->memory) < 0 || open_procs(cg, cg->pids) < 0 || open_procs(cg, cg->cpu) < 0) goto fail;
  v1_weigh_judging(cg);
  return 0;
fail:
  snprintf(err, err_size, "cgroup setup failed at %s (%s): %s", step, cg->memory, strerror(errno));
  cgroup_remove(cg);
  return -1;
}

int cgroup_start(struct cgroup *cg, const struct options *opt, char *err, size_t err_size) {
  char path[PATH_MAX];
  const char *step = "memory usage";
  uint64_t usage = 0;
  snprintf(path, sizeof path, "%s/%s", cg->memory, cg->version == CG_V2 ? "memory.current" : "memory.usage_in_bytes");
  if (read_u64(path, &usage) < 0) goto fail;
  cg->base_bytes = usage;
  /* The box's own processes (zygote and init, a few hundred KiB) come on top of the program's
   * limit; page cache does not: a serving helper's cgroup may still be charged for files its
   * earlier runs wrote or read, and the room that cache takes must not be this run's. Setting the
   * limit below the usage makes the kernel reclaim the cache now. */
  uint64_t held = cgroup_held_bytes(cg);
  /* A serving helper caps that at what an idle box of the slot holds: kernel memory a previous
   * run left to be freed later (a fork bomb's task structs go after an RCU grace period) must not
   * become room for this run once it is freed. */
  if (held > cg->idle_held_bytes) held = cg->idle_held_bytes;
  uint64_t mem = opt->memory_kib * 1024u + held;
  /* Two more tasks than the program may have: the zygote and the box's init. */
  uint64_t tasks = opt->processes + 2;
  if (cg->version == CG_V2) {
    step = "memory.max";
    if (put_u64(cg->memory, "memory.max", mem) < 0) goto fail;
    step = "pids.max";
    if (put_u64(cg->pids, "pids.max", tasks) < 0) goto fail;
    step = "memory.peak reset";
    if (cg->peak_fd >= 0 && write(cg->peak_fd, "reset\n", 6) != 6) goto fail;
    step = "baseline";
    snprintf(path, sizeof path, "%s/memory.events", cg->memory);
    read_keyed_u64(path, "oom_kill", &cg->base_oom_kills);
    read_keyed_u64(path, "max", &cg->base_limit_hits);
    if (cgroup_cpu_ns(cg, &cg->base_cpu_ns) < 0) goto fail;
    return 0;
  }
  step = "memory.limit_in_bytes";
  snprintf(path, sizeof path, "%s/memory.memsw.limit_in_bytes", cg->memory);
  bool memsw = exists(path);
  /* memsw may never be below the plain limit: a serving helper's next run may raise or lower
   * both, so the one that keeps that true goes first. */
  if (put_u64(cg->memory, "memory.limit_in_bytes", mem) < 0) {
    if (errno != EINVAL || !memsw) goto fail;
    step = "memory.memsw.limit_in_bytes";
    if (put_u64(cg->memory, "memory.memsw.limit_in_bytes", mem) < 0) goto fail;
    step = "memory.limit_in_bytes";
    if (put_u64(cg->memory, "memory.limit_in_bytes", mem) < 0) goto fail;
  }
  step = "memory.memsw.limit_in_bytes";
  if (memsw && put_u64(cg->memory, "memory.memsw.limit_in_bytes", mem) < 0) goto fail;
  step = "pids.max";
  if (put_u64(cg->pids, "pids.max", tasks) < 0) goto fail;
  /* Count from zero from here on: what the zygote did before does not belong to the program. */
  step = "reset counters";
  if (put(cg->cpu, "cpuacct.usage", "0") < 0 || put(cg->memory, "memory.max_usage_in_bytes", "0") < 0 ||
      put(cg->memory, "memory.failcnt", "0") < 0)
    goto fail;
  cg->base_cpu_ns = 0;
  cg->base_limit_hits = 0;
  /* oom_kill cannot be reset: a serving helper's earlier runs are subtracted. */
  snprintf(path, sizeof path, "%s/memory.oom_control", cg->memory);
  cg->base_oom_kills = 0;
  read_keyed_u64(path, "oom_kill", &cg->base_oom_kills);
  return 0;
fail:
  snprintf(err, err_size, "cgroup setup failed at %s (%s): %s", step, cg->memory, strerror(errno));
  return -1;
}

uint64_t cgroup_held_bytes(const struct cgroup *cg) {
  char path[PATH_MAX];
  uint64_t usage = 0, cache = 0;
  snprintf(path, sizeof path, "%s/%s", cg->memory, cg->version == CG_V2 ? "memory.current" : "memory.usage_in_bytes");
  read_u64(path, &usage);
  snprintf(path, sizeof path, "%s/memory.stat", cg->memory);
  read_keyed_u64(path, cg->version == CG_V2 ? "file" : "cache", &cache);
  return usage - (cache < usage ? cache : usage);
}

int cgroup_enable_reuse(struct cgroup *cg, char *err, size_t err_size) {
  if (cg->version != CG_V2) return 0; /* cgroup_start resets the v1 counters */
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/memory.peak", cg->memory);
  cg->peak_fd = open(path, O_RDWR | O_CLOEXEC);
  if (cg->peak_fd < 0 || write(cg->peak_fd, "reset\n", 6) != 6) {
    snprintf(err, err_size, "memory.peak cannot be reset here (kernel 6.12+ needed): %s", strerror(errno));
    if (cg->peak_fd >= 0) close(cg->peak_fd);
    cg->peak_fd = -1;
    return -1;
  }
  return 0;
}

int cgroup_cpu_ns(const struct cgroup *cg, uint64_t *ns) {
  /* Raw counter; cgroup_stats subtracts the baseline taken when the run started. */
  char path[PATH_MAX];
  if (cg->version == CG_V2) {
    uint64_t usec;
    snprintf(path, sizeof path, "%s/cpu.stat", cg->cpu);
    if (read_keyed_u64(path, "usage_usec", &usec) < 0) return -1;
    *ns = usec * 1000u;
    return 0;
  }
  snprintf(path, sizeof path, "%s/cpuacct.usage", cg->cpu);
  return read_u64(path, ns);
}

void cgroup_stats(const struct cgroup *cg, struct cgroup_stats *st) {
  char path[PATH_MAX];
  memset(st, 0, sizeof *st);
  uint64_t cpu = 0, peak = 0, oom = 0, hits = 0;
  cgroup_cpu_ns(cg, &cpu);
  if (cg->version == CG_V2) {
    snprintf(path, sizeof path, "%s/memory.peak", cg->memory);
    if (cg->peak_fd >= 0) pread_u64(cg->peak_fd, &peak);
    else read_u64(path, &peak);
    snprintf(path, sizeof path, "%s/memory.events", cg->memory);
    read_keyed_u64(path, "oom_kill", &oom);
    read_keyed_u64(path, "max", &hits);
  } else {
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", cg->memory);
    read_u64(path, &peak);
    snprintf(path, sizeof path, "%s/memory.oom_control", cg->memory);
    read_keyed_u64(path, "oom_kill", &oom);
    snprintf(path, sizeof path, "%s/memory.failcnt", cg->memory);
    read_u64(path, &hits);
  }
  st->cpu_ns = cpu > cg->base_cpu_ns ? cpu - cg->base_cpu_ns : 0;
  st->peak_bytes = peak > cg->base_bytes ? peak - cg->base_bytes : 0;
  st->oom_kills = oom > cg->base_oom_kills ? oom - cg->base_oom_kills : 0;
  st->limit_hits = hits > cg->base_limit_hits ? hits - cg->base_limit_hits : 0;
}

int cgroup_open_counters(const struct cgroup *cg, int *cpu_fd, int *mem_fd) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s", cg->cpu, cg->version == CG_V2 ? "cpu.stat" : "cpuacct.usage");
  *cpu_fd = open(path, O_RDONLY | O_CLOEXEC);
  snprintf(path, sizeof path, "%s/%s", cg->memory, cg->version == CG_V2 ? "memory.current" : "memory.usage_in_bytes");
  *mem_fd = open(path, O_RDONLY | O_CLOEXEC);
  return *cpu_fd < 0 || *mem_fd < 0 ? -1 : 0;
}

/* v2: has the cgroup no process left, in it or below it? (cgroup.events "populated 0") */
static bool v2_populated(const struct cgroup *cg) {
  char path[PATH_MAX];
  uint64_t populated = 1;
  snprintf(path, sizeof path, "%s/cgroup.events", cg->memory);
  if (read_keyed_u64(path, "populated", &populated) < 0) return true;
  return populated != 0;
}

/* Kills everything in the cgroup and returns 0 once it is empty, -1 if it is not empty after
 * 10 s: the answer must not be given while a process of the box could still run or write.
 * Killing re-reads the list each round, since a fork bomb may fork between reading and killing
 * (pids.max caps how many can appear; killing the box's init stops forks in its namespace). */
int cgroup_kill_all(const struct cgroup *cg) {
  char path[PATH_MAX], buf[65536];
  if (cg->version == CG_V2) {
    snprintf(path, sizeof path, "%s/cgroup.kill", cg->memory);
    write_text(path, "1");
  }
  /* Every process of the box is in the pids cgroup (v1) or the unified one (v2). */
  snprintf(path, sizeof path, "%s/cgroup.procs", cg->pids);
  uint64_t deadline = now_ms() + 10000;
  useconds_t pause = 50;
  while (now_ms() < deadline) {
    int n = read_text(path, buf, sizeof buf);
    if (n < 0) return 0; /* the cgroup is gone */
    if (n == 0 && (cg->version != CG_V2 || !v2_populated(cg))) return 0;
    for (char *p = buf; *p;) {
      long pid = strtol(p, &p, 10);
      if (pid > 0) kill((pid_t)pid, SIGKILL);
      while (*p == '\n') p++;
    }
    usleep(pause);
    if (pause < 5000) pause *= 2;
  }
  return -1;
}

int cgroup_remove(struct cgroup *cg) {
  int rc = 0;
  if (cg->peak_fd >= 0) close(cg->peak_fd);
  cg->peak_fd = -1;
  for (int i = 0; i < cg->nprocs_fds; i++) close(cg->procs_fds[i]);
  cg->nprocs_fds = 0;
  if (cg->version == CG_NONE) return 0;
  const char *dirs[] = {cg->memory, cg->pids, cg->cpu};
  int n = cg->version == CG_V2 ? 1 : 3;
  for (int i = 0; i < n; i++)
    if (dirs[i][0] && kill_and_rmdir(dirs[i]) < 0) rc = -1;
  return rc;
}

int cgroup_sweep(int only_slot) {
  char why[256];
  enum cg_version v = cgroup_detect(why, sizeof why);
  if (v == CG_NONE) return 0;
  const char *parents_v1[] = {CGROUP_ROOT "/memory/" CGROUP_PARENT, CGROUP_ROOT "/pids/" CGROUP_PARENT,
                              CGROUP_ROOT "/cpuacct/" CGROUP_PARENT};
  const char *parents_v2[] = {CGROUP_ROOT "/" CGROUP_PARENT};
  const char **parents = v == CG_V2 ? parents_v2 : parents_v1;
  int nparents = v == CG_V2 ? 1 : 3;
  int removed = 0;
  mkdir_p(SLOT_DIR, 0700);
  for (int i = 0; i < nparents; i++) {
    DIR *d = opendir(parents[i]);
    if (!d) continue;
    struct dirent *e;
    while ((e = readdir(d))) {
      int slot;
      char extra;
      if (sscanf(e->d_name, "run-%d%c", &slot, &extra) != 1 || slot < 0 || slot >= MAX_SLOTS) continue;
      if (only_slot >= 0 && slot != only_slot) continue;
      int fd = try_lock_slot(slot);
      if (fd < 0) continue; /* a live run owns it */
      char dir[PATH_MAX];
      snprintf(dir, sizeof dir, "%s/%s", parents[i], e->d_name);
      if (kill_and_rmdir(dir) == 0) removed++;
      close(fd);
    }
    closedir(d);
  }
  return removed;
}
