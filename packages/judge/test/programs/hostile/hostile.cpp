// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

static bool blocked(const char *ip, int port) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return true;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  inet_pton(AF_INET, ip, &a.sin_addr);
  int r = connect(s, reinterpret_cast<sockaddr *>(&a), sizeof a);
  close(s);
  return r != 0;
}

int main() {
  std::string what;
  std::cin >> what;
  if (what == "fork")
    for (;;) fork();
  if (what == "threads") {
    int n = 0;
    try {
      for (; n < 10000; n++) std::thread([] { pause(); }).detach();
    } catch (...) {
    }
    std::cout << (n < 10000 ? "capped" : "uncapped") << std::endl;
    _exit(0);
  }
  if (what == "write")
    for (const char *p : {"/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"})
      std::cout << (open(p, O_WRONLY | O_CREAT, 0644) < 0 ? "denied" : "written") << "\n";
  if (what == "net")
    std::cout << (blocked("127.0.0.1", 5432) && blocked("127.0.0.1", 6379) && blocked("127.0.0.1", 8080) &&
                          blocked("1.1.1.1", 53)
                      ? "blocked"
                      : "connected")
              << "\n";
  if (what == "kill") {
    kill(-1, SIGKILL);
    kill(getppid(), SIGKILL);
    kill(1, SIGKILL);
    std::cout << "done\n";
  }
}
