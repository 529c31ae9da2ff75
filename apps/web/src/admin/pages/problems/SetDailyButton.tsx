import { useState } from 'react';
import { Button, DatePicker, Popover, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { setDaily } from '../../../api/problems';
import { notify } from '../../../lib/notify';
import '../../../lib/dayjsLocale';

/** 设为每日一题: today by default, or a chosen date (Asia/Shanghai dates on the server). */
export default function SetDailyButton({ problemId }: { problemId: number }) {
  const [date, setDate] = useState<Dayjs | null>(null);
  const [open, setOpen] = useState(false);
  const save = async () => {
    try {
      await setDaily(problemId, date ? date.format('YYYY-MM-DD') : undefined);
      notify.success(`题目 ${problemId} 已设为${date ? ` ${date.format('YYYY-MM-DD')} 的` : '今日'}每日一题`);
      setOpen(false);
    } catch {
      // toast shown
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={
        <Space>
          <DatePicker value={date} onChange={setDate} placeholder="今天" />
          <Button type="primary" onClick={() => void save()}>
            确定
          </Button>
        </Space>
      }
    >
      <Button type="link">设为每日一题</Button>
    </Popover>
  );
}
