import java.io.PrintWriter
import java.lang.management.ManagementFactory

fun depth(n: Int): Int = if (n == 0) 0 else depth(n - 1) + 1

fun main() {
    val args = generateSequence(::readLine).joinToString(" ").trim().split(Regex("\\s+"))
    val out = PrintWriter(System.out.bufferedWriter())
    when (args[0]) {
        "sum" -> out.println(args[1].toLong() + args[2].toLong())
        "wa" -> out.println(4)
        "ws" -> out.print("1 2   \n3\t \n\n\n")
        "pe" -> out.print("1\n2\n")
        "tle" -> {
            var x = 0L
            while (x >= 0) x = (x + 1) % 1000
        }
        "mle" -> {
            val big = ByteArray(512 shl 20)
            for (i in big.indices step 4096) big[i] = 1
            out.println(big[12345])
        }
        "ole" -> {
            val line = "x".repeat(65536)
            while (true) {
                out.print(line)
                out.flush()
            }
        }
        "sign" -> {
            val a = IntArray(1)
            out.println(a["7".toInt()])
        }
        "rec" -> out.println(depth(args[1].toInt()))
        "cpu" -> {
            val limitNs = args[1].toLong() * 1_000_000
            val bean = ManagementFactory.getOperatingSystemMXBean() as com.sun.management.OperatingSystemMXBean
            var y = 0L
            while (bean.processCpuTime < limitNs) for (i in 0 until 100000) y += i
            out.println("ok")
        }
        "mem" -> {
            val mb = args[1].toInt()
            val block = ByteArray(mb shl 20)
            for (i in block.indices step 4096) block[i] = 1
            out.println(if (block[mb * 4096].toInt() == 1) "ok" else "bad")
        }
    }
    out.flush()
}
