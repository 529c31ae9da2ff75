import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './cli-args';
import { naturalCompare } from './natural-sort';

describe('parseArgs', () => {
  it('parses run with defaults', () => {
    expect(parseArgs(['run', '--lang', 'C++', '--source', 'a.cpp', '--tests', 't'])).toEqual({
      command: 'run',
      lang: 'C++',
      source: 'a.cpp',
      tests: 't',
      timeMs: 1000,
      memoryMiB: 256,
      checker: undefined,
      all: false,
      floatEps: undefined,
    });
  });

  it('parses every option', () => {
    const args = parseArgs([
      'run',
      '--lang',
      'Python3',
      '--source',
      'a.py',
      '--tests',
      't',
      '--time',
      '2000',
      '--memory',
      '64',
      '--checker',
      'chk.cpp',
      '--all',
      '--float',
      '1e-6',
    ]);
    expect(args).toMatchObject({
      timeMs: 2000,
      memoryMiB: 64,
      checker: 'chk.cpp',
      all: true,
      floatEps: 1e-6,
    });
  });

  it('parses worker', () => {
    expect(parseArgs(['worker'])).toEqual({ command: 'worker' });
  });

  it('rejects bad input with a usage error naming the option', () => {
    const bad: [string[], RegExp][] = [
      [[], /missing command/],
      [['judge'], /unknown command/],
      [['run', '--source', 'a', '--tests', 't'], /--lang is required/],
      [['run', '--lang', 'Rust', '--source', 'a', '--tests', 't'], /--lang must be one of/],
      [['run', '--lang', 'C', '--tests', 't'], /--source is required/],
      [['run', '--lang', 'C', '--source', 'a'], /--tests is required/],
      [
        ['run', '--lang', 'C', '--source', 'a', '--tests', 't', '--time', '0'],
        /--time expects a positive integer/,
      ],
      [['run', '--lang', 'C', '--source', 'a', '--tests', 't', '--memory'], /--memory needs a value/],
      [['run', '--lang', 'C', '--source', 'a', '--tests', 't', '--bogus', '1'], /unknown option/],
    ];
    for (const [argv, message] of bad) {
      expect(() => parseArgs(argv)).toThrow(UsageError);
      expect(() => parseArgs(argv)).toThrow(message);
    }
  });
});

describe('naturalCompare', () => {
  it('orders numbers by value', () => {
    expect(['10', '2', '1', 'b', 'a10', 'a2'].sort(naturalCompare)).toEqual([
      '1',
      '2',
      '10',
      'a2',
      'a10',
      'b',
    ]);
    expect(['test10', 'test9', 'test1'].sort(naturalCompare)).toEqual(['test1', 'test9', 'test10']);
    expect(naturalCompare('1', '01')).toBeLessThan(0);
    expect(naturalCompare('x', 'x')).toBe(0);
  });
});
