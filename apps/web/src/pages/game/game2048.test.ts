import { describe, expect, it } from 'vitest';
import { addTile, canMove, emptyBoard, hasWon, move, slideRow, swipeDirection } from './game2048';

describe('2048 rules', () => {
  it('slides and merges each pair once', () => {
    expect(slideRow([2, 2, 2, 2])).toEqual({ row: [4, 4, 0, 0], gained: 8 });
    expect(slideRow([0, 4, 4, 8])).toEqual({ row: [8, 8, 0, 0], gained: 8 });
    expect(slideRow([2, 0, 2, 4])).toEqual({ row: [4, 4, 0, 0], gained: 4 });
    expect(slideRow([2, 4, 8, 16])).toEqual({ row: [2, 4, 8, 16], gained: 0 });
  });

  it('moves in every direction and says when nothing moved', () => {
    const b = [
      [2, 0, 0, 2],
      [0, 0, 0, 0],
      [0, 4, 0, 0],
      [0, 4, 0, 0],
    ];
    expect(move(b, 'left').board[0]).toEqual([4, 0, 0, 0]);
    expect(move(b, 'right').board[0]).toEqual([0, 0, 0, 4]);
    expect(move(b, 'down').board.map((r) => r[1])).toEqual([0, 0, 0, 8]);
    expect(move(b, 'up').board.map((r) => r[1])).toEqual([8, 0, 0, 0]);
    expect(move(b, 'up').gained).toBe(8);
    const stuck = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 4, 2],
    ];
    expect(move(stuck, 'left').moved).toBe(false);
    expect(canMove(stuck)).toBe(false);
    expect(hasWon([[2048, 0, 0, 0], ...emptyBoard().slice(1)])).toBe(true);
  });

  it('adds a tile on an empty cell and reads swipes', () => {
    const one = addTile(emptyBoard(), () => 0);
    expect(one[0][0]).toBe(2);
    expect(one.flat().filter(Boolean)).toHaveLength(1);
    expect(swipeDirection(60, 10)).toBe('right');
    expect(swipeDirection(-5, -80)).toBe('up');
    expect(swipeDirection(5, 5)).toBeNull();
  });
});
