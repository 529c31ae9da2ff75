import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Java without a required class name (issue 24), as Kattis and DOMjudge do: the source file is
 * named after its public top-level type when it declares one (javac insists), and after the
 * compile the class to run is the one whose class file declares `public static void main(String[])`,
 * package included (`package a.b;` puts it at a/b/X.class, run as a.b.X).
 */

/** The file name javac accepts for this source: `<public type>.java`, else `Main.java`. */
export function javaSourceFile(source: string): string {
  return `${publicTopLevelType(source) ?? 'Main'}.java`;
}

const TYPE_KEYWORDS = new Set(['class', 'interface', 'enum', 'record']);
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

// ASCII first: the Unicode test is only for the rare letter beyond it.
const isWordStart = (c: string) => /[A-Za-z_$]/.test(c) || (c > '\x7f' && /\p{L}/u.test(c));
const isWordPart = (c: string) => /[\w$]/.test(c) || (c > '\x7f' && /[\p{L}\p{N}]/u.test(c));

/**
 * The name of the public top-level class, interface, enum or record, if any. A small scanner:
 * comments, string, text-block and character literals are skipped, braces counted, so that
 * `public class X` inside a comment, a string or a nested class does not count.
 */
export function publicTopLevelType(source: string): string | undefined {
  let depth = 0;
  /** Words since the last `;`, `{` or `}` at the top level (the modifiers of a declaration). */
  let words: string[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' && source.startsWith('"""', i)) {
      const end = source.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
    } else if (c === '"' || c === "'") {
      i = skipQuoted(source, i, c);
    } else if (c === '{' || c === '}' || c === ';') {
      if (c === '{') depth++;
      else if (c === '}') depth = Math.max(0, depth - 1);
      words = [];
      i++;
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(source[j])) j++;
      const word = source.slice(i, j);
      i = j;
      if (depth !== 0) continue;
      if (TYPE_KEYWORDS.has(word) && words.includes('public')) {
        const name = nextWord(source, i);
        if (name && IDENTIFIER.test(name)) return name;
      }
      words.push(word);
    } else i++;
  }
  return undefined;
}

function skipQuoted(source: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The next identifier after white space and comments. */
function nextWord(source: string, from: number): string | undefined {
  const m = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*([\p{L}_$][\p{L}\p{N}_$]*)/u.exec(source.slice(from, from + 1000));
  return m?.[1];
}

/** A class file that declares `public static void main(String[])`. */
export interface MainClass {
  /** Binary name, as `java` takes it: `a.b.Main`, `Main$Inner`. */
  name: string;
  /** Declared `public`, at the top level (not nested, local or anonymous). */
  publicTopLevel: boolean;
}

export type JavaEntry = { ok: true; entry: string } | { ok: false; message: string };

/** Class files looked at, at most: javac of one source file leaves a handful. */
const MAX_CLASS_FILES = 2000;
/** Directory levels (a package `a.b.c` is three). */
const MAX_DEPTH = 32;

/** The class to run from what javac left in `workDir`, or a message saying why there is none (CE). */
export function findJavaMain(workDir: string): JavaEntry {
  const mains: MainClass[] = [];
  for (const file of classFiles(workDir)) {
    const found = mainClassOf(file);
    if (found) mains.push(found);
  }
  if (mains.length === 1) return { ok: true, entry: mains[0].name };
  if (mains.length === 0)
    return {
      ok: false,
      message: '没有找到 main 方法：Java 程序需要一个类声明 public static void main(String[] args)',
    };
  const publicOnes = mains.filter((m) => m.publicTopLevel);
  if (publicOnes.length === 1) return { ok: true, entry: publicOnes[0].name };
  const names = mains.map((m) => m.name).sort();
  return {
    ok: false,
    message: `多个类含有 main 方法（${names.join('、')}），无法确定运行哪一个：请只保留一个 main 方法，或把要运行的类声明为 public`,
  };
}

/** `.class` files under a directory, symlinks not followed. */
function classFiles(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= MAX_CLASS_FILES) return;
      const path = join(dir, name);
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory() && depth < MAX_DEPTH) visit(path, depth + 1);
      else if (st.isFile() && name.endsWith('.class')) out.push(path);
    }
  };
  visit(root, 0);
  return out;
}

const ACC_PUBLIC = 0x0001;
const ACC_STATIC = 0x0008;
const MAIN_DESCRIPTOR = '([Ljava/lang/String;)V';

/** Reads one class file (JVMS §4); null when it has no main method or is not a class file. */
export function mainClassOf(path: string): MainClass | null {
  try {
    return parseClass(readFileSync(path));
  } catch {
    return null; // truncated or not a class file: nothing to run there
  }
}

function parseClass(b: Buffer): MainClass | null {
  if (b.readUInt32BE(0) !== 0xcafebabe) return null;
  let p = 8;
  const count = b.readUInt16BE(p);
  p += 2;
  const utf8 = new Map<number, string>();
  const classNameIndex = new Map<number, number>();
  for (let i = 1; i < count; i++) {
    const tag = b[p++];
    switch (tag) {
      case 1: {
        const len = b.readUInt16BE(p);
        utf8.set(i, b.toString('utf8', p + 2, p + 2 + len));
        p += 2 + len;
        break;
      }
      case 7:
        classNameIndex.set(i, b.readUInt16BE(p));
        p += 2;
        break;
      case 8:
      case 16:
      case 19:
      case 20:
        p += 2;
        break;
      case 15:
        p += 3;
        break;
      case 3:
      case 4:
      case 9:
      case 10:
      case 11:
      case 12:
      case 17:
      case 18:
        p += 4;
        break;
      case 5:
      case 6:
        p += 8;
        i++; // takes two entries
        break;
      default:
        return null;
    }
  }
  const access = b.readUInt16BE(p);
  const thisClass = utf8.get(classNameIndex.get(b.readUInt16BE(p + 2)) ?? 0);
  p += 6;
  p += 2 + 2 * b.readUInt16BE(p); // interfaces
  const skipMembers = (onEach?: (flags: number, name: string, descriptor: string) => void) => {
    const members = b.readUInt16BE(p);
    p += 2;
    for (let k = 0; k < members; k++) {
      onEach?.(b.readUInt16BE(p), utf8.get(b.readUInt16BE(p + 2)) ?? '', utf8.get(b.readUInt16BE(p + 4)) ?? '');
      p += 6;
      skipAttributes();
    }
  };
  const skipAttributes = (onEach?: (name: string) => void) => {
    const attributes = b.readUInt16BE(p);
    p += 2;
    for (let k = 0; k < attributes; k++) {
      onEach?.(utf8.get(b.readUInt16BE(p)) ?? '');
      p += 6 + b.readUInt32BE(p + 2);
    }
  };
  let hasMain = false;
  skipMembers(); // fields
  skipMembers((flags, name, descriptor) => {
    const isMain = name === 'main' && descriptor === MAIN_DESCRIPTOR;
    if (isMain && (flags & (ACC_PUBLIC | ACC_STATIC)) === (ACC_PUBLIC | ACC_STATIC)) hasMain = true;
  });
  if (!hasMain || !thisClass) return null;
  // Nested, local and anonymous classes name their enclosing class (NestHost, EnclosingMethod).
  let nested = false;
  skipAttributes((name) => {
    if (name === 'NestHost' || name === 'EnclosingMethod') nested = true;
  });
  return { name: thisClass.replace(/\//g, '.'), publicTopLevel: !nested && (access & ACC_PUBLIC) !== 0 };
}
