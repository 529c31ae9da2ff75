import { useCallback, useEffect, useRef, useState } from 'react';
import Button from '../../components/plain/Button';
import {
  addTile,
  canMove,
  type Direction,
  hasWon,
  move,
  newGame,
  swipeDirection,
  type Board,
} from './game2048';
import './game.css';

const BEST_KEY = 'oj-2048-best';
const KEYS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  a: 'left',
  d: 'right',
  w: 'up',
  s: 'down',
};

const readBest = () => Number(localStorage.getItem(BEST_KEY) ?? 0) || 0;

/** /game: 2048, played with the arrow keys (or WASD) and by swiping on a phone. Best score kept locally. */
export default function GamePage() {
  const [game, setGame] = useState<{ board: Board; score: number }>(() => ({ board: newGame(), score: 0 }));
  const { board, score } = game;
  const [best, setBest] = useState(readBest);
  const [won, setWon] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const over = !canMove(board);

  // A move that changed the board scores its merges and brings one new tile.
  const play = useCallback((dir: Direction) => {
    setGame((g) => {
      const r = move(g.board, dir);
      return r.moved ? { board: addTile(r.board), score: g.score + r.gained } : g;
    });
  }, []);

  useEffect(() => {
    if (hasWon(board)) setWon(true);
  }, [board]);

  useEffect(() => {
    if (score > readBest()) {
      localStorage.setItem(BEST_KEY, String(score));
      setBest(score);
    }
  }, [score]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const dir = KEYS[e.key];
      if (!dir || e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      e.preventDefault();
      play(dir);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [play]);

  const restart = () => {
    setGame({ board: newGame(), score: 0 });
    setWon(false);
  };

  return (
    <div className="oj-container-narrow oj-game" data-testid="game-page">
      <div className="oj-game-head">
        <h1>2048</h1>
        <div className="oj-game-scores">
          <div className="oj-game-score">
            <span>得分</span>
            <b data-testid="game-score">{score}</b>
          </div>
          <div className="oj-game-score">
            <span>最高</span>
            <b>{best}</b>
          </div>
        </div>
      </div>
      <p className="oj-game-help">
        用方向键（或 W A S D）移动方块，手机上直接滑动。相同数字相撞会合并，凑出 2048 就赢了！
      </p>
      <div
        className="oj-game-board"
        data-testid="game-board"
        role="grid"
        aria-label="2048 棋盘"
        onTouchStart={(e) => {
          const t = e.touches[0];
          touch.current = { x: t.clientX, y: t.clientY };
        }}
        onTouchMove={(e) => {
          if (touch.current) e.preventDefault();
        }}
        onTouchEnd={(e) => {
          const start = touch.current;
          touch.current = null;
          const t = e.changedTouches[0];
          const dir = start && swipeDirection(t.clientX - start.x, t.clientY - start.y);
          if (dir) play(dir);
        }}
      >
        {board.flat().map((v, i) => (
          <div
            key={i}
            className={`oj-game-cell oj-game-v${Math.min(v, 4096)}`}
            data-value={v}
            role="gridcell"
          >
            {v || ''}
          </div>
        ))}
        {(over || won) && (
          <div className="oj-game-overlay" data-testid="game-over">
            <p>{won && !over ? '你赢了！可以继续挑战更高分' : '没有可以移动的方块了'}</p>
            <Button type="primary" onClick={restart}>
              再来一局
            </Button>
            {won && !over && <Button onClick={() => setWon(false)}>继续</Button>}
          </div>
        )}
      </div>
      <div className="oj-game-actions">
        <Button onClick={restart} data-testid="game-restart">
          重新开始
        </Button>
      </div>
    </div>
  );
}
