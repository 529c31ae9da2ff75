#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static long cpu_ms(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000L + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
}

/* volatile keeps the frame (and the read after the call) so the recursion cannot become a loop. */
static int depth(int n) {
  volatile int here = n;
  if (n == 0) return 0;
  return depth(n - 1) + (here > 0 ? 1 : 0);
}

int main(void) {
  char what[16];
  if (scanf("%15s", what) != 1) return 1;
  if (!strcmp(what, "sum")) { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\n", a + b); }
  else if (!strcmp(what, "wa")) puts("4");
  else if (!strcmp(what, "ws")) fputs("1 2   \n3\t \n\n\n", stdout);
  else if (!strcmp(what, "pe")) fputs("1\n2\n", stdout);
  else if (!strcmp(what, "tle")) { volatile unsigned long x = 0; for (;;) x = x + 1; }
  else if (!strcmp(what, "mle")) { size_t n = 512u << 20; volatile char *p = malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; printf("%d\n", p[12288]); }
  else if (!strcmp(what, "ole")) { for (;;) fputs("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", stdout); }
  else if (!strcmp(what, "sign")) { volatile int *p = NULL; *p = 1; }
  else if (!strcmp(what, "rec")) { int n; scanf("%d", &n); printf("%d\n", depth(n)); }
  else if (!strcmp(what, "cpu")) { long ms; scanf("%ld", &ms); volatile unsigned long x = 0; while (cpu_ms() < ms) for (int i = 0; i < 100000; i++) x = x + i; puts("ok"); }
  else if (!strcmp(what, "mem")) { size_t mb; scanf("%zu", &mb); char *p = malloc(mb << 20); memset(p, 1, mb << 20); puts(p[mb] == 1 ? "ok" : "bad"); }
  return 0;
}
