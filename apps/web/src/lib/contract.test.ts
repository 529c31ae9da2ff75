import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `contract.ts` exists so that the sites' runtime values come from zod-free modules of the shared
 * contract (zod in the first load of every page otherwise). This follows its runtime imports, and
 * theirs, and fails when any of them reaches zod or a module that builds schemas.
 */
const SHARED_SRC = resolve(import.meta.dirname, '../../../../packages/shared/src');

/** A relative import or a subpath export of `@oj/shared` (`./x` → `src/x.ts`), as a file path. */
function resolveImport(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return resolve(dirname(file), `${specifier}.ts`);
  const sub = /^@oj\/shared\/(.+)$/.exec(specifier);
  return sub ? resolve(SHARED_SRC, `${sub[1]}.ts`) : specifier;
}

function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
    (m) => m[1],
  );
  return specifiers.map((s) => resolveImport(file, s));
}

describe('the sites’ door to the shared contract', () => {
  it('reaches no zod at runtime, directly or through the modules it re-exports', () => {
    const seen = new Set<string>();
    const queue = [resolve(import.meta.dirname, 'contract.ts')];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const dep of runtimeImports(file)) {
        // zod itself, or the contract's index, whose modules build schemas at top level.
        expect(dep, `${file} imports ${dep}`).not.toMatch(/^zod(\/|$)|^@oj\/shared$/);
        expect(dep, `${file} imports ${dep}`).not.toBe(resolve(SHARED_SRC, 'index.ts'));
        if (dep.startsWith('/')) queue.push(dep);
      }
    }
    expect(seen.size).toBeGreaterThan(4); // contract.ts and the zod-free modules it re-exports
  });
});
