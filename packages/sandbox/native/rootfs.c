/* The box's file system, built in a fresh mount namespace for every run:
 *   /            small tmpfs, read-only once built
 *   /usr, ...    read-only, nosuid, nodev binds of the toolchain directories of the host
 *   /bin, /lib.. the host's symlinks (merged /usr) or read-only binds
 *   /etc         only the files toolchains need (dynamic linker cache, alternatives, Java and Mono config)
 *                plus generated passwd/group/hosts that name nobody of the host
 *   /box         a capped tmpfs holding a copy of the work dir, read-write, nosuid, nodev
 *   /tmp         private tmpfs capped at the memory limit (its pages count as memory too)
 *   /proc        a new proc of the box's PID namespace, hidepid=2
 *   /dev         tmpfs with null, zero, random, urandom and the fd symlinks; /dev/shm tmpfs
 * Nothing else of the host (no /home, /root, /work, /run, /sys, /var, host /etc or /proc). */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *const toolchain_dirs[] = {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"};
/* /etc/mono: Mono's dllmap (System.Native …) and machine.config, without which C# cannot even open a file. */
static const char *const etc_entries[] = {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
                                          "/etc/localtime", "/etc/java-*", "/etc/mono"};

static const char *R = ROOT_MOUNTPOINT;

static int in_root(char *out, const char *box_path) {
  if (snprintf(out, PATH_MAX, "%s%s", R, box_path) >= PATH_MAX) {
    errno = ENAMETOOLONG;
    return -1;
  }
  return 0;
}

static int make_parent(const char *path) {
  char parent[PATH_MAX];
  snprintf(parent, sizeof parent, "%s", path);
  char *slash = strrchr(parent, '/');
  if (!slash || slash == parent) return 0;
  *slash = 0;
  return mkdir_p(parent, 0755);
}

/* Bind host path `src` at box path `dst`; directories and files alike. */
static int bind_path(const char *src, const char *dst_box, unsigned long flags) {
  char dst[PATH_MAX];
  struct stat st;
  if (in_root(dst, dst_box) < 0 || stat(src, &st) < 0 || make_parent(dst) < 0) return -1;
  if (S_ISDIR(st.st_mode)) {
    if (mkdir(dst, 0755) < 0 && errno != EEXIST) return -1;
  } else {
    int fd = open(dst, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0 && errno != EISDIR) return -1;
    if (fd >= 0) close(fd);
  }
  if (mount(src, dst, NULL, MS_BIND, NULL) < 0) return -1;
  /* A bind keeps the source's flags; the remount applies ours (ro, nosuid, nodev, ...). */
  return mount(NULL, dst, NULL, MS_BIND | MS_REMOUNT | flags, NULL);
}

/* Same path in the box: symlinks are copied as symlinks, directories and files are bound. */
static int mirror(const char *host_path, unsigned long flags) {
  struct stat st;
  if (lstat(host_path, &st) < 0) return errno == ENOENT ? 0 : -1;
  if (S_ISLNK(st.st_mode)) {
    char target[PATH_MAX], dst[PATH_MAX];
    ssize_t n = readlink(host_path, target, sizeof target - 1);
    if (n < 0) return -1;
    target[n] = 0;
    if (in_root(dst, host_path) < 0 || make_parent(dst) < 0) return -1;
    return symlink(target, dst) < 0 && errno != EEXIST ? -1 : 0;
  }
  return bind_path(host_path, host_path, flags);
}

static int write_file(const char *box_path, const char *text) {
  char path[PATH_MAX];
  if (in_root(path, box_path) < 0) return -1;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  ssize_t n = write(fd, text, strlen(text));
  close(fd);
  return n < 0 ? -1 : 0;
}

static int build_etc(uid_t uid) {
  const unsigned long ro = MS_RDONLY | MS_NOSUID | MS_NODEV;
  char path[PATH_MAX];
  if (in_root(path, "/etc") < 0 || mkdir(path, 0755) < 0) return -1;
  for (size_t i = 0; i < sizeof etc_entries / sizeof etc_entries[0]; i++) {
    if (strchr(etc_entries[i], '*')) {
      glob_t g;
      if (glob(etc_entries[i], 0, NULL, &g) == 0) {
        for (size_t k = 0; k < g.gl_pathc; k++)
          if (mirror(g.gl_pathv[k], ro) < 0) {
            globfree(&g);
            return -1;
          }
        globfree(&g);
      }
    } else if (mirror(etc_entries[i], ro) < 0) {
      return -1;
    }
  }
  char passwd[256], group[256];
  snprintf(passwd, sizeof passwd, "root:x:0:0:root:/:/usr/sbin/nologin\nsandbox:x:%u:%u:sandbox:/box:/usr/sbin/nologin\n",
           uid, uid);
  snprintf(group, sizeof group, "root:x:0:\nsandbox:x:%u:\n", uid);
  if (write_file("/etc/passwd", passwd) < 0 || write_file("/etc/group", group) < 0) return -1;
  if (write_file("/etc/hosts", "127.0.0.1 localhost box\n::1 localhost\n") < 0) return -1;
  return write_file("/etc/nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n");
}

static int build_dev(uint64_t shm_bytes) {
  char path[PATH_MAX], opts[64];
  if (in_root(path, "/dev") < 0 || mkdir(path, 0755) < 0) return -1;
  if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NOEXEC, "size=64k,nr_inodes=64,mode=755") < 0) return -1;
  const char *nodes[] = {"/dev/null", "/dev/zero", "/dev/random", "/dev/urandom"};
  for (size_t i = 0; i < 4; i++)
    if (bind_path(nodes[i], nodes[i], MS_NOSUID | MS_NOEXEC) < 0) return -1;
  const char *links[][2] = {{"/proc/self/fd", "/dev/fd"},
                            {"/proc/self/fd/0", "/dev/stdin"},
                            {"/proc/self/fd/1", "/dev/stdout"},
                            {"/proc/self/fd/2", "/dev/stderr"}};
  for (size_t i = 0; i < 4; i++) {
    if (in_root(path, links[i][1]) < 0 || symlink(links[i][0], path) < 0) return -1;
  }
  if (in_root(path, "/dev/shm") < 0 || mkdir(path, 01777) < 0) return -1;
  snprintf(opts, sizeof opts, "size=%llu,mode=1777", (unsigned long long)shm_bytes);
  if (mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0) return -1;
  return 0;
}

