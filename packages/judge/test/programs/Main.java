import java.io.*;
import java.lang.management.ManagementFactory;
import java.util.*;

public class Main {
  static int depth(int n) { return n == 0 ? 0 : depth(n - 1) + 1; }

  static long cpuMs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1_000_000L;
  }

  public static void main(String[] a) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    StringTokenizer st = new StringTokenizer(in.readLine());
    String what = st.nextToken();
    PrintStream out = System.out;
    switch (what) {
      case "sum": out.println(Long.parseLong(st.nextToken()) + Long.parseLong(st.nextToken())); break;
      case "wa": out.println(4); break;
      case "ws": out.print("1 2   \n3\t \n\n\n"); break;
      case "pe": out.print("1\n2\n"); break;
      case "tle": { long x = 0; while (true) { x++; if (x == -1) break; } out.println(x); break; }
      case "mle": { byte[] b = new byte[512 << 20]; Arrays.fill(b, (byte) 1); out.println(b[12345]); break; }
      case "ole": { char[] line = new char[65536]; Arrays.fill(line, 'x'); String s = new String(line); while (true) out.print(s); }
      case "sign": throw new RuntimeException("boom");
      case "rec": out.println(depth(Integer.parseInt(st.nextToken()))); break;
      case "cpu": { long ms = Long.parseLong(st.nextToken()); long x = 0; while (cpuMs() < ms) for (int i = 0; i < 100000; i++) x += i; out.println(x >= 0 ? "ok" : "ok"); break; }
      case "mem": { byte[] b = new byte[Integer.parseInt(st.nextToken()) << 20]; Arrays.fill(b, (byte) 1); out.println(b[5] == 1 ? "ok" : "bad"); break; }
      default: break;
    }
    out.flush();
  }
}
