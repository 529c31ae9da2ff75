/**
 * Builds and runs OUR reference programs (solutions, generators, checkers) directly on the host.
 * This is only for trusted seed content: user code never goes through here, it goes through the
 * judge and its sandbox.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '@oj/shared';

/** /usr/bin/python3 is Debian's; a PATH python may be a user's pyenv with another version. */
export const PYTHON = '/usr/bin/python3';

export interface Command {
  cmd: string;
  args: string[];
}

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

const TOOL_ENV = {
  ...process.env,
  // Go needs a build cache; a fresh machine or a test's PID namespace may have no usable HOME.
  GOCACHE: process.env.GOCACHE ?? join(tmpdir(), 'oj-seed-go-cache'),
};

/** Runs a command to completion; `timeoutMs` guards against a broken reference program hanging. */
export function run(command: Command, input = '', timeoutMs = 20_000, cwd?: string): RunResult {
  const res = spawnSync(command.cmd, command.args, {
    input,
    cwd,
    env: TOOL_ENV,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.error) throw new Error(`${command.cmd} ${command.args.join(' ')}: ${res.error.message}`);
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** Like run() but a nonzero exit is an error: used for compilers and reference programs. */
export function runOk(command: Command, input = '', timeoutMs?: number, cwd?: string): string {
  const res = run(command, input, timeoutMs, cwd);
  if (res.status !== 0) {
    throw new Error(`${command.cmd} ${command.args.join(' ')} exited with ${res.status}:\n${res.stderr.slice(0, 2000)}`);
  }
  return res.stdout;
}

/** Compiles a C++ file with the flags the judge uses for C++17 submissions. */
export function compileCpp(source: string, binary: string): Command {
  runOk({ cmd: 'g++', args: ['-std=c++17', '-O2', '-Wall', '-o', binary, source] }, '', 120_000);
  return { cmd: binary, args: [] };
}

/**
 * Prepares a program in `workDir` and returns how to run it. Compiled languages are built here;
 * Java's file is copied to Main.java because javac wants the file named after the public class.
 */
export function prepareProgram(language: Language, source: string, workDir: string): Command {
  mkdirSync(workDir, { recursive: true });
  const file = (name: string) => {
    const path = join(workDir, name);
    writeFileSync(path, source);
    return path;
  };
  const compile = (cmd: string, args: string[]) => runOk({ cmd, args }, '', 120_000, workDir);
  switch (language) {
    case 'C':
      compile('gcc', ['-std=c11', '-O2', '-o', join(workDir, 'main'), file('main.c'), '-lm']);
      return { cmd: join(workDir, 'main'), args: [] };
    case 'C++':
      return compileCpp(file('main.cpp'), join(workDir, 'main'));
    case 'Python3':
      return { cmd: PYTHON, args: [file('main.py')] };
    case 'Java':
      compile('javac', ['-encoding', 'UTF-8', '-d', workDir, file('Main.java')]);
      return { cmd: 'java', args: ['-Xss64m', '-cp', workDir, 'Main'] };
    case 'Go':
      compile('go', ['build', '-o', join(workDir, 'main'), file('main.go')]);
      return { cmd: join(workDir, 'main'), args: [] };
    case 'JavaScript':
      return { cmd: process.execPath, args: [file('main.js')] };
    default:
      // The demo problems' reference solutions are in the six languages of SPEC §3 only.
      throw new Error(`no reference solution is run in ${language}`);
  }
}
