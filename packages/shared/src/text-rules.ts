// Rules on user-entered text, zod-free so the sites can use them without pulling zod in.

/**
 * C0 and C1 control characters except tab, line feed and carriage return (multi-line text such as
 * markdown and code keeps those). Refused in every string of every request: NUL truncates in C
 * tools and some databases, ESC sequences rewrite a terminal showing a log.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Bidirectional formatting characters: they reorder what follows them on screen, so a name could
 * show as something else than it is ("Trojan Source"). Refused in names and titles.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** White space and characters that draw nothing (zero-width space/joiners, word joiner, BOM, fillers). */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each code point is matched on its own
  /[\s\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0]/gu;

/**
 * A UTF-16 surrogate without its partner: not a character at all. JSON's `\ud800` escape makes one;
 * stored, it comes back as U+FFFD (or breaks an encoder), so it is refused like a control character.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * How deep objects and arrays may nest in a request (the request object itself is level 1). The
 * deepest real request is a code replay (`{replay: {events: [[…]]}}`, 4 levels); a body nested
 * 100 000 levels deep must get a plain refusal, not a stack overflow in some recursive walk.
 */
export const MAX_NESTING = 32;

/** Why a string of a request is refused (the end of a Chinese sentence after the field's label). */
function stringProblem(text: string): string | null {
  if (CONTROL_CHARS.test(text)) return '不能包含控制字符';
  if (LONE_SURROGATE.test(text)) return '不能包含无效的 Unicode 字符（不成对的代理项）';
  return null;
}

/**
 * Why `text` is not acceptable as a name or title (a nickname, a contest or problem title, a tag),
 * as the end of a Chinese sentence after the field's label; null when it is fine.
 */
export function nameTextProblem(text: string): string | null {
  const problem = stringProblem(text);
  if (problem) return problem;
  if (BIDI_CONTROLS.test(text)) return '不能包含改变文字方向的控制字符';
  // Blank text is left to the schema's own rule (不能为空 after trimming).
  if (text.trim() !== '' && text.replace(INVISIBLE, '') === '') return '不能只由空白或不可见字符组成';
  return null;
}

export interface RequestProblem {
  /** Where: keys and array positions from the top of the value (a refused key ends the path). */
  path: (string | number)[];
  /** The end of a Chinese sentence after the field's label (不能包含控制字符 …). */
  problem: string;
  /** True when the value nests too deep (the path then stops at the level that is too deep). */
  tooDeep: boolean;
}

/** One object or array being walked: its keys (null for an array), its values, the next position. */
interface Level {
  keys: string[] | null;
  values: unknown[];
  next: number;
}

const level = (value: object): Level =>
  Array.isArray(value)
    ? { keys: null, values: value, next: 0 }
    : { keys: Object.keys(value), values: Object.values(value), next: 0 };

/**
 * The first key or leaf inside `value` (objects and arrays walked) that `problemOf` refuses, or the
 * first place nesting deeper than `maxNesting`; null when there is none. Keys count: a key is a
 * string the client chose. Walked with an explicit stack, never by recursion, so no input can
 * exhaust the call stack; at most `maxNesting` levels are held at any time.
 */
export function findInRequest(
  value: unknown,
  problemOf: (leaf: unknown) => string | null,
  maxNesting = MAX_NESTING,
): RequestProblem | null {
  if (!value || typeof value !== 'object') {
    const problem = problemOf(value);
    return problem ? { path: [], problem, tooDeep: false } : null;
  }
  const stack: Level[] = [level(value)];
  const path = () => stack.map((l) => (l.keys ? l.keys[l.next - 1] : l.next - 1));
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next >= top.values.length) {
      stack.pop();
      continue;
    }
    const i = top.next++;
    const item = top.values[i];
    const problem =
      (top.keys && problemOf(top.keys[i])) || (item && typeof item === 'object' ? null : problemOf(item));
    if (problem) return { path: path(), problem, tooDeep: false };
    if (item && typeof item === 'object') {
      if (stack.length >= maxNesting)
        return { path: path(), problem: `嵌套层数过多（不能超过 ${maxNesting} 层）`, tooDeep: true };
      stack.push(level(item));
    }
  }
  return null;
}

/**
 * The first string inside `value` (keys included) holding a control character or a lone
 * surrogate, or the first place nesting deeper than `maxNesting`; null when there is none.
 */
export const findRequestTextProblem = (value: unknown, maxNesting = MAX_NESTING) =>
  findInRequest(value, (leaf) => (typeof leaf === 'string' ? stringProblem(leaf) : null), maxNesting);
