using System;
using System.Diagnostics;
using System.IO;
using System.Text;

class Program
{
    static int Depth(int n)
    {
        if (n == 0) return 0;
        return Depth(n - 1) + 1;
    }

    static void Main()
    {
        string[] args = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        var output = new StreamWriter(Console.OpenStandardOutput());
        switch (args[0])
        {
            case "sum":
                output.WriteLine(long.Parse(args[1]) + long.Parse(args[2]));
                break;
            case "wa":
                output.WriteLine(4);
                break;
            case "ws":
                output.Write("1 2   \n3\t \n\n\n");
                break;
            case "pe":
                output.Write("1\n2\n");
                break;
            case "tle":
                long x = 0;
                while (x >= 0) x = (x + 1) % 1000;
                break;
            case "mle":
                var big = new byte[512 << 20];
                for (int i = 0; i < big.Length; i += 4096) big[i] = 1;
                output.WriteLine(big[12345]);
                break;
            case "ole":
                string line = new string('x', 65536);
                while (true) output.Write(line);
            case "sign":
                int[] a = new int[1];
                output.WriteLine(a[int.Parse("7")]);
                break;
            case "rec":
                output.WriteLine(Depth(int.Parse(args[1])));
                break;
            case "cpu":
                long ms = long.Parse(args[1]);
                var self = Process.GetCurrentProcess();
                long y = 0;
                while (self.TotalProcessorTime.TotalMilliseconds < ms)
                {
                    for (int i = 0; i < 100000; i++) y += i;
                    self.Refresh();
                }
                output.WriteLine("ok");
                break;
            case "mem":
                int mb = int.Parse(args[1]);
                var block = new byte[mb << 20];
                for (int i = 0; i < block.Length; i += 4096) block[i] = 1;
                output.WriteLine(block[mb * 4096] == 1 ? "ok" : "bad");
                break;
        }
        output.Flush();
    }
}
