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
 */
export function insertSnippet(container: Element | null, text: string): void {
  const editor = aceEditorIn(container?.querySelector('.ace_editor'));
  if (!editor) return;
  const { row } = editor.getCursorPosition();
  const line = editor.session.getLine(row);
  if (line.trim() === '') editor.session.insert({ row, column: 0 }, text);
  else if (row === editor.session.getLength() - 1)
    editor.session.insert({ row, column: line.length }, `\n${text}`);
  else editor.session.insert({ row: row + 1, column: 0 }, text);
  editor.focus();
}
