/**
 * Normalising lexers for code similarity: a program becomes a stream of symbols in which comments
 * and whitespace are gone, every identifier the author chose is `V`, every number `N` and every
 * string or character literal `S`; keywords, operators and punctuation stay as written, and so do
 * the names of the language's library (`cin`, `printf`, `append`): renaming variables changes
 * nothing, but two independent programs that call different library functions stay apart.
 * Include / import lines are left out: every solution shares them.
 */

export type Family = 'c' | 'java' | 'js' | 'go' | 'python';

export interface Token {
  /** The normalised symbol (`V`, `N`, `S`, a keyword, an operator). */
  sym: string;
  /** 1-based line of the token's first character. */
  line: number;
}

export function familyOf(language: string): Family | null {
  switch (language) {
    case 'C':
    case 'C++':
      return 'c';
    case 'Java':
      return 'java';
    case 'JavaScript':
      return 'js';
    case 'Go':
      return 'go';
    case 'Python3':
    case 'PyPy3':
      return 'python';
    default:
      return null;
  }
}

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

const C_KEYWORDS = words(`auto bool break case catch char class const constexpr continue default delete do
  double else enum explicit extern false float for friend goto if inline int long mutable namespace new
  nullptr operator private protected public register return short signed sizeof static struct switch
  template this throw true try typedef typename union unsigned using virtual void volatile while`);
const C_LIBRARY = words(`std cin cout cerr endl printf scanf puts gets getchar putchar main string vector
  map set unordered_map unordered_set multiset multimap pair make_pair queue priority_queue stack deque
  list bitset array sort stable_sort reverse unique lower_bound upper_bound min max swap abs fabs sqrt pow
  memset memcpy strlen strcmp strcpy push_back pop_back emplace_back push pop front back top begin end
  size empty insert erase find count clear first second greater less ios sync_with_stdio tie malloc free
  int64_t uint64_t size_t fill accumulate iota getline to_string stoi stoll substr freopen`);
const JAVA_KEYWORDS = words(`abstract boolean break byte case catch char class continue default do double
  else enum extends final finally float for if implements instanceof int interface long new null private
  protected public return short static super switch this throw throws true false try void while var`);
const JAVA_LIBRARY = words(`System out in println print printf String Scanner BufferedReader
  InputStreamReader StringTokenizer Integer Long Math Arrays Collections List ArrayList Map HashMap Set
  HashSet main args nextInt nextLong next nextLine readLine parseInt parseLong length size get put add
  sort max min abs split trim PrintWriter StringBuilder append toString charAt`);
const JS_KEYWORDS = words(`async await break case catch class const continue default delete do else export
  extends false finally for function if in instanceof let new null of return static super switch this
  throw true try typeof undefined var void while yield`);
const JS_LIBRARY = words(`console log require process stdin stdout on data end readline createInterface
  line input output split map filter reduce join push pop shift length parseInt parseFloat Number String
  Math max min abs floor ceil sort trim toString readFileSync fs write BigInt Array from fill`);
const GO_KEYWORDS = words(`break case chan const continue default defer else fallthrough for func go goto
  if interface map package range return select struct switch type var true false nil int int64 int32
  string float64 bool byte rune`);
const GO_LIBRARY = words(`fmt Scan Scanf Scanln Print Println Printf Sprintf bufio os NewReader NewWriter
  Stdin Stdout Flush len cap append make new copy delete sort Ints Slice strings strconv Atoi Itoa
  Fields Split main math Max Min`);
const PY_KEYWORDS = words(`and as assert async await break class continue def del elif else except False
  finally for from global if import in is lambda None nonlocal not or pass raise return True try while
  with yield`);
const PY_LIBRARY = words(`print input int str float list dict set tuple range len map split strip sorted
  sum min max abs enumerate zip append pop sys stdin readline read join open sort reverse keys values
  items`);

const KEYWORDS: Record<Family, Set<string>> = {
  c: C_KEYWORDS,
  java: JAVA_KEYWORDS,
  js: JS_KEYWORDS,
  go: GO_KEYWORDS,
  python: PY_KEYWORDS,
};
const LIBRARY: Record<Family, Set<string>> = {
  c: C_LIBRARY,
  java: JAVA_LIBRARY,
  js: JS_LIBRARY,
  go: GO_LIBRARY,
  python: PY_LIBRARY,
};

/** Library names that are never the author's own names. */
const ALWAYS_LIBRARY = words('std cin cout cerr endl System console fmt');

/**
 * A library name is kept (`@name`) where it is used as one: called, or reached as a member
 * (`x.append`, `std::sort`, `fmt.Println`); elsewhere it is the author's variable (`count`,
 * `items`, `top`) and becomes `V` like any other name.
 */
