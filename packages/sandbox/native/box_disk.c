/* The box's /box is a tmpfs of the run's own, capped in bytes (size=) and in files (nr_inodes=),
 * so that the total a run writes is capped, not only each file (RLIMIT_FSIZE). Its pages are
 * charged to the run's memory cgroup as they are written.
 *
 * The helper mounts it while warm, in a private mount namespace of its own (so it goes away with
 * the helper however the helper dies; the box's namespace is cloned from it and sees the same
 * file system). When the spec comes, the helper sets the caps and copies the caller's work dir
 * in; after the run it copies back what the box left, then drops the mount. The copies run in
 * the helper, outside the run's cgroups: they cost the program neither CPU time nor memory. */
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define MAX_DEPTH 64

struct budget {
  uint64_t bytes;
  uint64_t entries;
  mode_t mode_mask; /* which mode bits survive the copy */
  bool exhausted;
};

int disk_namespace(void) {
  /* Slave, not private: the caller's paths mounted later on the host still show up here. */
  if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) < 0) return -1;
  return mkdir_p(DISK_MOUNTPOINT, 0755);
}

int disk_mount(uid_t uid) {
  char opts[96];
  snprintf(opts, sizeof opts, "size=4k,nr_inodes=16,mode=755,uid=%u,gid=%u", uid, uid);
  return mount("tmpfs", DISK_MOUNTPOINT, "tmpfs", MS_NOSUID | MS_NODEV, opts);
}

static int copy_tree(int src, int dst, struct budget *b, int depth);

