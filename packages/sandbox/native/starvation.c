/* Is the program busy or idle? On a loaded host a busy program can wait most of its wall time for
 * a CPU: behind higher-priority work (the judge runs its boxes at a lower niceness than the web
 * server), or because its whole CPU group is not scheduled (with the CPU groups of issue 28 every
 * box weighs a hundredth of one server thread). The wall limit is there to stop programs that
 * sleep or block, so that waiting must not count against it.
 *
 * The kernel keeps, per thread, the time it spent runnable but not running (run_delay, the second
 * field of /proc/PID/task/TID/schedstat). It includes the time the thread's group was not
 * scheduled, but it grows only when a wait ends, and it goes with the thread. So the supervisor
 * scans the box's tasks while the run lasts, remembers each one's last figure, and sums them,
 * the tasks that ended too: the waits of successive processes (gcc's cc1, as, ld) all count, not
 * only the longest. A process that ended is read once more by its PID while it is a zombie (its
 * parent in the box may itself wait long to reap it), which catches the wait before its last
 * slice. The sum may count one moment twice when several threads wait at once; the caller caps
 * it at the time the box has lived. A wait still going on shows in the thread's state (R =
 * running or waiting to run): a box with a runnable task is busy, not idle. */
#include "sandbox.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* More tasks than this at once are not followed (their waits are not discounted): pids.max
 * stops a program long before in practice. */
#define MAX_TRACKED 1024

struct tracked {
  long tid;
  unsigned long long start; /* clock ticks since boot: tells a reused TID from the task we saw */
  uint64_t base_ns;         /* run_delay at the run's first look (0 for a task born since) */
  uint64_t last_ns;         /* run_delay when last seen */
  unsigned seen;            /* the scan that saw it last */
};

static struct tracked tasks[MAX_TRACKED];
static int ntasks;
static unsigned scan, first_scan;
static uint64_t ended_ns; /* waits of the tasks that are gone */

void box_sched_reset(void) {
  ntasks = 0;
  ended_ns = 0;
  first_scan = scan + 1;
}

struct task_facts {
  char state;
  unsigned long long start;
  uint64_t delay_ns;
};

#define SKIP9 " %*s %*s %*s %*s %*s %*s %*s %*s %*s"
#define SKIP18 SKIP9 SKIP9

/* State and start time of a task from its stat file, its run_delay from schedstat, under
 * `dir` (/proc/PID/task/TID or /proc/TID); false if it is gone. */
static bool read_task(const char *dir, struct task_facts *t) {
  char path[PATH_MAX], text[1024];
  snprintf(path, sizeof path, "%s/stat", dir);
  if (read_text(path, text, sizeof text) <= 0) return false;
  char *end = strrchr(text, ')'); /* the name may contain anything but ends at the last ')' */
  /* Field 3 (state), then 4 to 21 skipped, 22 (starttime). */
  if (!end || sscanf(end + 1, " %c" SKIP18 " %llu", &t->state, &t->start) != 2) return false;
  snprintf(path, sizeof path, "%s/schedstat", dir);
  unsigned long long on_cpu = 0, delay = 0;
  if (read_text(path, text, sizeof text) <= 0 || sscanf(text, "%llu %llu", &on_cpu, &delay) != 2) return false;
  t->delay_ns = delay;
  return true;
}

static void retire(int i) {
  ended_ns += tasks[i].last_ns - tasks[i].base_ns;
  tasks[i] = tasks[--ntasks];
}

static void note(long tid, const struct task_facts *t) {
  for (int i = 0; i < ntasks; i++) {
    if (tasks[i].tid != tid) continue;
    if (tasks[i].start == t->start) {
      if (t->delay_ns > tasks[i].last_ns) tasks[i].last_ns = t->delay_ns;
      tasks[i].seen = scan;
      return;
    }
    retire(i); /* its TID was given to a new task */
    break;
  }
  if (ntasks == MAX_TRACKED) return;
  /* The tasks there at the first look (the zygote, init, the program's first process) waited
   * before the run too: only what they wait from then on counts. */
  uint64_t base = scan == first_scan ? t->delay_ns : 0;
  tasks[ntasks++] =
      (struct tracked){.tid = tid, .start = t->start, .base_ns = base, .last_ns = t->delay_ns, .seen = scan};
}

void box_sched(const struct cgroup *cg, struct box_sched *out) {
  char path[PATH_MAX], buf[65536];
  out->runnable = false;
  scan++;
  snprintf(path, sizeof path, "%s/cgroup.procs", cg->pids);
  if (read_text(path, buf, sizeof buf) < 0) buf[0] = 0;
  for (char *p = buf; *p;) {
    long pid = strtol(p, &p, 10);
    while (*p == '\n') p++;
    if (pid <= 0) continue;
    char dir_path[64];
    snprintf(dir_path, sizeof dir_path, "/proc/%ld/task", pid);
    DIR *dir = opendir(dir_path);
    if (!dir) continue;
    struct dirent *e;
    while ((e = readdir(dir))) {
      if (e->d_name[0] == '.') continue;
      long tid = strtol(e->d_name, NULL, 10);
      char task_dir[96];
      struct task_facts t;
      snprintf(task_dir, sizeof task_dir, "%s/%ld", dir_path, tid);
      if (!read_task(task_dir, &t)) continue;
      if (t.state == 'R') out->runnable = true;
      note(tid, &t);
    }
    closedir(dir);
  }
  /* Tasks no longer in the box: one last look (a zombie still has its figures), then summed. */
  for (int i = ntasks - 1; i >= 0; i--) {
    if (tasks[i].seen == scan) continue;
    char dir[64];
    struct task_facts t;
    snprintf(dir, sizeof dir, "/proc/%ld", tasks[i].tid);
    bool same = read_task(dir, &t) && t.start == tasks[i].start;
    if (same && t.delay_ns > tasks[i].last_ns) tasks[i].last_ns = t.delay_ns;
    if (same && t.state != 'Z' && t.state != 'X') continue; /* alive, missed by this scan */
    retire(i);
  }
  uint64_t waited = ended_ns;
  for (int i = 0; i < ntasks; i++) waited += tasks[i].last_ns - tasks[i].base_ns;
  out->waited_ms = waited / 1000000u;
}