function librarySym(word: string, family: Family, src: string, start: number, end: number): string {
  if (!LIBRARY[family].has(word)) return 'V';
  if (ALWAYS_LIBRARY.has(word)) return `@${word}`;
  const before = src.slice(Math.max(0, start - 8), start).trimEnd();
  const after = src.slice(end, end + 8).trimStart();
  const member = before.endsWith('.') || before.endsWith('::') || before.endsWith('->');
  const used = after.startsWith('(') || after.startsWith('.') || after.startsWith('::');
  return member || used ? `@${word}` : 'V';
}

/** Longest first, so `>>=` is one token and not `>>` `=`. */
const OPERATORS = [
  '>>>=', '<<=', '>>=', '>>>', '===', '!==', '...', '**=', '//=',
  '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '::', ':=', '=>', '**', '//', '<-', '&^',
];

const isIdStart = (ch: string) => /[A-Za-z_$\u00c0-\uffff]/.test(ch);
const isIdPart = (ch: string) => /[\w$\u00c0-\uffff]/.test(ch);
const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/** A lexer's position in the source: index and line. */
class Cursor {
  i = 0;
  line = 1;
  constructor(readonly src: string) {}
  get ch(): string {
    return this.src[this.i] ?? '';
  }
  peek(n = 1): string {
    return this.src[this.i + n] ?? '';
  }
  get done(): boolean {
    return this.i >= this.src.length;
  }
  advance(n = 1): void {
    for (let k = 0; k < n && this.i < this.src.length; k++) {
      if (this.src[this.i] === '\n') this.line++;
      this.i++;
    }
  }
  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.i);
  }
  /** Skips up to and including `end` (or to the end of the source). */
  skipPast(end: string): void {
    const at = this.src.indexOf(end, this.i);
    this.advance(at < 0 ? this.src.length - this.i : at - this.i + end.length);
  }
}

/** A quoted literal starting at the cursor (`quote` may be several characters: `"""`). */
function skipString(cur: Cursor, quote: string, multiline: boolean): void {
  cur.advance(quote.length);
  while (!cur.done) {
    if (cur.ch === '\\') {
      cur.advance(2);
      continue;
    }
    if (cur.startsWith(quote)) {
      cur.advance(quote.length);
      return;
    }
    if (cur.ch === '\n' && !multiline) return;
    cur.advance();
  }
}

