import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; images, fonts in woff2 and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm|xml|ico)$/i;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every text asset
 * of the build, once, at build time: the server sends the copy the browser accepts as it is
 * (`@fastify/static` preCompressed), so no request pays for compressing and every one gets the
 * smallest form. A copy no smaller than its source is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const started = Date.now();
      let raw = 0;
      let br = 0;
      let count = 0;
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const buf = readFileSync(path);
        if (buf.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(buf, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
          },
        });
        const gzip = gzipSync(buf, { level: 9 });
        if (brotli.length < buf.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < buf.length) writeFileSync(`${path}.gz`, gzip);
        raw += buf.length;
        br += Math.min(brotli.length, buf.length);
        count++;
      }
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(
        `precompressed ${count} files: ${kb(raw)} → ${kb(br)} brotli in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  };
}
