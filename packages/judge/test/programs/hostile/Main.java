// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
import java.io.*;
import java.net.*;
import java.util.*;

public class Main {
  static boolean blocked(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 2000);
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  static void sh(String script) {
    try {
      new ProcessBuilder("/bin/sh", "-c", script).start();
    } catch (IOException e) {
      // refused: keep trying
    }
  }

  public static void main(String[] args) throws Exception {
    String what = new Scanner(System.in).next();
    switch (what) {
      case "fork":
        while (true) sh("sleep 100");
      case "threads": {
        int n = 0;
        try {
          for (; n < 10000; n++) {
            Thread t = new Thread(() -> { try { Thread.sleep(1_000_000); } catch (InterruptedException e) { } });
            t.setDaemon(true);
            t.start();
          }
        } catch (Throwable e) {
          // out of threads
        }
        System.out.println(n < 10000 ? "capped" : "uncapped");
        System.out.flush();
        Runtime.getRuntime().halt(0);
      }
      case "write":
        for (String p : new String[] {"/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile"}) {
          try {
            new FileOutputStream(p).close();
            System.out.println("written");
          } catch (IOException e) {
            System.out.println("denied");
          }
        }
        break;
      case "net":
        boolean b = blocked("127.0.0.1", 5432) && blocked("127.0.0.1", 6379) && blocked("127.0.0.1", 8080) && blocked("1.1.1.1", 53);
        System.out.println(b ? "blocked" : "connected");
        break;
      case "kill":
        sh("kill -9 -1; kill -9 1");
        ProcessHandle.current().parent().ifPresent(ProcessHandle::destroyForcibly);
        System.out.println("done");
        break;
    }
  }
}