int build_static_root(uid_t uid, const char **stage) {
  const unsigned long ro = MS_RDONLY | MS_NOSUID | MS_NODEV;
  char path[PATH_MAX];

  *stage = "make mounts private";
  /* Nothing we mount may propagate back to the host. */
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) return -1;
  *stage = "root tmpfs";
  if (mount("tmpfs", R, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,nr_inodes=4096,mode=755") < 0) return -1;
  *stage = "toolchain binds";
  for (size_t i = 0; i < sizeof toolchain_dirs / sizeof toolchain_dirs[0]; i++)
    if (mirror(toolchain_dirs[i], ro) < 0) return -1;
  *stage = "/etc";
  if (build_etc(uid) < 0) return -1;
  *stage = "/dev";
  if (build_dev(64u << 20) < 0) return -1;
  *stage = "/proc";
  if (in_root(path, "/proc") < 0 || mkdir(path, 0555) < 0) return -1;
  /* Mounted by init, so it shows the box's PID namespace; hidepid=2 hides init (root) itself. */
  if (mount("proc", path, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2") < 0) return -1;
  *stage = "mount points";
  if (in_root(path, "/box") < 0 || mkdir(path, 0755) < 0) return -1;
  if (in_root(path, "/tmp") < 0 || mkdir(path, 01777) < 0) return -1;
  return 0;
}

int finish_root(const struct options *opt, const char **stage) {
  const unsigned long ro = MS_RDONLY | MS_NOSUID | MS_NODEV;
  char path[PATH_MAX], opts[96];
  *stage = "/box";
  /* The helper's capped tmpfs holding a copy of the work dir (box_disk.c), not the work dir. */
  if (bind_path(DISK_MOUNTPOINT, "/box", MS_NOSUID | MS_NODEV) < 0) return -1;
  *stage = "extra read-only binds";
  for (int i = 0; i < opt->nbinds; i++)
    if (bind_path(opt->binds[i].host, opt->binds[i].box, ro) < 0) return -1;
  *stage = "/tmp";
  /* Its pages are charged to the memory cgroup: filling it ends in the cgroup's OOM killer, an
   * MLE. The size (twice the limit) only stops what the cgroup would not. */
  snprintf(opts, sizeof opts, "size=%llu,mode=1777", (unsigned long long)opt->memory_kib * 2048u);
  if (in_root(path, "/tmp") < 0 || mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0) return -1;

  *stage = "pivot_root";
  if (chdir(R) < 0) return -1;
  /* Stack the old root under the new one, then detach it: nothing of the host stays reachable. */
  if (syscall(SYS_pivot_root, ".", ".") < 0) return -1;
  if (umount2(".", MNT_DETACH) < 0) return -1;
  if (chdir("/") < 0) return -1;
  *stage = "read-only root";
  if (mount(NULL, "/", NULL, MS_BIND | MS_REMOUNT | ro, NULL) < 0) return -1;
  if (mount(NULL, "/dev", NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL) < 0) return -1;
  return 0;
}
