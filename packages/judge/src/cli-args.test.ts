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

  it('parses languages, with or without --json', () => {
    expect(parseArgs(['languages'])).toEqual({ command: 'languages', json: false });
    expect(parseArgs(['languages', '--json'])).toEqual({ command: 'languages', json: true });
  });

  it('--lang takes the names `languages` prints, in any case, and their aliases', () => {
    const lang = (name: string) =>
      (parseArgs(['run', '--lang', name, '--source', 'a', '--tests', 't']) as { lang: string }).lang;
    expect(['C#', 'csharp', 'kotlin', 'PYPY3', 'fpc', 'cpp', 'Haskell'].map(lang)).toEqual([
      'C#',
      'C#',
      'Kotlin',
      'PyPy3',
      'Pascal',
      'C++',
      'Haskell',
    ]);
  });

  it('--std and --no-o2 choose a C / C++ variant', () => {
    expect(
      parseArgs(['run', '--lang', 'C++', '--source', 'a', '--tests', 't', '--std', 'C++20', '--no-o2']),
    ).toMatchObject({ lang: 'C++', options: { std: 'c++20', o2: false } });
    expect(parseArgs(['run', '--lang', 'C', '--source', 'a', '--tests', 't', '--std', 'c99'])).toMatchObject({
      options: { std: 'c99' },
    });
  });

  it('rejects bad input with a usage error naming the option', () => {
    const bad: [string[], RegExp][] = [
      [[], /missing command/],
      [['judge'], /unknown command/],
      [['run', '--source', 'a', '--tests', 't'], /--lang is required/],
      [['run', '--lang', 'Cobol', '--source', 'a', '--tests', 't'], /--lang must be one of/],
      [['run', '--lang', 'C++', '--source', 'a', '--tests', 't', '--std', 'c++98'], /--std must be one of/],
      [
        ['run', '--lang', 'C', '--source', 'a', '--tests', 't', '--std', 'c++17'],
        /语言标准 C\+\+17 不能用于 C/,
      ],
      [
        ['run', '--lang', 'Rust', '--source', 'a', '--tests', 't', '--no-o2'],
        /Rust 没有语言标准和 O2 优化选项/,
      ],
      [['languages', '--yaml'], /unknown option "--yaml"/],
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
