/* A deny-list seccomp filter: the program keeps every ordinary system call (Java, Go, Node and
 * Python need many), and loses those that reach the kernel's less-travelled attack surface or
 * could undo the other layers. The uid is already unprivileged, so most of these would fail
 * anyway; the filter makes the failure unconditional and blocks what an unprivileged user may
 * still do (user namespaces, ptrace of its own processes, io_uring, bpf, userfaultfd, keyrings).
 * Calls from other ABIs (32-bit int 0x80, x32) kill the process: libseccomp's bad-arch default. */
#include "sandbox.h"

#include <errno.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <sched.h>
#include <seccomp.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

static const char *const denied[] = {
    /* Debugging other processes, reading their memory. */
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd",
    /* New namespaces or joining others: the way to regain capabilities as an unprivileged user. */
    "unshare", "setns",
    /* File system topology. */
    "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount",
    "fspick", "mount_setattr", "name_to_handle_at", "open_by_handle_at",
    /* Kernel features with a history of local privilege escalations. */
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "keyctl",
    "add_key", "request_key", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "lookup_dcookie", "fanotify_init", "quotactl", "quotactl_fd",
    /* Host-wide state. */
    "reboot", "swapon", "swapoff", "acct", "syslog", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "sethostname", "setdomainname", "iopl", "ioperm", "vhangup", "nfsservctl", "uselib",
};

/* The compiled filter: built while the box is warm (libseccomp takes ~0.5 ms to build one), loaded
 * by the program's first process with one prctl. */
static struct sock_filter *compiled;
static unsigned short compiled_len;

int prepare_seccomp(void) {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return -1;
  int rc = 0;
  for (size_t i = 0; i < sizeof denied / sizeof denied[0]; i++) {
    int nr = seccomp_syscall_resolve_name(denied[i]);
    if (nr == __NR_SCMP_ERROR) continue; /* not on this architecture */
    if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0)) < 0) goto out;
  }
  /* clone: threads and processes yes, namespaces no. */
  const unsigned long ns_flags[] = {CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC,
                                    CLONE_NEWUTS, CLONE_NEWCGROUP, 0x00000080 /* CLONE_NEWTIME */};
  for (size_t i = 0; i < sizeof ns_flags / sizeof ns_flags[0]; i++) {
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                          SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
    if (rc < 0) goto out;
  }
  /* clone3 passes its flags in memory, which seccomp cannot read: answer ENOSYS so that libc
   * falls back to clone, whose flags we can check. */
  if ((rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0)) < 0) goto out;
  int pipefd[2];
  if (pipe(pipefd) < 0) {
    rc = -errno;
    goto out;
  }
  rc = seccomp_export_bpf(ctx, pipefd[1]);
  close(pipefd[1]);
  if (rc == 0) {
    size_t len = 0;
    char *bytes = read_all_fd(pipefd[0], &len);
    if (!bytes || len == 0 || len % sizeof(struct sock_filter) != 0 || len / sizeof(struct sock_filter) > 0xffff) {
      rc = -EINVAL;
    } else {
      compiled = (struct sock_filter *)bytes;
      compiled_len = (unsigned short)(len / sizeof(struct sock_filter));
    }
  }
  close(pipefd[0]);
out:
  seccomp_release(ctx);
  if (rc < 0) {
    errno = -rc;
    return -1;
  }
  return 0;
}

int load_seccomp(void) {
  if (!compiled) {
    errno = EINVAL;
    return -1;
  }
  struct sock_fprog prog = {.len = compiled_len, .filter = compiled};
  /* no_new_privs is set by then, which lets an unprivileged process install a filter. */
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}
