import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPP_SNIPPETS } from './cpp-snippets';

const dir = mkdtempSync(join(tmpdir(), 'oj-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const includes = CPP_SNIPPETS.find((s) => s.key === 'includes')!.code;
const FLAGS = ['-std=c++17', '-Wall', '-Werror'];

// Parsing <bits/stdc++.h> costs ~1.5 s of CPU per file; one precompiled header shared by all the
// compiles below keeps this test cheap on the shared build machine. Compiling it also proves the
// `includes` snippet itself compiles.
beforeAll(() => {
  writeFileSync(join(dir, 'includes.h'), includes);
  const res = spawnSync('g++', [...FLAGS, '-x', 'c++-header', 'includes.h', '-o', 'includes.h.gch'], { cwd: dir, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`the includes snippet does not compile:\n${res.stderr}`);
});

function compile(name: string, source: string, args: string[]) {
  const file = join(dir, `${name}.cpp`);
  writeFileSync(file, `#include "includes.h"\n${source}`);
  return spawnSync('g++', [...FLAGS, '-Winvalid-pch', ...args, file], { cwd: dir, encoding: 'utf8' });
}

describe('C++ snippet library', () => {
  it('has unique keys, Chinese titles and the templates SPEC §9 lists', () => {
    const keys = CPP_SNIPPETS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of ['includes', 'binary-search', 'bigint-add', 'bigint-sub', 'bigint-mul', 'prefix-sum', 'difference', 'dfs', 'bfs', 'dijkstra', 'floyd', 'two-pointers', 'bit-count', 'discretize']) {
      expect(keys).toContain(k);
    }
    for (const s of CPP_SNIPPETS) expect(s.title, s.key).toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(CPP_SNIPPETS.map((s) => [s.key, s] as const))('%s compiles with g++ -std=c++17 -fsyntax-only', (key, s) => {
    // -Wno-unused-function: a snippet's helpers are not all called by the tiny main. The includes
    // snippet is included twice here (as the header and as the body): it must be harmless to repeat.
    const res = compile(key, `${s.code}\nint main() { return 0; }\n`, ['-fsyntax-only', '-Wno-unused-function']);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('computes the right answers when used together', () => {
    const all = CPP_SNIPPETS.filter((s) => s.key !== 'includes').map((s) => s.code).join('\n');
    const main = `
int main() {
    cout << bigAdd("99999999999999999999", "1") << '\\n';
    cout << bigSub("100000000000000000000", "1") << ' ' << bigSub("5", "5") << '\\n';
    cout << bigMul("123456789123456789", "987654321987654321") << ' ' << bigMul("0", "77") << '\\n';
    cout << firstTrue(0, 100, [](long long x) { return x * x >= 50; }) << '\\n';
    Difference d(5); d.add(2, 4, 3); d.add(1, 2, 1);
    auto a = d.build(); for (int i = 1; i <= 5; ++i) cout << a[i] << (i == 5 ? '\\n' : ' ');
    auto s = prefixSum({0, 1, 2, 3, 4}); cout << s[4] - s[1] << '\\n';
    PrefixSum2D p({{0, 0, 0}, {0, 1, 2}, {0, 3, 4}}); cout << p.query(1, 1, 2, 2) << ' ' << p.query(2, 2, 2, 2) << '\\n';
    vector<vector<pair<int, long long>>> g(4);
    g[0] = {{1, 5}, {2, 1}}; g[2] = {{1, 2}}; g[1] = {{3, 1}};
    auto dist = dijkstra(g, 0); cout << dist[1] << ' ' << dist[3] << '\\n';
    vector<vector<long long>> f = {{0, 5, 1}, {INF, 0, INF}, {INF, 2, 0}};
    floyd(f); cout << f[0][1] << '\\n';
    cout << countComponents({{1}, {0}, {}, {4}, {3}}) << '\\n';
    auto b = gridBfs({"..#", "#..", "..."}, 0, 0); cout << b[2][2] << ' ' << b[0][2] << '\\n';
    cout << shortestSubarray({2, 3, 1, 2, 4, 3}, 7) << '\\n';
    cout << popcount64(255) << ' ' << popcountManual(1023) << ' ' << lowbit(12) << '\\n';
    auto r = discretize({100, -5, 100, 7}); for (int x : r) cout << x << ' '; cout << '\\n';
    cout << powMod(2, 10, 1000) << ' ' << powMod(3, 0, 1) << '\\n';
    DSU u(4); u.unite(0, 1); u.unite(2, 3); cout << (u.find(1) == u.find(0)) << (u.find(1) == u.find(2)) << '\\n';
    cout << lowerBoundIndex({1, 3, 5}, 4) << '\\n';
    fastIO();
}
`;
    const res = compile('together', `${all}\n${main}`, ['-O0', '-o', 'together']);
    expect(res.stderr).toBe('');
    const out = execFileSync(join(dir, 'together'), { encoding: 'utf8' });
    expect(out.split('\n')).toEqual([
      '100000000000000000000',
      '99999999999999999999 0',
      '121932631356500531347203169112635269 0',
      '8',
      '1 4 3 3 0',
      '9',
      '10 4',
      '3 4',
      '3',
      '3',
      '4 -1',
      '2',
      '8 10 4',
      '2 0 2 1 ',
      '24 0',
      '10',
      '2',
      '',
    ]);
  });
});
