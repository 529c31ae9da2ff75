import { useState } from 'react';
import { InputNumber, Modal } from 'antd';
import type { CompetitionInfo } from '../../../lib/contract';
import { formatLength } from '../../../lib/contestTime';

/** 封榜: how many final minutes to freeze (defaults to the contest's own setting). */
export default function FreezeDialog({ contest, onOk, onCancel }: { contest: CompetitionInfo | null; onOk(minutes: number): void; onCancel(): void }) {
  const [minutes, setMinutes] = useState<number | null>(null);
  const value = minutes ?? (contest?.freeze_minutes || 60);
  return (
    <Modal
      title={contest ? `封榜「${contest.name}」` : '封榜'}
      open={contest !== null}
      okText="封榜"
      cancelText="取消"
      onOk={() => {
        onOk(value);
        setMinutes(null);
      }}
      onCancel={() => {
        onCancel();
        setMinutes(null);
      }}
      destroyOnHidden
    >
      <p>比赛时长 {contest ? formatLength(contest.start_time, contest.end_time) : ''}。封榜后，其他选手看到最后这段时间内的提交为待定，直到解除封榜。</p>
      封榜时长（分钟）：
      <InputNumber min={1} precision={0} value={value} onChange={setMinutes} style={{ width: 160 }} />
    </Modal>
  );
}
