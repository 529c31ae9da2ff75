import { describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady } from '../test/fixture';

const ready = await sandboxReady();
const aPlusB = [{ name: '1', input: '1 2\n', answer: '3\n' }];

// Each must end as CE within the compile limits (10 s CPU, 1 GiB), never hang a worker.
const bombs: [string, string][] = [
  ['#include "/dev/zero"', '#include "/dev/zero"\nint main() {}\n'],
  [
    'an include bomb (2^40 self-includes)',
    '#if __INCLUDE_LEVEL__ < 40\n#include __FILE__\n#include __FILE__\n#endif\nint main() {}\n',
  ],
  [
    'a template bomb',
    [
      'template <int N, typename T> struct Bomb {',
      '  typedef typename Bomb<N - 1, Bomb<N, T> >::type a;',
      '  typedef typename Bomb<N - 1, Bomb<N + 1, T> >::type b;',
      '  typedef a type;',
      '};',
      'template <typename T> struct Bomb<0, T> { typedef T type; };',
      'int main() { Bomb<40, int>::type x; (void)x; }',
    ].join('\n'),
  ],
];

describe.skipIf(!ready.ok)('compile-time bombs', () => {
  for (const [name, source] of bombs) {
    it.concurrent(
      `${name} ends as CE`,
      async () => {
        const r = await judgeFixture({ language: 'C++', source, tests: aPlusB });
        expect(r.status, r.compileMessage).toBe('CE');
        expect(r.compileMessage).toMatch(/编译|error/);
        // Bounded by the CPU limit (10 s) or the memory limit. On a loaded machine the compile (at
        // the judge's lower priority) waits for a CPU, which the wall limit does not count: the
        // test's own timeout is the bound there.
      },
      120_000,
    );
  }

  it.concurrent(
    'a C bomb through /dev/urandom ends as CE',
    async () => {
      const r = await judgeFixture({
        language: 'C',
        source: '#include "/dev/urandom"\nint main(void) { return 0; }\n',
        tests: aPlusB,
      });
      expect(r.status).toBe('CE');
    },
    60_000,
  );
});
