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
 * Why `text` is not acceptable as a name or title (a nickname, a contest or problem title, a tag),
 * as the end of a Chinese sentence after the field's label; null when it is fine.
 */
export function nameTextProblem(text: string): string | null {
  if (CONTROL_CHARS.test(text)) return '不能包含控制字符';
  if (BIDI_CONTROLS.test(text)) return '不能包含改变文字方向的控制字符';
  // Blank text is left to the schema's own rule (不能为空 after trimming).
  if (text.trim() !== '' && text.replace(INVISIBLE, '') === '') return '不能只由空白或不可见字符组成';
  return null;
}

/**
 * The path of the first string inside `value` (objects and arrays walked) holding a control
 * character, or null. Keys count too: a key is a string the client chose.
 */
export function findControlChar(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlChar(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARS.test(key)) return [...path, key];
      const found = findControlChar(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
