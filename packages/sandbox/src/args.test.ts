// The wrapper's validation and the helper's command line (no root needed).
import { describe, expect, it } from 'vitest';
import { helperArgs, InvalidSpecError } from './args';
import { parseHelperResult } from './run-helper';
import type { RunSpec } from './types';

const base: RunSpec = {
  argv: ['/box/main', 'a b'],
  workDir: '/tmp/w',
  limits: { cpuMs: 1000, wallMs: 2000, memoryKiB: 65536, processes: 8, fileSizeBytes: 1024, openFiles: 16 },
};

describe('helperArgs', () => {
  it('passes every field through, the program last', () => {
    const args = helperArgs({
      ...base,
      cwd: '/box/sub',
      stdinFile: '/i',
      stdoutFile: '/o',
      stderrFile: '/e',
      env: { PATH: '/usr/bin', X: 'a=b' },
      readOnlyBinds: [{ host: '/data/x', box: '/data/input' }],
    });
    expect(args).toEqual([
      'run', '--work-dir', '/tmp/w', '--cwd', '/box/sub', '--stdin', '/i', '--stdout', '/o', '--stderr', '/e',
      '--ro', '/data/x', '/data/input', '--env', 'PATH=/usr/bin', '--env', 'X=a=b',
      '--cpu-ms', '1000', '--wall-ms', '2000', '--memory-kib', '65536', '--processes', '8', '--fsize', '1024', '--nofile', '16',
      '--', '/box/main', 'a b',
    ]);
  });

  it('passes the disk caps only when given', () => {
    const args = helperArgs({ ...base, limits: { ...base.limits, diskBytes: 4096.5, diskFiles: 10 } });
    expect(args.slice(args.indexOf('--nofile'), args.indexOf('--'))).toEqual(['--nofile', '16', '--disk-bytes', '4097', '--disk-files', '10']);
  });

  it('passes the niceness only when not 0', () => {
    expect(helperArgs({ ...base, nice: 0 })).not.toContain('--nice');
    const args = helperArgs({ ...base, nice: 10 });
    expect(args.slice(args.indexOf('--nice'), args.indexOf('--'))).toEqual(['--nice', '10']);
  });

  it.each([
    ['empty argv', { argv: [] }],
    ['a negative niceness', { nice: -5 }],
    ['a niceness over 19', { nice: 20 }],
    ['relative work dir', { workDir: 'w' }],
    ['relative stdout', { stdoutFile: 'out' }],
    ['NUL in an argument', { argv: ['/a\0b'] }],
    ['= in an env name', { env: { 'A=B': 'x' } }],
    ['bind onto /', { readOnlyBinds: [{ host: '/x', box: '/' }] }],
    ['bind with ..', { readOnlyBinds: [{ host: '/x', box: '/data/../etc' }] }],
    ['bind into the work dir', { readOnlyBinds: [{ host: '/x', box: '/box/input' }] }],
    ['bind over /tmp', { readOnlyBinds: [{ host: '/x', box: '/tmp' }] }],
    ['zero CPU', { limits: { ...base.limits, cpuMs: 0 } }],
    ['tiny memory', { limits: { ...base.limits, memoryKiB: 10 } }],
    ['NaN wall', { limits: { ...base.limits, wallMs: Number.NaN } }],
    ['zero disk', { limits: { ...base.limits, diskBytes: 0 } }],
  ] as [string, Partial<RunSpec>][])('refuses %s', (_name, change) => {
    expect(() => helperArgs({ ...base, ...change })).toThrow(InvalidSpecError);
  });
});

describe('parseHelperResult', () => {
  it('reads the last JSON line', () => {
    const line = '{"outcome":"cpu-limit","exitCode":null,"signal":9,"timeMs":1001,"wallMs":1200,"memoryKiB":512,"message":"","slot":3}';
    expect(parseHelperResult(`noise\n${line}\n`)).toEqual({
      outcome: 'cpu-limit',
      exitCode: null,
      signal: 9,
      timeMs: 1001,
      wallMs: 1200,
      memoryKiB: 512,
      slot: 3,
    });
    expect(parseHelperResult('{"outcome":"output-limit","diskFull":true}')).toMatchObject({ outcome: 'output-limit', diskFull: true });
  });

  it('rejects anything else', () => {
    expect(parseHelperResult('')).toBeNull();
    expect(parseHelperResult('{"outcome":"won"}')).toBeNull();
  });
});
