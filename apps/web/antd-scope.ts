import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
const providerModule = fileURLToPath(new URL('./src/lib/AntdProvider.tsx', import.meta.url));

/** `import … from 'antd…'` / `export … from 'antd…'` with what sits between the keyword and `from`. */
const STATIC_ANTD = /\b(import|export)\s+([^'";]*?)\s*from\s*['"]antd(?:\/[^'"]*)?['"]/g;
const DYNAMIC_ANTD = /\bimport\(\s*['"]antd(?:\/[^'"]*)?['"]\s*\)/;

/**
 * Whether a source file uses antd at run time. Type-only imports (`import type { … }`, or braces
 * whose every name is `type X`) are erased by the compiler and do not count.
 */
export function usesAntd(code: string): boolean {
  if (DYNAMIC_ANTD.test(code)) return true;
  for (const [, , clause] of code.matchAll(STATIC_ANTD)) {
    if (/^type\b/.test(clause)) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = braces?.[1]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names && names.length > 0 && names.every((n) => /^type\s/.test(n))) continue;
    return true;
  }
  return false;
}

/**
 * antd's provider wraps only what uses antd (src/lib/antdScope.tsx): every source file that uses
 * antd gets an import of src/lib/AntdProvider, whose module registers the provider when it runs. So
 * no one has to remember it, and a page without antd loads neither the provider nor antd's core.
 * The import goes on the file's first line, so line numbers stay as written.
 */
export function antdScope(): Plugin {
  return {
    name: 'oj-antd-scope',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!file.startsWith(srcDir) || !/\.tsx?$/.test(file) || file === providerModule) return null;
      if (!usesAntd(code)) return null;
      return { code: `import ${JSON.stringify(providerModule)}; ${code}`, map: null };
    },
  };
}
