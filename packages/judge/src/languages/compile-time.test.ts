// Compile-time code execution (issue 25): Template Haskell runs arbitrary IO inside GHC, Rust's
// macros read files; both happen in the compiler's box, as every compile does. What they can reach
// is what the box shows, and their bombs end at the compile limits as CE.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady, toolchainReady } from '../../test/fixture';

const ready = await sandboxReady();
const haskell = toolchainReady('Haskell').ok;
const rust = toolchainReady('Rust').ok;
const pascal = toolchainReady('Pascal').ok;
const one = [{ name: '1', input: '', answer: '1\n' }];

const th = (io: string) =>
  [
    '{-# LANGUAGE TemplateHaskell #-}',
    'import Language.Haskell.TH',
    'import System.Process',
    '',
    `main = print $(runIO (${io}) >> [| 1 :: Int |])`,
  ].join('\n');

describe.skipIf(!ready.ok)('code that runs while compiling', () => {
  it.skipIf(!haskell).concurrent(
    'Template Haskell works inside the box',
    async () => {
      const r = await judgeFixture({ language: 'Haskell', source: th('return ()'), tests: one });
      expect(r.status, JSON.stringify(r)).toBe('AC');
    },
    120_000,
  );

  it.skipIf(!haskell).concurrent(
    'Template Haskell cannot write outside the box',
    async () => {
      const r = await judgeFixture({
        language: 'Haskell',
        source: th('writeFile "/etc/oj-th" "x"'),
        tests: one,
      });
      expect(r.status).toBe('CE');
      expect(r.compileMessage).toMatch(/oj-th/);
      expect(existsSync('/etc/oj-th')).toBe(false);
    },
    120_000,
  );

  it.skipIf(!haskell).concurrent(
    'a fork bomb in Template Haskell ends at the compile limits',
    async () => {
      const r = await judgeFixture({ language: 'Haskell', source: th('system ":(){ :|:& };:"'), tests: one });
      // The bomb's shell is stopped at the process cap, then GHC goes on (AC) or the limits end it (CE).
      expect(['AC', 'CE'], JSON.stringify(r)).toContain(r.status);
    },
    120_000,
  );

  it.skipIf(!rust).concurrent(
    "Rust's include_str! sees the box's files only",
    async () => {
      const r = await judgeFixture({
        language: 'Rust',
        source: 'const S: &str = include_str!("/etc/shadow");\nfn main() { println!("{}", S.len()); }\n',
        tests: one,
      });
      expect(r.status).toBe('CE');
      expect(r.compileMessage).toMatch(/couldn't read|No such file/);
    },
    120_000,
  );

  it.skipIf(!rust).concurrent(
    "Rust's include_bytes! of /dev/zero ends as CE",
    async () => {
      const r = await judgeFixture({
        language: 'Rust',
        source: 'const B: &[u8] = include_bytes!("/dev/zero");\nfn main() { println!("{}", B.len()); }\n',
        tests: one,
      });
      expect(r.status).toBe('CE');
    },
    120_000,
  );

  it.skipIf(!pascal).concurrent(
    "Pascal's {$I} includes the box's files only, and /dev/zero reads as empty",
    async () => {
      const shadow = await judgeFixture({
        language: 'Pascal',
        source: '{$I /etc/shadow}\nbegin\nend.\n',
        tests: one,
      });
      expect(shadow.status).toBe('CE');
      expect(shadow.compileMessage).toMatch(/shadow/);
      // FPC sizes an include by stat (0 for a device): nothing is read, the program compiles (and is WA).
      const zero = await judgeFixture({
        language: 'Pascal',
        source: '{$I /dev/zero}\nbegin\nend.\n',
        tests: one,
      });
      expect(['CE', 'WA']).toContain(zero.status);
    },
    120_000,
  );
});
