import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { C_STANDARDS, CXX_STANDARDS, type LanguageOptions } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady } from '../../test/fixture';
import { pchHostDir, variantFlags } from './c-family';
import flags from './compiler-flags.json';
import { languageSpec } from './index';

describe('C / C++ variants: flags', () => {
  it('the defaults are exactly the flags of before, with or without options spelled out', () => {
    expect(variantFlags('C++')).toEqual([
      '-std=gnu++17',
      '-O2',
      '-pipe',
      '-DONLINE_JUDGE',
      '-fmax-errors=20',
    ]);
    expect(variantFlags('C')).toEqual(['-std=gnu11', '-O2', '-pipe', '-DONLINE_JUDGE', '-fmax-errors=20']);
    expect(languageSpec('C++', { std: 'c++17', o2: true }).compile().argv).toEqual(
      languageSpec('C++').compile().argv,
    );
    expect(languageSpec('C', {}).compile().argv).toEqual(languageSpec('C').compile().argv);
  });

  it('a standard replaces -std= (GNU dialect), O2 off drops -O2 and nothing else', () => {
    expect(variantFlags('C++', { std: 'c++20', o2: false })).toEqual([
      '-std=gnu++20',
      '-pipe',
      '-DONLINE_JUDGE',
      '-fmax-errors=20',
    ]);
    expect(variantFlags('C', { std: 'c99' })).toEqual([
      '-std=gnu99',
      '-O2',
      '-pipe',
      '-DONLINE_JUDGE',
      '-fmax-errors=20',
    ]);
    const grader = languageSpec('C++', { std: 'c++14' }).compileSources?.(['main.cpp', 'grader.cpp']);
    expect(grader?.argv).toContain('-std=gnu++14');
    expect(grader?.argv.slice(-2)).toEqual(['main.cpp', 'grader.cpp']);
  });

  it('every C++ variant compiles against its own precompiled header (built by the bootstrap)', () => {
    for (const std of CXX_STANDARDS)
      for (const o2 of [true, false]) {
        const step = languageSpec('C++', { std, o2 }).compile();
        const dir = pchHostDir(variantFlags('C++', { std, o2 }));
        expect(existsSync(join(dir, 'bits', 'stdc++.h.gch')), `${dir} (run the bootstrap)`).toBe(true);
        expect(step.readOnlyBinds).toEqual([{ host: dir, box: '/pch' }]);
        expect(step.argv).toContain(flags.standards['C++'][std]);
      }
  });
});

const ready = await sandboxReady();

/** Prints what the compiler was asked for: the standard's macro and whether it optimised. */
const WHICH_CXX = `#include <bits/stdc++.h>
int main() {
#ifdef __OPTIMIZE__
  std::cout << __cplusplus << " O2\\n";
#else
  std::cout << __cplusplus << " O0\\n";
#endif
}
`;
const WHICH_C = `#include <stdio.h>
int main(void) {
#ifdef __OPTIMIZE__
  printf("%ld O2\\n", (long)__STDC_VERSION__);
#else
  printf("%ld O0\\n", (long)__STDC_VERSION__);
#endif
  return 0;
}
`;
/** What g++ 12 / gcc 12 define for each standard (C++23 is still 202100 in GCC 12). */
const CXX_MACRO: Record<string, number> = {
  'c++11': 201103,
  'c++14': 201402,
  'c++17': 201703,
  'c++20': 202002,
  'c++23': 202100,
};
const C_MACRO: Record<string, number> = { c99: 199901, c11: 201112, c17: 201710 };

describe.skipIf(!ready.ok)('C / C++ variants: judged in the sandbox', () => {
  const cases: ['C' | 'C++', LanguageOptions, string][] = [
    ...CXX_STANDARDS.map((std): ['C++', LanguageOptions, string] => [
      'C++',
      { std },
      `${CXX_MACRO[std]} O2\n`,
    ]),
    ['C++', { std: 'c++20', o2: false }, `${CXX_MACRO['c++20']} O0\n`],
    ...C_STANDARDS.map((std): ['C', LanguageOptions, string] => ['C', { std }, `${C_MACRO[std]} O2\n`]),
    ['C', { std: 'c99', o2: false }, `${C_MACRO.c99} O0\n`],
  ];
  for (const [language, options, answer] of cases) {
    it.concurrent(
      `${language} ${options.std}${options.o2 === false ? ' without O2' : ''}`,
      async () => {
        const r = await judgeFixture({
          language,
          options,
          source: language === 'C' ? WHICH_C : WHICH_CXX,
          tests: [{ name: '1', input: '', answer }],
          compileCache: null,
        });
        expect(r.status, JSON.stringify(r)).toBe('AC');
        expect(r.compiler).toContain(
          flags.standards[language][options.std as keyof (typeof flags.standards)[typeof language]],
        );
      },
      60_000,
    );
  }
});
