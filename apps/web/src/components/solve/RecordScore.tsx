import { Typography } from 'antd';
import { scoreText } from './score';

/** A list row's score beside its verdict (`60 / 100`); nothing for all-or-nothing records. */
export default function RecordScore({ row }: { row: { score: number | null; full_score: number | null } }) {
  const text = scoreText(row);
  if (!text) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} data-testid="row-score">
      {text}
    </Typography.Text>
  );
}
