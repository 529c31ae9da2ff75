import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
  plugins: [react(), adminFallback, precompress()],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // antd's shared chunk is large by nature; the first-load budget is measured by bench/bundle.ts instead.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: { main: here('index.html'), admin: here('admin/index.html') },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
