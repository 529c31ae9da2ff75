/**
 * The demo problems shipped with the product, read from the folders next to this file. The
 * seeding code of the problem bank inserts them on first start; the server never reads the
 * folders at request time.
 *
 * A folder holds: problem.json (see schema.ts), statement.md (Chinese markdown with KaTeX),
 * samples/N.in|out, tests/N.in|out, solution.<ext> per language, gen.py (seeded test generator),
 * validate.py (input validator) and, for a special judge, checker.cpp.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckerSpec, Language } from '@oj/shared';
import { DemoProblemMeta } from './schema';

export { DemoProblemMeta } from './schema';

export const PROBLEMS_DIR = dirname(fileURLToPath(import.meta.url));

/** Every demo problem ships exactly this many tests. */
export const TEST_COUNT = 10;

/** Reference solutions are stored as solution.<ext>. */
export const SOLUTION_FILES: Readonly<Partial<Record<Language, string>>> = {
  C: 'solution.c',
  'C++': 'solution.cpp',
  Python3: 'solution.py',
  Java: 'solution.java',
  Go: 'solution.go',
  JavaScript: 'solution.js',
};

export interface TestCase {
  input: string;
  output: string;
}

export interface DemoProblem extends DemoProblemMeta {
  /** Folder name, stable: usable as an idempotency key when seeding. */
  slug: string;
  statement: string;
  samples: TestCase[];
  tests: TestCase[];
  /** Source of the testlib-protocol checker when special_judge is set. */
  checker?: string;
  /** Reference solutions; C++ is always present. */
  solutions: Partial<Record<Language, string>>;
  /** Source of gen.py, kept so an admin can see how the data was made. */
  generator: string;
  /** Source of validate.py: checks a test input against the statement's format and limits. */
  validator: string;
}

const problemIdOf = (slug: string) =>
  (JSON.parse(readFileSync(join(PROBLEMS_DIR, slug, 'problem.json'), 'utf8')) as { problem_id: number }).problem_id;

/** Slugs of the problem folders, in problem_id order (the order they should be inserted). */
export function demoProblemSlugs(): string[] {
  const slugs = readdirSync(PROBLEMS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(PROBLEMS_DIR, e.name, 'problem.json')))
    .map((e) => e.name);
  return slugs.sort((a, b) => problemIdOf(a) - problemIdOf(b));
}

/** The demo problems' ids, from problem.json alone: whether seeding has anything to do, without reading the tests. */
export function demoProblemIds(): number[] {
  return demoProblemSlugs().map(problemIdOf);
}

/** Pairs N.in with N.out in numeric order; a missing .out is an error, not a silent skip. */
export async function readCases(dir: string): Promise<TestCase[]> {
  if (!existsSync(dir)) return [];
  const numbers = readdirSync(dir)
    .filter((f) => /^\d+\.in$/.test(f))
    .map((f) => Number(f.slice(0, -3)))
    .sort((a, b) => a - b);
  return Promise.all(
    numbers.map(async (n) => ({
      input: await readFile(join(dir, `${n}.in`), 'utf8'),
      output: await readFile(join(dir, `${n}.out`), 'utf8'),
    })),
  );
}

export async function loadDemoProblem(slug: string): Promise<DemoProblem> {
  const dir = join(PROBLEMS_DIR, slug);
  const read = (name: string) => readFile(join(dir, name), 'utf8');
  const parsed = DemoProblemMeta.safeParse(JSON.parse(await read('problem.json')));
  if (!parsed.success) {
    throw new Error(`${slug}/problem.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const solutions: Partial<Record<Language, string>> = {};
  for (const [language, file] of Object.entries(SOLUTION_FILES) as [Language, string][]) {
    if (existsSync(join(dir, file))) solutions[language] = await read(file);
  }
  if (!solutions['C++']) throw new Error(`${slug}: solution.cpp is missing`);
  const meta = parsed.data;
  if (meta.special_judge && !existsSync(join(dir, 'checker.cpp'))) throw new Error(`${slug}: special_judge without checker.cpp`);
  return {
    ...meta,
    slug,
    statement: await read('statement.md'),
    samples: await readCases(join(dir, 'samples')),
    tests: await readCases(join(dir, 'tests')),
    checker: meta.special_judge ? await read('checker.cpp') : undefined,
    solutions,
    generator: await read('gen.py'),
    validator: await read('validate.py'),
  };
}

/** How the judge should compare answers of this problem (the shared judge contract). */
export function demoCheckerSpec(problem: DemoProblem): CheckerSpec {
  if (problem.special_judge) return { kind: 'special', language: 'C++', source: problem.checker! };
  if (problem.float_tolerance) return { kind: 'float', absolute: problem.float_tolerance, relative: problem.float_tolerance };
  return { kind: 'default' };
}

export async function loadDemoProblems(): Promise<DemoProblem[]> {
  return Promise.all(demoProblemSlugs().map(loadDemoProblem));
}
