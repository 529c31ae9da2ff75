// First-load JavaScript of `/problems` (goal: under 250 KB gzip): the user site's entry scripts plus
// the bank page's chunk and every chunk those import statically (dynamic imports — the editor,
// KaTeX, highlight.js, ECharts — load later and are listed separately). Run after `vite build`:
//   npx tsx apps/web/bench/problems-bundle.ts
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// OJ_WEB_DIST: measure a build made elsewhere (`vite build --outDir …`), e.g. while others rebuild dist.
const dist = process.env.OJ_WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
const kb = (n: number) => (n / 1024).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;

if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npx vite build` in apps/web first');
  process.exit(1);
}

/** Static imports of a chunk (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(assets, file), 'utf8');
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    out.add(m[1]);
  return [...out];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
const page = all.find((f) => f.startsWith('ProblemBankPage-'));
if (!page) throw new Error('no ProblemBankPage chunk in dist/assets');

const first = closure([...entry, page]);
const total = [...first].reduce((s, f) => s + gz(f), 0);
console.log(`/problems first-load JS: ${kb(total)} KB gzip in ${first.size} files (goal < 250 KB)`);
for (const f of [...first].sort((a, b) => gz(b) - gz(a)).slice(0, 6)) console.log(`  ${f}: ${kb(gz(f))} KB`);

// Heavy parts must stay out of the first load; say where they are.
const heavy = [/^AceCode-/, /^MarkdownBody-/, /^PracticeHeatmap-/, /echarts/i];
const leaked = [...first].filter((f) => heavy.some((h) => h.test(f)));
for (const f of all.filter((f) => heavy.some((h) => h.test(f))))
  console.log(`  later: ${f} ${kb(gz(f))} KB${leaked.includes(f) ? '  <-- IN FIRST LOAD' : ''}`);
const solve = all.find((f) => f.startsWith('AlgorithmProblemPage-'));
if (solve) {
  const solveExtra = [...closure([solve])].filter((f) => !first.has(f));
  console.log(
    `solving page adds ${kb(solveExtra.reduce((s, f) => s + gz(f), 0))} KB before the editor chunk`,
  );
}
if (leaked.length) process.exitCode = 1;
