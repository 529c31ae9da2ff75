import { Button, Empty, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import RejudgePanel from '../../../components/contest/RejudgePanel';

/**
 * 重测管理: a contest's rejudge sets (issue 26 part 4). Opened from the contest list's 更多操作 with
 * `?competition_id=`; each set is judged beside the stored results, then applied or cancelled.
 */
export default function RejudgeAdminPage() {
  const [params, setParams] = useSearchParams();
  const contestId = Number(params.get('competition_id')) || 0;
  const [draft, setDraft] = useState<number | null>(contestId || null);
  const go = () => draft && setParams({ competition_id: String(draft) });
  return (
    <div data-testid="admin-rejudge">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>比赛编号</span>
        <InputNumber
          min={1}
          value={draft}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          onPressEnter={go}
        />
        <Button onClick={go}>查看</Button>
      </Space>
      <Typography.Paragraph type="secondary">
        新建的重测集先把所选提交重新评测，不改动原结果；评测完成后对照新旧结果和榜单变化，再决定应用或取消。每场比赛同时只能有一个未完成的重测集。
      </Typography.Paragraph>
      {contestId > 0 ? (
        <RejudgePanel key={contestId} contestId={contestId} />
      ) : (
        <Empty description="输入比赛编号查看重测集" />
      )}
    </div>
  );
}
