import { describe, expect, it } from 'vitest';
import { judgeFixture, sandboxReady, toolchainReady } from '../../test/fixture';
import { languageSuite } from '../../test/language-suite';

languageSuite({ language: 'Ruby', file: 'scenarios.rb', compileError: 'def main(\n  puts 1\n' });

const ready = (await sandboxReady()).ok && toolchainReady('Ruby').ok;

describe.skipIf(!ready)('Ruby without RubyGems', () => {
  it('still loads the standard library and the bundled prime and matrix', async () => {
    const source =
      "require 'prime'\nrequire 'matrix'\nrequire 'set'\np Prime.first(3), Matrix[[1, 2]].column_count, Set[1].size\n";
    const r = await judgeFixture({
      language: 'Ruby',
      source,
      tests: [{ name: '1', input: '', answer: '[2, 3, 5]\n2\n1\n' }],
    });
    expect(r.status, JSON.stringify(r)).toBe('AC');
  }, 60_000);
});
