import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { precompress } from './precompress';
import { antdScope } from './antd-scope';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * react-ace's package entry re-exports its split and diff editors, which pull diff-match-patch
 * (80 KB) into the editor chunk; the sites use only the plain editor, its lib/ace.mjs (the package
 * exports no subpaths, hence the file path).
 */
const reactAceEditor = join(dirname(createRequire(import.meta.url).resolve('react-ace')), 'ace.mjs');

/** Dev server only: /admin/<route> opens the management site, as the real server does. */
const adminFallback: Plugin = {
  name: 'oj-admin-fallback',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = (req.url ?? '').split('?')[0];
      if (/^\/admin(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path)) req.url = '/admin/index.html';
      next();
    });
  },
};

// Two entries, one project: the user site (index.html) and the management site (admin/index.html).
// The server serves dist/index.html for every non-/api path and dist/admin/index.html under /admin/.
export default defineConfig({
  root: here('.'),
  plugins: [antdScope(), react(), adminFallback, precompress()],
  resolve: { alias: [{ find: /^react-ace$/, replacement: reactAceEditor }] },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // The server reads the module graph to name a page's scripts in its HTML (sites/manifest.ts).
    manifest: true,
    // antd's shared chunk is large by nature; the first-load budget is measured by bench/bundle.ts instead.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: here('index.html'), admin: here('admin/index.html') },
      // Rollup splits antd and the pages into many small shared chunks (an icon is a chunk of half a
      // kilobyte): 120 requests for the problem page. On a slow link each request pays the round
      // trip (562 ms on DevTools' Fast 3G, six at a time over HTTP/1.1), which cost more than the
      // bytes. Chunks under this size are merged into a chunk that loads with them anyway (Rollup
      // merges only where no entry or page gets code it would not have run).
      output: {
        experimentalMinChunkSize: 20_000,
        // Such merging may also put a module that has no side effects into a chunk it does not need:
        // the C++ snippets (8 KB, the editor's 代码片段) came to the record list with VerdictTag.
        // (Chunks of their own for the API modules were tried too: more requests and more bytes, as
        // most of them are reached from the layout.)
        // highlight.js's grammars are a few KB each and loaded one by one (components/highlight): merged,
        // they landed in chunks every list page loads.
        manualChunks: (id) => {
          if (id.includes('/shared/src/data/cpp-snippets')) return 'cpp-snippets';
          const grammar = /highlight\.js\/(?:es|lib)\/languages\/([\w-]+)\.js/.exec(id);
          if (grammar) return `hljs-${grammar[1]}`;
          // Its colours alone (text the server coloured), not merged into the highlighter's chunk.
          return id.endsWith('/components/highlight/theme.ts') ? 'hljs-theme' : undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
