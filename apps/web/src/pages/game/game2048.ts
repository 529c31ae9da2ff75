/** The rules of 2048 on a 4×4 board, as pure functions (the page draws and feeds them). */

export const SIZE = 4;
export type Board = number[][];
export type Direction = 'left' | 'right' | 'up' | 'down';

export const emptyBoard = (): Board => Array.from({ length: SIZE }, () => Array<number>(SIZE).fill(0));

/** Slides one row to the left, merging equal neighbours once each (2 2 2 2 → 4 4 0 0). */
export function slideRow(row: number[]): { row: number[]; gained: number } {
  const tiles = row.filter((v) => v !== 0);
  const out: number[] = [];
  let gained = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (i + 1 < tiles.length && tiles[i] === tiles[i + 1]) {
      out.push(tiles[i] * 2);
      gained += tiles[i] * 2;
      i++;
    } else out.push(tiles[i]);
  }
  while (out.length < row.length) out.push(0);
  return { row: out, gained };
}

const transpose = (b: Board): Board => b[0].map((_, c) => b.map((r) => r[c]));
const mirror = (b: Board): Board => b.map((r) => [...r].reverse());

/** The board after a move, the points it scored and whether anything moved. */
export function move(board: Board, dir: Direction): { board: Board; gained: number; moved: boolean } {
  // Every direction is "left" on a transformed board, transformed back afterwards.
  const pre = (b: Board) =>
    dir === 'left' ? b : dir === 'right' ? mirror(b) : dir === 'up' ? transpose(b) : mirror(transpose(b));
  const post = (b: Board) =>
    dir === 'left' ? b : dir === 'right' ? mirror(b) : dir === 'up' ? transpose(b) : transpose(mirror(b));
  let gained = 0;
  const slid = pre(board).map((r) => {
    const s = slideRow(r);
    gained += s.gained;
    return s.row;
  });
  const next = post(slid);
  const moved = next.some((r, i) => r.some((v, j) => v !== board[i][j]));
  return { board: next, gained, moved };
}

/** A new tile (2, or 4 one time in ten) on a random empty cell; `random` in [0, 1). */
export function addTile(board: Board, random: () => number = Math.random): Board {
  const empty: [number, number][] = [];
  board.forEach((r, i) => r.forEach((v, j) => v === 0 && empty.push([i, j])));
  if (!empty.length) return board;
  const [i, j] = empty[Math.floor(random() * empty.length)];
  const next = board.map((r) => [...r]);
  next[i][j] = random() < 0.9 ? 2 : 4;
  return next;
}

export const newGame = (random: () => number = Math.random): Board =>
  addTile(addTile(emptyBoard(), random), random);

export const canMove = (board: Board): boolean =>
  (['left', 'right', 'up', 'down'] as const).some((d) => move(board, d).moved);

export const hasWon = (board: Board): boolean => board.some((r) => r.some((v) => v >= 2048));

/** A swipe of at least `min` px along its main axis, or null for a tap. */
export function swipeDirection(dx: number, dy: number, min = 24): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < min) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}
