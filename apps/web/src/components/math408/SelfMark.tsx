import { useState } from 'react';
import Card from '../plain/Card';
import { Typography } from '../plain/Typography';
import Button from '../plain/Button';
import { MATH408_SELF_MARK_NAMES, MATH408_SELF_MARKS } from '@oj/shared/data/math408-practice';
import type { Math408Record } from '../../lib/contract';
import { selfMarkAnswer } from '../../api/math408';
import { MarkdownView } from '../MarkdownView';

/**
 * A short answer marked by its author against the reference answer: 我答对了 / 部分正确 / 我答错了,
 * stored with the answer (statistics; 我答错了 puts it in the 错题本). Marking again replaces it.
 * Nothing to mark against while a contest withholds the reference answer.
 */
export default function SelfMark({
  record,
  onMarked,
}: {
  record: Math408Record;
  onMarked: (r: Math408Record) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (record.type !== 'short' || !record.reference_answer) return null;
  const mark = async (m: (typeof MATH408_SELF_MARKS)[number]) => {
    setBusy(true);
    try {
      onMarked(await selfMarkAnswer(record.record_id, m));
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title="对照参考答案自评" data-testid="self-mark" style={{ marginTop: 12 }}>
      <MarkdownView text={record.reference_answer} />
      <div className="oj-wrap-row" style={{ marginTop: 8 }}>
        {MATH408_SELF_MARKS.map((m) => (
          <Button
            key={m}
            size="small"
            loading={busy}
            type={record.self_mark === m ? 'primary' : 'default'}
            danger={m === 'wrong'}
            onClick={() => void mark(m)}
          >
            {MATH408_SELF_MARK_NAMES[m]}
          </Button>
        ))}
      </div>
      {record.self_mark && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          已记为：{MATH408_SELF_MARK_NAMES[record.self_mark]}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
