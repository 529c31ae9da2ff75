/** The part of a column (antd's Table or DataTable) that pinning reads and sets. */
interface Pinnable {
  key?: string | number | bigint;
  dataIndex?: unknown;
  width?: number | string;
  fixed?: unknown;
}

/** The id a column is known by: its key, else its dataIndex. */
const idOf = (c: Pinnable) => String(c.key ?? c.dataIndex ?? '');

/**
 * On a phone (issue 29 item 12) a wide table scrolls sideways inside itself, which hid the columns
 * that carry the answer (verdict, state, rank, score) behind a swipe. With `narrow`, the columns
 * named in `pinned` move to the front, in that order, and stay put (fixed left) while the rest
 * scrolls; `widths` narrows them for the small screen. On wider screens the columns are unchanged.
 */
export function pinColumns<C extends Pinnable>(
  columns: C[],
  pinned: string[],
  narrow: boolean,
  widths: Record<string, number> = {},
): C[] {
  if (!narrow) return columns;
  const front = pinned
    .map((id) => columns.find((c) => idOf(c) === id))
    .filter((c): c is C => c !== undefined)
    .map((c) => ({ ...c, fixed: 'left' as const, width: widths[idOf(c)] ?? c.width }));
  const rest = columns.filter((c) => !pinned.includes(idOf(c)));
  return [...front, ...rest];
}