function skipNumber(cur: Cursor): void {
  // 0x1f, 1e9, 3.14f, 1'000'000 (C++14), 1_000 (Java, Python, Go), 10LL, 5n (BigInt)
  while (!cur.done && (/[\w.']/.test(cur.ch) || ((cur.ch === '+' || cur.ch === '-') && /[eEpP]/.test(cur.src[cur.i - 1]))))
    cur.advance();
}

function operatorAt(cur: Cursor): string {
  for (const op of OPERATORS) if (cur.startsWith(op)) return op;
  return cur.ch;
}

/** C, C++, Java, JavaScript and Go: one lexer, with the family's comments, strings and keywords. */
function lexCLike(src: string, family: Exclude<Family, 'python'>): Token[] {
  const cur = new Cursor(src);
  const out: Token[] = [];
  let lineStart = true;
  const push = (sym: string, line: number) => out.push({ sym, line });
  while (!cur.done) {
    const ch = cur.ch;
    if (ch === '\n') {
      lineStart = true;
      cur.advance();
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v') {
      cur.advance();
      continue;
    }
    const line = cur.line;
    // Preprocessor lines (C, C++), with their backslash continuations.
    if (family === 'c' && ch === '#' && lineStart) {
      while (!cur.done && cur.ch !== '\n') cur.advance(cur.ch === '\\' && cur.peek() === '\n' ? 2 : 1);
      continue;
    }
    const wordStartsLine = lineStart;
    lineStart = false;
    if (cur.startsWith('//')) {
      cur.skipPast('\n');
      lineStart = true;
      continue;
    }
    if (cur.startsWith('/*')) {
      cur.advance(2);
      cur.skipPast('*/');
      continue;
    }
    if (ch === '"' || ch === "'") {
      skipString(cur, ch, false);
      push('S', line);
      continue;
    }
    if (ch === '`') {
      // JavaScript template literals and Go raw strings: neither has escapes that matter here.
      cur.advance();
      cur.skipPast('`');
      push('S', line);
      continue;
    }
    if (isDigit(ch) || (ch === '.' && isDigit(cur.peek()))) {
      skipNumber(cur);
      push('N', line);
      continue;
    }
    if (isIdStart(ch)) {
      const start = cur.i;
      while (!cur.done && isIdPart(cur.ch)) cur.advance();
      const word = src.slice(start, cur.i);
      if (wordStartsLine && family !== 'c' && skipImport(cur, word, family)) continue;
      push(KEYWORDS[family].has(word) ? word : librarySym(word, family, src, start, cur.i), line);
      continue;
    }
    const op = operatorAt(cur);
    cur.advance(op.length);
    push(op, line);
  }
  return out;
}

/**
 * Java `import …;` / `package …;`, Go `package x` and `import "x"` / `import ( … )`, JavaScript
 * `import … from '…'` at the start of a line: the same in every solution, so they carry no evidence
 * of copying. Answers whether the word at the cursor began such a line (and skipped it).
 */
function skipImport(cur: Cursor, word: string, family: Exclude<Family, 'python' | 'c'>): boolean {
  if (family === 'java' && (word === 'import' || word === 'package')) {
    cur.skipPast(';');
    return true;
  }
  if (family === 'go' && (word === 'import' || word === 'package')) {
    while (cur.ch === ' ' || cur.ch === '\t') cur.advance();
    if (word === 'import' && cur.ch === '(') cur.skipPast(')');
    else while (!cur.done && cur.ch !== '\n') cur.advance();
    return true;
  }
  if (family === 'js' && word === 'import') {
    while (!cur.done && cur.ch !== '\n') cur.advance();
    return true;
  }
  return false;
}

/**
 * Python: `#` comments, string literals with prefixes and triple quotes, and the block structure
 * kept as `NL` (end of a logical line), `IN` and `DE` (indent, dedent) whatever the spacing used.
 * Brackets join lines, as in Python.
 */
function lexPython(src: string): Token[] {
  const cur = new Cursor(src);
  const out: Token[] = [];
  const indents = [0];
  let depth = 0;
  let atLineStart = true;
  while (!cur.done) {
    if (atLineStart && depth === 0) {
      let width = 0;
      while (cur.ch === ' ' || cur.ch === '\t') {
        width += cur.ch === '\t' ? 8 - (width % 8) : 1;
        cur.advance();
      }
      if (cur.done) break;
      if (cur.ch === '\n' || cur.ch === '\r' || cur.ch === '#') {
        while (!cur.done && cur.ch !== '\n') cur.advance();
        cur.advance();
        continue;
      }
      if (width > indents[indents.length - 1]) {
        indents.push(width);
        out.push({ sym: 'IN', line: cur.line });
      }
      while (width < indents[indents.length - 1]) {
        indents.pop();
        out.push({ sym: 'DE', line: cur.line });
      }
      atLineStart = false;
    }
    const ch = cur.ch;
    const line = cur.line;
    if (ch === '\n') {
      cur.advance();
      if (depth === 0) {
        if (out.length && out[out.length - 1].sym !== 'NL') out.push({ sym: 'NL', line });
        atLineStart = true;
      }
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f') {
      cur.advance();
      continue;
    }
    if (ch === '\\' && cur.peek() === '\n') {
      cur.advance(2);
      continue;
    }
    if (ch === '#') {
      while (!cur.done && cur.ch !== '\n') cur.advance();
      continue;
    }
    const prefix = /^[rRbBuUfF]{0,2}(?=['"])/.exec(src.slice(cur.i, cur.i + 3))?.[0];
    if (prefix !== undefined && (src[cur.i + prefix.length] === '"' || src[cur.i + prefix.length] === "'")) {
      cur.advance(prefix.length);
      const q = cur.ch;
      const triple = cur.startsWith(q.repeat(3));
      skipString(cur, triple ? q.repeat(3) : q, triple);
      out.push({ sym: 'S', line });
      continue;
    }
    if (isDigit(ch) || (ch === '.' && isDigit(cur.peek()))) {
      skipNumber(cur);
      out.push({ sym: 'N', line });
      continue;
    }
    if (isIdStart(ch)) {
      const start = cur.i;
      while (!cur.done && isIdPart(cur.ch)) cur.advance();
      const word = src.slice(start, cur.i);
      const first = out.length === 0 || out[out.length - 1].sym === 'NL' || /^(IN|DE)$/.test(out[out.length - 1].sym);
      if (first && depth === 0 && (word === 'import' || word === 'from')) {
        while (!cur.done && cur.ch !== '\n') cur.advance();
        continue;
      }
      out.push({ sym: PY_KEYWORDS.has(word) ? word : librarySym(word, 'python', src, start, cur.i), line });
      continue;
    }
    const op = operatorAt(cur);
    if (op === '(' || op === '[' || op === '{') depth++;
    if ((op === ')' || op === ']' || op === '}') && depth > 0) depth--;
    cur.advance(op.length);
    out.push({ sym: op, line });
  }
  return out;
}

/** The normalised token stream of a program in a family's language. */
export function tokenize(source: string, family: Family): Token[] {
  return family === 'python' ? lexPython(source) : lexCLike(source, family);
}
