/* Slots make concurrent runs independent without shared mutable state in memory: each run holds
 * an exclusive flock on /run/oj-sandbox/slots/N for its whole life (the box's init inherits the
 * lock), and the slot number names its cgroup and its uid. The kernel drops the lock when the
 * holders die, however they die, which is how a later sweep knows a cgroup is stale. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

int try_lock_slot(int slot) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, SLOT_DIR "/%d", slot);
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return -1;
  if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int acquire_slot(int *lock_fd) {
  if (mkdir_p(SLOT_DIR, 0700) < 0) return -1;
  /* Start at a pseudo-random slot so that concurrent helpers rarely contend on the same file. */
  int start = (int)(getpid() % 64);
  for (int k = 0; k < MAX_SLOTS; k++) {
    int slot = (start + k) % MAX_SLOTS;
    int fd = try_lock_slot(slot);
    if (fd >= 0) {
      *lock_fd = fd;
      return slot;
    }
  }
  errno = EBUSY;
  return -1;
}
