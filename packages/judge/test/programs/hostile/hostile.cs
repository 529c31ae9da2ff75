// Hostile behaviours, chosen by the first input word (packages/judge/src/languages/hostile.test.ts).
using System;
using System.Diagnostics;
using System.IO;
using System.Net.Sockets;
using System.Threading;

class Program
{
    static bool Blocked(string host, int port)
    {
        try
        {
            using (var c = new TcpClient())
            {
                c.Connect(host, port);
                return !c.Connected;
            }
        }
        catch (Exception)
        {
            return true;
        }
    }

    static void Sh(string script)
    {
        try
        {
            Process.Start(new ProcessStartInfo("/bin/sh", "-c \"" + script + "\"") { UseShellExecute = false });
        }
        catch (Exception)
        {
            // refused: keep trying
        }
    }

    static void Main()
    {
        string what = Console.In.ReadToEnd().Trim().Split(' ', '\n')[0];
        switch (what)
        {
            case "fork":
                while (true) Sh("sleep 100");
            case "threads":
                int n = 0;
                try
                {
                    for (; n < 10000; n++)
                        new Thread(() => Thread.Sleep(1000000)) { IsBackground = true }.Start();
                }
                catch (Exception)
                {
                    // out of threads
                }
                Console.WriteLine(n < 10000 ? "capped" : "uncapped");
                Console.Out.Flush();
                Environment.Exit(0);
                break;
            case "write":
                foreach (var p in new[] { "/etc/oj-hostile", "/usr/oj-hostile", "/prog/oj-hostile", "/oj-hostile" })
                {
                    try
                    {
                        File.WriteAllText(p, "");
                        Console.WriteLine("written");
                    }
                    catch (Exception)
                    {
                        Console.WriteLine("denied");
                    }
                }
                break;
            case "net":
                bool b = Blocked("127.0.0.1", 5432) && Blocked("127.0.0.1", 6379) && Blocked("127.0.0.1", 8080) && Blocked("1.1.1.1", 53);
                Console.WriteLine(b ? "blocked" : "connected");
                break;
            case "kill":
                Sh("kill -9 -1; kill -9 1");
                Console.WriteLine("done");
                break;
        }
    }
}
