import { spawnSync } from 'node:child_process';
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
  // What each snippet computes is checked through the judge, in the sandbox, with the examples the
  // /snippets page shows: packages/judge/src/snippets.test.ts.
});
