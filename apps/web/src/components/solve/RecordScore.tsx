import { scoreText } from './score';

/** A list row's score beside its verdict (`60 / 100`); nothing for all-or-nothing records. */
export default function RecordScore({ row }: { row: { score: number | null; full_score: number | null } }) {
  const text = scoreText(row);
  if (!text) return null;
  return (
    <span className="oj-secondary-small" style={{ whiteSpace: 'nowrap' }} data-testid="row-score">
      {text}
    </span>
  );
}
