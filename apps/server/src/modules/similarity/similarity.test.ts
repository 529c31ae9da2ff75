import { describe, expect, it } from 'vitest';
import { familyOf, tokenize } from './tokenize';
import { compare, program, regions } from './winnow';
import { DISGUISED, INDEPENDENT_A, INDEPENDENT_B, ORIGINAL } from './programs.fixture';

const syms = (src: string, lang: string) => tokenize(src, familyOf(lang)!).map((t) => t.sym);
const score = (a: string, b: string, lang = 'C++') =>
  compare(program(tokenize(a, familyOf(lang)!)), program(tokenize(b, familyOf(lang)!))).score;

describe('tokenizers', () => {
  it('C++: comments, spacing, preprocessor lines go; names become V, literals N and S', () => {
    expect(syms('#include <cstdio>\nint main(){ /* c */ int abc = 42; // x\n printf("%d", abc); }', 'C++')).toEqual(
      ['int', '@main', '(', ')', '{', 'int', 'V', '=', 'N', ';', '@printf', '(', 'S', ',', 'V', ')', ';', '}'],
    );
    expect(syms("a >>= 1; b = 'x' + 0x1Fll + 1e-9;", 'C')).toEqual(
      ['V', '>>=', 'N', ';', 'V', '=', 'S', '+', 'N', '+', 'N', ';'],
    );
  });
  it('keeps line numbers for the matched regions', () => {
    const t = tokenize('int a;\n\n/* two\nlines */ int b;', 'c');
    expect(t.map((x) => x.line)).toEqual([1, 1, 1, 4, 4, 4]);
  });
  it('Java: imports and package lines go', () => {
    expect(syms('package a.b;\nimport java.util.*;\nclass Main { int x = 1; }', 'Java')).toEqual(
      ['class', 'V', '{', 'int', 'V', '=', 'N', ';', '}'],
    );
  });
  it('Go: the import block and raw strings', () => {
    expect(syms('package main\nimport (\n "fmt"\n)\nfunc main() { s := `a\nb`; fmt.Println(s) }', 'Go')).toEqual(
      ['func', '@main', '(', ')', '{', 'V', ':=', 'S', ';', '@fmt', '.', '@Println', '(', 'V', ')', '}'],
    );
  });
  it('JavaScript: template literals and imports', () => {
    expect(syms("import fs from 'fs';\nconst t = `x${1}`; // c\nconsole.log(t)", 'JavaScript')).toEqual(
      ['const', 'V', '=', 'S', ';', '@console', '.', '@log', '(', 'V', ')'],
    );
  });
  it('Python: block structure, strings with prefixes, comments, imports', () => {
    const src = 'import sys\ndef f(a):\n    # c\n    return r"x" + """y\nz"""\n\nprint(f(1))\n';
    expect(syms(src, 'Python3')).toEqual(
      ['def', 'V', '(', 'V', ')', ':', 'NL', 'IN', 'return', 'S', '+', 'S', 'NL', 'DE', '@print', '(', 'V', '(', 'N', ')', ')', 'NL'],
    );
    // Spacing of an indented block does not matter, only its structure.
    expect(syms('if a:\n  b = [1,\n 2]\n', 'Python3')).toEqual(syms('if a:\n        b = [1, 2]\n', 'Python3'));
  });
});

describe('winnowing similarity', () => {
  it('a copy with renamed variables, reordered functions and other spacing scores high', () => {
    const s = score(ORIGINAL, DISGUISED);
    expect(s).toBeGreaterThan(0.8);
  });
  it('two independent solutions of the same easy problem score low', () => {
    expect(score(INDEPENDENT_A, INDEPENDENT_B)).toBeLessThan(0.3);
    expect(score(INDEPENDENT_A, ORIGINAL)).toBeLessThan(0.3);
  });
  it('identical programs score 1; a Python copy with new names too', () => {
    expect(score(ORIGINAL, ORIGINAL)).toBe(1);
    const a = 'n = int(input())\nxs = list(map(int, input().split()))\nbest = 0\nfor x in xs:\n    if x > best:\n        best = x\nprint(best)\n';
    const b = 'count = int(input())\nitems = list(map(int, input().split()))\nm = 0\nfor it in items:\n  if it > m:\n    m = it\nprint(m)\n';
    expect(score(a, b, 'Python3')).toBeGreaterThan(0.8);
  });
  it('matched regions map back to the lines of both sides', () => {
    const fam = familyOf('C++')!;
    const a = program(tokenize(ORIGINAL, fam));
    const b = program(tokenize(DISGUISED, fam));
    const rs = regions(a, b);
    expect(rs.length).toBeGreaterThan(0);
    // The Dijkstra function (lines 7-19 of the original) matches lines 7-21 of the disguised copy.
    const body = rs.find((r) => r.left[0] <= 10 && r.left[1] >= 16);
    expect(body).toBeDefined();
    expect(body!.right[0]).toBeLessThanOrEqual(9);
    expect(body!.right[1]).toBeGreaterThanOrEqual(18);
    for (const r of rs) {
      expect(r.left[0]).toBeLessThanOrEqual(r.left[1]);
      expect(r.right[0]).toBeLessThanOrEqual(r.right[1]);
    }
  });
});
