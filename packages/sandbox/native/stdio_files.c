/* Opens the program's stdin/stdout/stderr files as root on behalf of the box, without letting
 * a previous run trick us: a path inside the work dir is resolved with openat2(RESOLVE_IN_ROOT),
 * so symlinks planted by the program cannot point outside it, and only regular files (or
 * /dev/null) are accepted, so a planted FIFO cannot block us and a device cannot be truncated. */
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

int open_stdio(const struct options *opt, int fds[3], char *err, size_t err_size) {
  fds[0] = open_one(opt, opt->stdin_file, O_RDONLY, err, err_size);
  if (fds[0] < 0) return -1;
  fds[1] = open_one(opt, opt->stdout_file, O_WRONLY | O_CREAT, err, err_size);
  if (fds[1] < 0) return -1;
  if (opt->stderr_file && opt->stdout_file && strcmp(opt->stderr_file, opt->stdout_file) == 0) {
    fds[2] = dup(fds[1]);
    fcntl(fds[2], F_SETFD, FD_CLOEXEC);
    return 0;
  }
  fds[2] = open_one(opt, opt->stderr_file, O_WRONLY | O_CREAT, err, err_size);
  return fds[2] < 0 ? -1 : 0;
}
