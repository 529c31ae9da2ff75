/**
 * The hand-over from the plain text box that stands in for Ace while it loads (CodeEditor.tsx):
 * where the cursor was when the box went, if it had the focus, so the writer goes on typing in Ace
 * at the same place.
 */
let cursor: number | null = null;

/** The box goes while focused, its cursor at `offset` (characters from the start). */
export function leaveCursor(offset: number): void {
  cursor = offset;
}

/** The cursor left by the box (once), or null when it did not have the focus. */
export function takeCursor(): number | null {
  const at = cursor;
  cursor = null;
  return at;
}
