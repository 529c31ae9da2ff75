// Which modules went into which chunk (rendered bytes), for finding what a route's chunks carry:
//   cd apps/web && npx vite build -c bench/chunk-modules.config.ts --outDir /tmp/x --emptyOutDir
// writes <outDir>/chunk-modules.json: per chunk, its imports and its modules largest first; and
// <outDir>/module-graph.json: each module's static imports.
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from '../vite.config';

const short = (id: string) => id.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/apps\/web\/src\//, 'src/');

const report: Plugin = {
  name: 'oj-chunk-modules',
  apply: 'build',
  generateBundle(_options, bundle) {
    const out: Record<string, unknown> = {};
    for (const [file, c] of Object.entries(bundle)) {
      if (c.type !== 'chunk') continue;
      out[file] = {
        bytes: c.code.length,
        imports: c.imports,
        dynamicImports: c.dynamicImports,
        modules: Object.entries(c.modules)
          .map(([id, m]) => [id.replace(/^.*node_modules\//, 'nm:'), m.renderedLength] as const)
          .filter(([, n]) => n > 0)
          .sort((a, b) => b[1] - a[1]),
      };
    }
    this.emitFile({ type: 'asset', fileName: 'chunk-modules.json', source: JSON.stringify(out, null, 1) });
    // The static import graph, for asking why a page reaches a module (bench/why-module.py).
    const graph: Record<string, string[]> = {};
    for (const id of this.getModuleIds()) {
      graph[short(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(short);
    }
    this.emitFile({ type: 'asset', fileName: 'module-graph.json', source: JSON.stringify(graph) });
  },
};

export default mergeConfig(base, defineConfig({ plugins: [report] }));
