/* Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts). */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void *sleeper(void *arg) {
  pause();
  return arg;
}

static int blocked(const char *ip, int port) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return 1;
  struct sockaddr_in a = {0};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  inet_pton(AF_INET, ip, &a.sin_addr);
  int r = connect(s, (struct sockaddr *)&a, sizeof a);
  close(s);
  return r != 0;
}

int main(void) {
  char what[16];
  if (scanf("%15s", what) != 1) return 1;
  if (!strcmp(what, "fork"))
    for (;;) fork();
  if (!strcmp(what, "threads")) {
    int n = 0;
    pthread_t t;
    while (n < 10000 && pthread_create(&t, 0, sleeper, 0) == 0) n++;
    puts(n < 10000 ? "capped" : "uncapped");
    fflush(stdout);
    _exit(0);
  }
  if (!strcmp(what, "write")) {
    const char *paths[] = {"/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"};
    for (int i = 0; i < 4; i++) puts(open(paths[i], O_WRONLY | O_CREAT, 0644) < 0 ? "denied" : "written");
  }
  if (!strcmp(what, "net"))
    puts(blocked("127.0.0.1", 5432) && blocked("127.0.0.1", 6379) && blocked("127.0.0.1", 8080) &&
                 blocked("1.1.1.1", 53)
             ? "blocked"
             : "connected");
  if (!strcmp(what, "kill")) {
    kill(-1, SIGKILL);
    kill(getppid(), SIGKILL);
    kill(1, SIGKILL);
    puts("done");
  }
  return 0;
}
