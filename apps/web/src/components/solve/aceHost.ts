/** The few Ace editor calls the solving pages make, reached through the editor's DOM element. */
interface AceEditorLike {
  resize(force?: boolean): void;
  getCursorPosition(): { row: number; column: number };
  session: {
    insert(at: { row: number; column: number }, text: string): void;
    getLine(row: number): string;
    getLength(): number;
  };
  focus(): void;
}

/** Ace keeps its editor on its container element (`ace.edit` sets `container.env`). */
export const aceEditorIn = (el: Element | null | undefined): AceEditorLike | undefined =>
  (el as (Element & { env?: { editor?: AceEditorLike } }) | null | undefined)?.env?.editor;

/**
 * 插入代码片段 into the first editor inside `container`, through Ace, so the replay records it like
 * typing. A snippet is whole lines: on an empty line it goes there, otherwise after the cursor's line.
 * Before Ace has loaded (it loads when the writer comes to the editor), into the plain box's code by
 * the same rule, through `change`.
 */
export function insertSnippet(container: Element | null, text: string, change: (code: string) => void): void {
  const editor = aceEditorIn(container?.querySelector('.ace_editor'));
  if (!editor) {
    const box = container?.querySelector<HTMLTextAreaElement>('textarea.oj-code-plain');
    if (box) change(withSnippet(box.value, box.selectionStart, text));
    return;
  }
  const { row } = editor.getCursorPosition();
  const line = editor.session.getLine(row);
  if (line.trim() === '') editor.session.insert({ row, column: 0 }, text);
  else if (row === editor.session.getLength() - 1)
    editor.session.insert({ row, column: line.length }, `\n${text}`);
  else editor.session.insert({ row: row + 1, column: 0 }, text);
  editor.focus();
}

/** `code` with the snippet `text` placed as Ace would place it, the cursor at offset `cursor`. */
export function withSnippet(code: string, cursor: number, text: string): string {
  const start = code.lastIndexOf('\n', cursor - 1) + 1;
  const newline = code.indexOf('\n', cursor);
  const end = newline < 0 ? code.length : newline;
  if (code.slice(start, end).trim() === '') return code.slice(0, start) + text + code.slice(start);
  if (newline < 0) return `${code}\n${text}`;
  return code.slice(0, end + 1) + text + code.slice(end + 1);
}
