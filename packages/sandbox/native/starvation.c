/* Is the program busy or idle? On a loaded host (other work at a higher priority: the judge runs
 * its boxes at a lower niceness than the web server) a busy program can wait most of its wall
 * time on a run queue; the wall limit is there to stop programs that sleep or block, so that
 * waiting must not count against it. The kernel keeps, per thread, the time it spent runnable but
 * not running (run_delay, the second field of /proc/PID/task/TID/schedstat; it grows when a wait
 * ends), and the thread's state (R = running or waiting to run) in /proc/PID/task/TID/stat. */
#include "sandbox.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t run_delay_ns(long pid, const char *tid) {
  char path[PATH_MAX], text[128];
  snprintf(path, sizeof path, "/proc/%ld/task/%s/schedstat", pid, tid);
  if (read_text(path, text, sizeof text) <= 0) return 0;
  unsigned long long on_cpu = 0, delay = 0;
  if (sscanf(text, "%llu %llu", &on_cpu, &delay) != 2) return 0;
  return delay;
}

/* State letter and parent of a task from its stat file; false if it is gone. */
static bool task_stat(const char *path, char *state, long *ppid) {
  char text[512];
  if (read_text(path, text, sizeof text) <= 0) return false;
  char *end = strrchr(text, ')'); /* the name may contain anything but ends at the last ')' */
  return end && sscanf(end + 1, " %c %ld", state, ppid) == 2;
}

static long parent_of(long pid) {
  char path[PATH_MAX], state;
  long ppid;
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  return task_stat(path, &state, &ppid) ? ppid : -1;
}

/* Over the threads of the program's tree (the zygote and init, which lived before the run began,
 * left out): the longest run-queue wait of any of them, and whether one is runnable now. */
void box_sched(const struct cgroup *cg, pid_t zygote, struct box_sched *out) {
  char path[PATH_MAX], buf[65536];
  out->starved_ms = 0;
  out->runnable = false;
  snprintf(path, sizeof path, "%s/cgroup.procs", cg->pids);
  if (read_text(path, buf, sizeof buf) <= 0) return;
  uint64_t most = 0;
  for (char *p = buf; *p;) {
    long pid = strtol(p, &p, 10);
    while (*p == '\n') p++;
    if (pid <= 0 || pid == zygote || parent_of(pid) == zygote) continue;
    char dir_path[PATH_MAX];
    snprintf(dir_path, sizeof dir_path, "/proc/%ld/task", pid);
    DIR *dir = opendir(dir_path);
    if (!dir) continue;
    struct dirent *e;
    while ((e = readdir(dir))) {
      if (e->d_name[0] == '.') continue;
      uint64_t delay = run_delay_ns(pid, e->d_name);
      if (delay > most) most = delay;
      char stat_path[PATH_MAX], state;
      long ppid;
      snprintf(stat_path, sizeof stat_path, "/proc/%ld/task/%s/stat", pid, e->d_name);
      if (task_stat(stat_path, &state, &ppid) && state == 'R') out->runnable = true;
    }
    closedir(dir);
  }
  out->starved_ms = most / 1000000u;
}
