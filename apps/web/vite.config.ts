import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two entries, one project: the user site (index.html) and the management site (admin/index.html).
// The server serves dist/index.html for every non-/api path and dist/admin/index.html under /admin/.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
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
