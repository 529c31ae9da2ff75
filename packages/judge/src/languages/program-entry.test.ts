import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JudgeResult, Language } from '@oj/shared';
import { CompileCache } from '../compile-cache';
import { judgeFixture, sandboxReady } from '../../test/fixture';

const ready = await sandboxReady();

const AB_TESTS = [
  { name: '1', input: '1 2\n', answer: '3\n' },
  { name: '2', input: '40 2\n', answer: '42\n' },
];
const READ_AB = 'java.util.Scanner s = new java.util.Scanner(System.in); System.out.println(s.nextLong() + s.nextLong());';

const judgeJava = (source: string, compileCache?: CompileCache | null) =>
  judgeFixture({ language: 'Java', source, tests: AB_TESTS, mode: 'all', compileCache });
const judgeAny = (language: Language, source: string) =>
  judgeFixture({ language, source, tests: AB_TESTS, mode: 'all' });

const statuses = (r: JudgeResult) => [r.status, ...r.tests.map((t) => t.status)];

/**
 * Issue 24: Java runs the class that declares `public static void main(String[])`, whatever its
 * name and package (as Kattis and DOMjudge do); a compile that leaves nothing runnable is CE.
 */
describe.skipIf(!ready.ok)('what a compile leaves to run', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('runs a class that is not named Main', async () => {
    const r = await judgeJava(`class Solution { public static void main(String[] a) { ${READ_AB} } }\n`);
    expect(statuses(r), JSON.stringify(r)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('compiles and runs a public class named after itself, not Main', async () => {
    const r = await judgeJava(
      `import java.util.*;\n\n/** public class NotThis in a comment. */\npublic final class Answer {\n  public static void main(String[] a) { ${READ_AB} }\n}\n`,
    );
    expect(statuses(r), JSON.stringify(r)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('runs a public class with a Chinese name, and main in an interface', async () => {
    const named = await judgeJava(`public class 解答 { public static void main(String[] a) { ${READ_AB} } }\n`);
    expect(statuses(named), JSON.stringify(named)).toEqual(['AC', 'AC', 'AC']);
    const inInterface = await judgeJava(`interface Task { static void main(String[] a) { ${READ_AB} } }\n`);
    expect(statuses(inInterface), JSON.stringify(inInterface)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('runs a class declared in a package', async () => {
    const r = await judgeJava(
      `package contest.round1;\n\npublic class Main {\n  public static void main(String[] a) { ${READ_AB} }\n}\n`,
    );
    expect(statuses(r), JSON.stringify(r)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('finds the class again when the compile comes from the cache', async () => {
    const root = await mkdtemp(join(tmpdir(), 'oj-entry-cache-'));
    dirs.push(root);
    const cache = new CompileCache(root, 64 << 20);
    const source = `package a.b;\nclass Runner { public static void main(String[] x) { ${READ_AB} } }\n// ${Date.now()}\n`;
    expect(statuses(await judgeJava(source, cache))).toEqual(['AC', 'AC', 'AC']);
    expect(statuses(await judgeJava(source, cache))).toEqual(['AC', 'AC', 'AC']);
  }, 90_000);

  it('says CE when no class has a main method', async () => {
    const r = await judgeJava('public class Main {\n  static int twice(int x) { return 2 * x; }\n}\n');
    expect(r.status).toBe('CE');
    expect(r.tests).toEqual([]);
    expect(r.compileMessage).toMatch(/没有找到 main 方法/);
    expect(r.compileMessage).toContain('public static void main(String[] args)');
  }, 60_000);

  it('runs the public class when several classes have a main method', async () => {
    const r = await judgeJava(
      [
        `public class Solution { public static void main(String[] a) { ${READ_AB} } }`,
        'class Debug { public static void main(String[] a) { System.out.println("wrong"); } }',
        '',
      ].join('\n'),
    );
    expect(statuses(r), JSON.stringify(r)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('prefers the public top-level class to a nested one with its own main', async () => {
    const r = await judgeJava(
      `public class Main {\n  public static void main(String[] a) { ${READ_AB} }\n  public static class Check { public static void main(String[] a) { System.out.println(0); } }\n}\n`,
    );
    expect(statuses(r), JSON.stringify(r)).toEqual(['AC', 'AC', 'AC']);
  }, 60_000);

  it('says CE naming the classes when several have a main method and none is public', async () => {
    const r = await judgeJava(
      [
        `class First { public static void main(String[] a) { ${READ_AB} } }`,
        `class Second { public static void main(String[] a) { ${READ_AB} } }`,
        '',
      ].join('\n'),
    );
    expect(r.status).toBe('CE');
    expect(r.compileMessage).toMatch(/多个类含有 main 方法/);
    expect(r.compileMessage).toContain('First');
    expect(r.compileMessage).toContain('Second');
  }, 60_000);

  it('says CE when a Go build leaves no program (not package main)', async () => {
    const r = await judgeAny('Go', 'package solution\n\nfunc Sum(a, b int) int { return a + b }\n');
    expect(r.status).toBe('CE');
    expect(r.tests).toEqual([]);
    expect(r.compileMessage).toMatch(/package main/);
  }, 60_000);
});
