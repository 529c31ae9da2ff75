/* Small helpers: file I/O for cgroup files, directories, clocks, JSON escaping. */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void (*fail_hook)(void);
void set_fail_hook(void (*hook)(void)) { fail_hook = hook; }

/* A helper failure before the box exists: one JSON line with outcome sandbox-error, status 2. */
void fail(const char *fmt, ...) {
  char text[512], escaped[1100];
  if (fail_hook) {
    void (*hook)(void) = fail_hook;
    fail_hook = NULL;
    hook();
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  json_string(escaped, sizeof escaped, text);
  printf("{\"outcome\":\"sandbox-error\",\"exitCode\":null,\"signal\":null,\"timeMs\":0,\"wallMs\":0,"
         "\"memoryKiB\":0,\"message\":%s}\n",
         escaped);
  fflush(stdout);
  _exit(2);
}

int write_text(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t len = strlen(text);
  ssize_t n = write(fd, text, len);
  int saved = errno;
  close(fd);
  errno = saved;
  return n == (ssize_t)len ? 0 : -1;
}

int read_text(const char *path, char *buf, size_t size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  size_t used = 0;
  while (used + 1 < size) {
    ssize_t n = read(fd, buf + used, size - 1 - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      close(fd);
      return -1;
    }
    if (n == 0) break;
    used += (size_t)n;
  }
  buf[used] = 0;
  close(fd);
  return (int)used;
}

int read_u64(const char *path, uint64_t *value) {
  char buf[64];
  if (read_text(path, buf, sizeof buf) < 0) return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(buf, &end, 10);
  if (errno || end == buf) return -1;
  *value = v;
  return 0;
}

static int keyed(char *buf, const char *key, uint64_t *value);

/* Reads "key value" lines (cpu.stat, memory.events, memory.oom_control). */
int read_keyed_u64(const char *path, const char *key, uint64_t *value) {
  char buf[4096];
  if (read_text(path, buf, sizeof buf) < 0) return -1;
  return keyed(buf, key, value);
}

static int pread_text(int fd, char *buf, size_t size) {
  ssize_t n = pread(fd, buf, size - 1, 0);
  if (n < 0) return -1;
  buf[n] = 0;
  return (int)n;
}

int pread_u64(int fd, uint64_t *value) {
  char buf[64];
  if (pread_text(fd, buf, sizeof buf) < 0) return -1;
  *value = strtoull(buf, NULL, 10);
  return 0;
}

int pread_keyed_u64(int fd, const char *key, uint64_t *value) {
  char buf[4096];
  if (pread_text(fd, buf, sizeof buf) < 0) return -1;
  return keyed(buf, key, value);
}

static int keyed(char *buf, const char *key, uint64_t *value) {
  size_t klen = strlen(key);
  for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
    if (strncmp(line, key, klen) == 0 && line[klen] == ' ') {
      *value = strtoull(line + klen + 1, NULL, 10);
      return 0;
    }
  }
  return -1;
}

int mkdir_p(const char *path, mode_t mode) {
  char tmp[PATH_MAX];
  if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp) {
    errno = ENAMETOOLONG;
    return -1;
  }
  for (char *p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(tmp, mode) < 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  if (mkdir(tmp, mode) < 0 && errno != EEXIST) return -1;
  return 0;
}

uint64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void json_string(char *out, size_t size, const char *text) {
  size_t o = 0;
  if (size < 3) return;
  out[o++] = '"';
  for (const unsigned char *p = (const unsigned char *)text; *p && o + 8 < size; p++) {
    if (*p == '"' || *p == '\\') {
      out[o++] = '\\';
      out[o++] = (char)*p;
    } else if (*p < 0x20) {
      o += (size_t)snprintf(out + o, size - o, "\\u%04x", *p);
    } else {
      out[o++] = (char)*p;
    }
  }
  out[o++] = '"';
  out[o] = 0;
}

void trace(const char *what) {
  static int enabled = -1;
  if (enabled < 0) enabled = getenv("OJ_SANDBOX_TRACE") != NULL;
  if (!enabled) return;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  fprintf(stderr, "%ld.%06ld %d %s\n", (long)ts.tv_sec, ts.tv_nsec / 1000, (int)getpid(), what);
}

/* Reads a pipe to EOF into a malloc'd buffer. */
char *read_all_fd(int fd, size_t *len) {
  size_t cap = 4096, used = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (!buf) return NULL;
    if (used == cap) buf = realloc(buf, cap *= 2);
    if (!buf) return NULL;
    ssize_t n = read(fd, buf + used, cap - used);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    used += (size_t)n;
  }
  *len = used;
  return buf;
}
