import { difficultyStyle } from './verdicts';

/** Difficulty in its colour (简单 green, 中等 amber, 困难 red, 未知 grey). */
export default function DifficultyTag({ difficulty }: { difficulty: number }) {
  const s = difficultyStyle(difficulty);
  return (
    <span className="oj-difficulty" style={{ color: s.color }} data-difficulty={difficulty}>
      {s.name}
    </span>
  );
}
