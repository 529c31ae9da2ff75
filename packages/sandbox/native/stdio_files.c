/* Opens the program's stdin/stdout/stderr files as root on behalf of the box, without letting
 * a previous run trick us: a path inside the work dir is resolved with openat2(RESOLVE_IN_ROOT),
 * so symlinks planted by the program cannot point outside it, and only regular files (or
 * /dev/null) are accepted, so a planted FIFO cannot block us and a device cannot be truncated.
 * The one exception is the caller's own: a FIFO outside the work dir as stdin or stdout connects
 * the box to another box (an interactive problem: the program and its interactor), see open_fifo. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *inside_work_dir(const char *work_dir, const char *path) {
  size_t n = strlen(work_dir);
  while (n > 1 && work_dir[n - 1] == '/') n--;
  if (strncmp(path, work_dir, n) == 0 && path[n] == '/') return path + n + 1;
  return NULL;
}

static int open_one(const struct options *opt, const char *path, int flags, char *err, size_t err_size) {
  if (!path) return open("/dev/null", (flags & O_ACCMODE) | O_CLOEXEC);
  flags |= O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
  /* Paths outside the work dir belong to the caller (the program cannot write there), so their
   * symlinks, like a test-data cache's, are trusted; inside it, nothing is. */
  const char *rel = inside_work_dir(opt->work_dir, path);
  int fd;
  if (rel) {
    flags |= O_NOFOLLOW;
    int dir = open(opt->work_dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
      snprintf(err, err_size, "cannot open work dir %s: %s", opt->work_dir, strerror(errno));
      return -1;
    }
    struct open_how how = {.flags = (uint64_t)flags, .mode = 0644, .resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS};
    fd = (int)syscall(SYS_openat2, dir, rel, &how, sizeof how);
    close(dir);
  } else {
    fd = open(path, flags, 0644);
  }
  if (fd < 0) {
    snprintf(err, err_size, "cannot open %s: %s", path, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
    snprintf(err, err_size, "%s is not a regular file", path);
    close(fd);
    return -1;
  }
  if (rel && (flags & O_ACCMODE) != O_RDONLY && st.st_nlink > 1) {
    /* A hard link planted by the program would let it read what we write elsewhere. */
    snprintf(err, err_size, "%s has several hard links", path);
    close(fd);
    return -1;
  }
  if ((flags & O_ACCMODE) != O_RDONLY && ftruncate(fd, 0) < 0) {
    snprintf(err, err_size, "cannot truncate %s: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  int fl = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  return fd;
}

/* A caller's FIFO (outside the work dir: the program never names it). */
static bool caller_fifo(const struct options *opt, const char *path) {
  struct stat st;
  return path && !inside_work_dir(opt->work_dir, path) && stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
}

static int open_fifo(const char *path, int flags, char *err, size_t err_size) {
  int fd;
  do fd = open(path, flags | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  struct stat st;
  if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISFIFO(st.st_mode))) {
    close(fd);
    errno = EINVAL;
    fd = -1;
  }
  if (fd < 0) snprintf(err, err_size, "cannot open the pipe %s: %s", path, strerror(errno));
  return fd;
}

/* Two boxes joined by two FIFOs (A: one's stdout to the other's stdin; B: back) must both have
 * every end open before either program starts: a read from a FIFO no writer has opened yet is an
 * end of file. Each box first opens its stdin without waiting, then its stdout (waiting for a
 * reader, which the other box's first step provides), then its stdin again, waiting for a writer
 * (the other box's second step): no order of the two boxes deadlocks, and when either program
 * starts both write ends are open. A box whose partner never comes waits in setup; the caller
 * unblocks it by opening the FIFOs itself (the program then sees an end of file at once). */
int open_stdio(const struct options *opt, int fds[3], char *err, size_t err_size) {
  bool in_fifo = caller_fifo(opt, opt->stdin_file), out_fifo = caller_fifo(opt, opt->stdout_file);
  fds[0] = in_fifo ? open_fifo(opt->stdin_file, O_RDONLY | O_NONBLOCK, err, err_size)
                   : open_one(opt, opt->stdin_file, O_RDONLY, err, err_size);
  if (fds[0] < 0) return -1;
  fds[1] = out_fifo ? open_fifo(opt->stdout_file, O_WRONLY, err, err_size)
                    : open_one(opt, opt->stdout_file, O_WRONLY | O_CREAT, err, err_size);
  if (fds[1] < 0) return -1;
  if (in_fifo) {
    int fd = open_fifo(opt->stdin_file, O_RDONLY, err, err_size);
    if (fd < 0) return -1;
    close(fds[0]);
    fds[0] = fd;
  }
  if (opt->stderr_file && opt->stdout_file && strcmp(opt->stderr_file, opt->stdout_file) == 0) {
    fds[2] = dup(fds[1]);
    fcntl(fds[2], F_SETFD, FD_CLOEXEC);
    return 0;
  }
  fds[2] = open_one(opt, opt->stderr_file, O_WRONLY | O_CREAT, err, err_size);
  return fds[2] < 0 ? -1 : 0;
}
