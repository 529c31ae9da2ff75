// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
import java.io.File
import java.net.InetSocketAddress
import java.net.Socket

fun blocked(host: String, port: Int): Boolean =
    try {
        Socket().use { it.connect(InetSocketAddress(host, port), 2000) }
        false
    } catch (e: Exception) {
        true
    }

fun sh(script: String) {
    try {
        ProcessBuilder("/bin/sh", "-c", script).start()
    } catch (e: Exception) {
        // refused: keep trying
    }
}

fun main() {
    when (readLine()!!.trim().split(" ")[0]) {
        "fork" -> while (true) sh("sleep 100")
        "threads" -> {
            var n = 0
            try {
                while (n < 10000) {
                    Thread { Thread.sleep(1_000_000) }.apply { isDaemon = true }.start()
                    n++
                }
            } catch (e: Throwable) {
                // out of threads
            }
            println(if (n < 10000) "capped" else "uncapped")
            System.out.flush()
            Runtime.getRuntime().halt(0)
        }
        "write" -> for (p in listOf("/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile")) {
            println(if (runCatching { File(p).writeText("") }.isSuccess) "written" else "denied")
        }
        "net" -> {
            val all = listOf("127.0.0.1" to 5432, "127.0.0.1" to 6379, "127.0.0.1" to 8080, "1.1.1.1" to 53)
                .all { (h, p) -> blocked(h, p) }
            println(if (all) "blocked" else "connected")
        }
        "kill" -> {
            sh("kill -9 -1; kill -9 1")
            ProcessHandle.current().parent().ifPresent { it.destroyForcibly() }
            println("done")
        }
    }
}