static int copy_file(int src, int dst, const char *name, const struct stat *st, struct budget *b) {
  int in = openat(src, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (in < 0) return -1;
  /* O_EXCL: never replace or write through what is already there. */
  int out = openat(dst, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (out < 0) {
    close(in);
    return errno == EEXIST ? 0 : -1;
  }
  int rc = 0;
  uint64_t left = (uint64_t)st->st_size;
  while (left > 0) {
    if (b->bytes == 0) {
      b->exhausted = true;
      break;
    }
    size_t chunk = left < (1u << 30) ? (size_t)left : (1u << 30);
    if (chunk > b->bytes) chunk = (size_t)b->bytes;
    ssize_t n = sendfile(out, in, NULL, chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      rc = n < 0 ? -1 : 0;
      break;
    }
    left -= (uint64_t)n;
    b->bytes -= (uint64_t)n;
  }
  if (rc == 0 && (fchown(out, st->st_uid, st->st_gid) < 0 || fchmod(out, st->st_mode & b->mode_mask) < 0)) rc = -1;
  close(in);
  close(out);
  return rc;
}

static int copy_entry(int src, int dst, const char *name, struct budget *b, int depth) {
  struct stat st;
  if (fstatat(src, name, &st, AT_SYMLINK_NOFOLLOW) < 0) return -1;
  if (b->entries == 0) {
    b->exhausted = true;
    return 0;
  }
  b->entries--;
  if (S_ISREG(st.st_mode)) return copy_file(src, dst, name, &st, b);
  if (S_ISLNK(st.st_mode)) {
    char target[PATH_MAX];
    ssize_t n = readlinkat(src, name, target, sizeof target - 1);
    if (n < 0) return -1;
    target[n] = 0;
    if (symlinkat(target, dst, name) < 0) return errno == EEXIST ? 0 : -1;
    return fchownat(dst, name, st.st_uid, st.st_gid, AT_SYMLINK_NOFOLLOW);
  }
  if (!S_ISDIR(st.st_mode) || depth >= MAX_DEPTH) return 0; /* FIFOs, sockets: not copied */
  if (mkdirat(dst, name, 0700) < 0 && errno != EEXIST) return -1;
  int to = openat(dst, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (to < 0) return errno == ELOOP || errno == ENOTDIR ? 0 : -1; /* a file of that name is there */
  int from = openat(src, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  int rc = from < 0 ? -1 : copy_tree(from, to, b, depth + 1);
  if (rc == 0 && (fchown(to, st.st_uid, st.st_gid) < 0 || fchmod(to, st.st_mode & b->mode_mask) < 0)) rc = -1;
  if (from >= 0) close(from);
  close(to);
  return rc;
}

static int copy_tree(int src, int dst, struct budget *b, int depth) {
  int fd = dup(src);
  DIR *dir = fd < 0 ? NULL : fdopendir(fd);
  if (!dir) {
    if (fd >= 0) close(fd);
    return -1;
  }
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && !b->exhausted && (e = readdir(dir))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    rc = copy_entry(src, dst, e->d_name, b, depth);
  }
  closedir(dir);
  return rc;
}

static int open_dir(const char *path) { return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC); }

static int resize(uint64_t bytes, uint64_t files) {
  char opts[96];
  snprintf(opts, sizeof opts, "size=%llu,nr_inodes=%llu", (unsigned long long)bytes, (unsigned long long)files);
  return mount(NULL, DISK_MOUNTPOINT, NULL, MS_REMOUNT | MS_NOSUID | MS_NODEV, opts);
}

static uint64_t used_after_copy_in;

static uint64_t disk_used(void) {
  struct statfs st;
  if (statfs(DISK_MOUNTPOINT, &st) < 0) return 0;
  return (uint64_t)(st.f_blocks - st.f_bfree) * (uint64_t)st.f_bsize;
}

uint64_t disk_written(void) {
  uint64_t used = disk_used();
  return used > used_after_copy_in ? used - used_after_copy_in : 0;
}

int disk_start(const struct options *opt, char *err, size_t err_size) {
  /* Room for the caller's files first; the run's share is added to what they take. */
  if (resize(1ull << 40, 1u << 20) < 0) {
    snprintf(err, err_size, "cannot size the box's disk: %s", strerror(errno));
    return -1;
  }
  /* The caller's files are the caller's: copied with their owner and mode (setuid bits are
   * harmless on a nosuid mount); the program cannot change them, only add its own. */
  struct budget b = {.bytes = UINT64_MAX, .entries = UINT64_MAX, .mode_mask = 07777};
  int src = open_dir(opt->work_dir), dst = open_dir(DISK_MOUNTPOINT);
  int rc = src < 0 || dst < 0 ? -1 : copy_tree(src, dst, &b, 0);
  if (rc < 0)
    snprintf(err, err_size, "cannot copy the work dir %s into the box: %s", opt->work_dir, strerror(errno));
  if (src >= 0) close(src);
  if (dst >= 0) close(dst);
  struct statfs st;
  if (rc == 0 && statfs(DISK_MOUNTPOINT, &st) < 0) rc = -1;
  if (rc == 0) {
    uint64_t used = (uint64_t)(st.f_blocks - st.f_bfree) * (uint64_t)st.f_bsize;
    uint64_t files = (uint64_t)(st.f_files - st.f_ffree);
    used_after_copy_in = used;
    rc = resize(used + opt->disk_bytes, files + opt->disk_files);
    if (rc < 0) snprintf(err, err_size, "cannot cap the box's disk: %s", strerror(errno));
  }
  return rc;
}

bool disk_full(void) {
  struct statfs st;
  if (statfs(DISK_MOUNTPOINT, &st) < 0) return false;
  return st.f_bavail == 0 || st.f_ffree == 0;
}

int disk_copy_back(const struct options *opt, bool *truncated, char *err, size_t err_size) {
  /* Never more than the disk can hold: hard links inside the box must not multiply on the host. */
  struct statfs st;
  if (statfs(DISK_MOUNTPOINT, &st) < 0) {
    snprintf(err, err_size, "cannot read the box's disk: %s", strerror(errno));
    return -1;
  }
  struct budget b = {.bytes = (uint64_t)st.f_blocks * (uint64_t)st.f_bsize, .entries = (uint64_t)st.f_files,
                     .mode_mask = 0777};
  int src = open_dir(DISK_MOUNTPOINT), dst = open_dir(opt->work_dir);
  int rc = src < 0 || dst < 0 ? -1 : copy_tree(src, dst, &b, 0);
  if (rc < 0) snprintf(err, err_size, "cannot copy the box's files back to %s: %s", opt->work_dir, strerror(errno));
  if (src >= 0) close(src);
  if (dst >= 0) close(dst);
  *truncated = b.exhausted;
  return rc;
}

void disk_release(void) { umount2(DISK_MOUNTPOINT, MNT_DETACH); }
