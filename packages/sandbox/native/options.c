/* Command line of the helper (built by the TypeScript wrapper, never typed by people):
 *   oj-sandbox run --work-dir DIR [--cwd DIR] [--stdin F] [--stdout F] [--stderr F]
 *                  [--ro HOST BOX]... [--env K=V]... --cpu-ms N --wall-ms N --memory-kib N
 *                  --processes N --fsize N --nofile N [--disk-bytes N] [--disk-files N] [--nice N]
 *                  [--discard-writes 1]
 *                  -- PROGRAM ARGS...
 */
#include "sandbox.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static uint64_t parse_u64(const char *name, const char *text) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(text, &end, 10);
  if (errno || *end || end == text || text[0] == '-') fail("invalid number for %s: %s", name, text);
  return v;
}

/* Extra binds may not land in the box's own mounts: under /box they would be created through
 * whatever the program left in the work dir (a symlink to the host's /etc, say), as root. */
static bool reserved_target(const char *p) {
  const char *reserved[] = {"/box", "/tmp", "/proc", "/dev"};
  for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
    size_t n = strlen(reserved[i]);
    if (strncmp(p, reserved[i], n) == 0 && (p[n] == 0 || p[n] == '/')) return true;
  }
  return false;
}

static bool is_box_path(const char *p) {
  return p[0] == '/' && strstr(p, "/..") == NULL && strstr(p, "/./") == NULL;
}

void parse_options(int argc, char **argv, struct options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->cwd = "/box";
  bool seen[6] = {false};
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (!v) fail("option %s needs a value", a);
    if (strcmp(a, "--work-dir") == 0) opt->work_dir = v;
    else if (strcmp(a, "--cwd") == 0) opt->cwd = v;
    else if (strcmp(a, "--stdin") == 0) opt->stdin_file = v;
    else if (strcmp(a, "--stdout") == 0) opt->stdout_file = v;
    else if (strcmp(a, "--stderr") == 0) opt->stderr_file = v;
    else if (strcmp(a, "--env") == 0) {
      if (opt->nenv >= MAX_ENV) fail("too many environment variables");
      if (!strchr(v, '=') || v[0] == '=') fail("invalid environment entry: %s", v);
      opt->env[opt->nenv++] = (char *)v;
    } else if (strcmp(a, "--ro") == 0) {
      if (i + 2 >= argc) fail("--ro needs HOST and BOX");
      if (opt->nbinds >= MAX_BINDS) fail("too many binds");
      const char *box = argv[i + 2];
      if (v[0] != '/' || !is_box_path(box) || strcmp(box, "/") == 0 || reserved_target(box))
        fail("invalid bind %s -> %s", v, box);
      opt->binds[opt->nbinds].host = v;
      opt->binds[opt->nbinds].box = box;
      opt->nbinds++;
      i++;
    } else if (strcmp(a, "--cpu-ms") == 0) opt->cpu_ms = parse_u64(a, v), seen[0] = true;
    else if (strcmp(a, "--wall-ms") == 0) opt->wall_ms = parse_u64(a, v), seen[1] = true;
    else if (strcmp(a, "--memory-kib") == 0) opt->memory_kib = parse_u64(a, v), seen[2] = true;
    else if (strcmp(a, "--processes") == 0) opt->processes = parse_u64(a, v), seen[3] = true;
    else if (strcmp(a, "--fsize") == 0) opt->fsize_bytes = parse_u64(a, v), seen[4] = true;
    else if (strcmp(a, "--nofile") == 0) opt->open_files = parse_u64(a, v), seen[5] = true;
    else if (strcmp(a, "--disk-bytes") == 0) opt->disk_bytes = parse_u64(a, v);
    else if (strcmp(a, "--disk-files") == 0) opt->disk_files = parse_u64(a, v);
    else if (strcmp(a, "--discard-writes") == 0) {
      /* A flag with a value, like every option here: "1" discards. */
      opt->discard_writes = strcmp(v, "1") == 0;
    } else if (strcmp(a, "--nice") == 0) {
      uint64_t nice = parse_u64(a, v);
      if (nice > 19) fail("--nice must be 0 to 19: %s", v);
      opt->nice = (int)nice;
    }    else fail("unknown option %s", a);
    i++;
  }
  for (int k = 0; k < 6; k++)
    if (!seen[k]) fail("every limit must be given");
  if (opt->cpu_ms == 0 || opt->wall_ms == 0 || opt->memory_kib < 1024 || opt->processes == 0 ||
      opt->open_files < 4)
    fail("limits out of range");
  /* By default a run may write in all what it may write in one file, in at most 4096 files (a Go
   * build cache is a few hundred). tmpfs counts in pages, and takes size=0 as "no limit". */
  if (opt->disk_bytes == 0) opt->disk_bytes = opt->fsize_bytes;
  if (opt->disk_bytes < 4096) opt->disk_bytes = 4096;
  if (opt->disk_files == 0) opt->disk_files = 4096;
  if (!opt->work_dir || opt->work_dir[0] != '/') fail("--work-dir must be an absolute path");
  if (!is_box_path(opt->cwd)) fail("--cwd must be an absolute path inside the box");
  if (i >= argc) fail("no program given");
  opt->argv = argv + i;
  opt->env[opt->nenv] = NULL;
}
