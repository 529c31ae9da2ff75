// The toolchains the judge uses must work inside the box: the seccomp filter, the read-only view,
// the limits (no RLIMIT_AS, stack = memory, enough tasks for JVM and Go threads) are all tested
// here for real, compiling and running a small program in each language.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInSandbox } from './index';
import { makeWorkDir, removeMadeDirs } from '../test/support';
import type { Limits } from './types';

afterAll(removeMadeDirs);

const limits: Limits = { cpuMs: 30_000, wallMs: 90_000, memoryKiB: 1024 * 1024, processes: 128, fileSizeBytes: 64 << 20, openFiles: 256 };
const env = { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/box' };

async function inBox(workDir: string, argv: string[], extraEnv: Record<string, string> = {}) {
  const io = makeWorkDir();
  const res = await runInSandbox({
    argv,
    workDir,
    env: { ...env, ...extraEnv },
    stdoutFile: join(io, 'out'),
    stderrFile: join(io, 'err'),
    limits,
  });
  return { res, out: readFileSync(join(io, 'out'), 'utf8'), err: readFileSync(join(io, 'err'), 'utf8') };
}

function source(name: string, text: string): string {
  const dir = makeWorkDir();
  writeFileSync(join(dir, name), text);
  return dir;
}

describe('toolchains inside the box', () => {
  it.skipIf(!existsSync('/usr/bin/g++'))('C++: g++ compiles with <bits/stdc++.h> and the program runs', async () => {
    const dir = source('main.cpp', '#include <bits/stdc++.h>\nint main() { std::vector<int> v(3, 7); std::cout << v[2] << "\\n"; }\n');
    const compile = await inBox(dir, ['/usr/bin/g++', '-O2', '-o', 'main', 'main.cpp']);
    expect(compile.res, compile.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const run = await inBox(dir, ['/box/main']);
    expect(run.out).toBe('7\n');
  });

  it.skipIf(!existsSync('/usr/bin/javac'))('Java: javac and the JVM (many threads, large virtual memory)', async () => {
    const dir = source('Main.java', 'public class Main { public static void main(String[] a) { System.out.println("java " + (1 + 1)); } }\n');
    const compile = await inBox(dir, ['/usr/bin/javac', '-J-Xmx512m', 'Main.java']);
    expect(compile.res, compile.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const run = await inBox(dir, ['/usr/bin/java', '-Xmx256m', '-Xss64m', 'Main']);
    expect(run.res, run.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(run.out).toBe('java 2\n');
  });

  it.skipIf(!existsSync('/usr/bin/go'))('Go: go build and the binary', async () => {
    const dir = source('main.go', 'package main\nimport "fmt"\nfunc main() { fmt.Println("go", 40+2) }\n');
    const goEnv = { GOCACHE: '/tmp/gocache', GOPATH: '/tmp/gopath', GO111MODULE: 'off' };
    const compile = await inBox(dir, ['/usr/bin/go', 'build', '-o', 'main', 'main.go'], goEnv);
    expect(compile.res, compile.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const run = await inBox(dir, ['/box/main']);
    expect(run.out).toBe('go 42\n');
  });

  it('Python 3', async () => {
    const dir = source('main.py', 'import sys\nprint("py", sum(range(5)), sys.version_info[0])\n');
    const run = await inBox(dir, ['/usr/bin/python3', 'main.py']);
    expect(run.res, run.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(run.out).toBe('py 10 3\n');
  });

  it.skipIf(!existsSync('/usr/bin/mono'))('C# (Mono): its configuration in /etc/mono is in the view (dllmap of System.Native)', async () => {
    const dir = source('main.cs', 'class P { static void Main() { System.Console.WriteLine("cs " + System.IO.File.Exists("/box/main.cs")); } }\n');
    const compile = await inBox(dir, ['/usr/bin/mono', '/usr/lib/mono/4.5/mcs.exe', '-out:main.exe', 'main.cs']);
    expect(compile.res, compile.out + compile.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    const run = await inBox(dir, ['/usr/bin/mono', '/box/main.exe']);
    expect(run.res, run.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(run.out).toBe('cs True\n');
  });

  it('JavaScript (Node)', async () => {
    const dir = source('main.js', 'console.log("node", [1, 2, 3].reduce((a, b) => a + b));\n');
    const run = await inBox(dir, ['/usr/bin/node', 'main.js']);
    expect(run.res, run.err).toMatchObject({ outcome: 'exited', exitCode: 0 });
    expect(run.out).toBe('node 6\n');
  });
});
