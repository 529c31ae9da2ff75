import { useEffect, useState } from 'react';
import { Button, Input, InputNumber, Modal, Space, Switch, Table, Typography } from 'antd';
import type { AwardsView, CompetitionInfo } from '../../../lib/contract';
import { get, post } from '../../../api/http';
import { notify } from '../../../lib/notify';
import { useServerData } from './useServerData';

const readAwards = (id: number) =>
  get<AwardsView>('/api/competition/admin/awards', { query: { competition_id: id } });

type Counts = { gold: number; silver: number; bronze: number };
const MEDALS = [
  ['gold', '金牌'],
  ['silver', '银牌'],
  ['bronze', '铜牌'],
] as const;

/**
 * 奖牌与打星 (issue 26 part 5): how many gold, silver and bronze medals the final board gives
 * (by place among official participants who solved something), and which participants are 打星:
 * ranked, but without medal or rating.
 */
export default function AwardsDialog({
  contest,
  onClose,
}: {
  contest: CompetitionInfo | null;
  onClose(): void;
}) {
  const id = contest?.competition_id ?? 0;
  const view = useServerData(contest ? id : null, readAwards);
  const [counts, setCounts] = useState<Counts>({ gold: 0, silver: 0, bronze: 0 });
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (view.data) setCounts({ gold: view.data.gold, silver: view.data.silver, bronze: view.data.bronze });
  }, [view.data]);

  const saveCounts = async () => {
    setBusy(true);
    try {
      await post<null>('/api/competition/admin/awards/set', { query: { competition_id: id, ...counts } });
      notify.success('奖牌设置已保存');
      await view.reload();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (uuid: number, unofficial: boolean) => {
    try {
      await post<null>('/api/competition/admin/unofficial', {
        query: { competition_id: id, uuid, unofficial: unofficial ? 1 : 0 },
      });
      await view.reload();
    } catch {
      // toasted by the client
    }
  };

  const rows = (view.data?.participants ?? []).filter(
    (p) => !keyword || p.username.toLowerCase().includes(keyword.toLowerCase()),
  );
  return (
    <Modal
      open={contest !== null}
      title={`奖牌与打星 · ${contest?.name ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <div data-testid="awards">
        <Typography.Paragraph type="secondary">
          比赛结束并公布结果后，按正式参赛者（不含打星）的名次颁发奖牌，名次相同者获得相同奖牌，没有通过任何题目的不获奖。打星的参赛者参与排名，但不参与奖牌和积分。
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          {MEDALS.map(([key, label]) => (
            <Space key={key} size={4}>
              <span>{label}</span>
              <InputNumber
                min={0}
                max={1000}
                precision={0}
                value={counts[key]}
                onChange={(v) => setCounts({ ...counts, [key]: v ?? 0 })}
                style={{ width: 80 }}
                data-testid={`medal-${key}`}
              />
            </Space>
          ))}
          <Button type="primary" loading={busy} onClick={() => void saveCounts()} data-testid="save-medals">
            保存奖牌设置
          </Button>
        </Space>
        <Input.Search
          placeholder="按昵称筛选参赛者"
          allowClear
          onChange={(e) => setKeyword(e.target.value)}
          style={{ marginBottom: 8 }}
        />
        <Table
          rowKey="uuid"
          size="small"
          loading={view.loading && !view.data}
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          locale={{ emptyText: '还没有参赛者' }}
          columns={[
            { title: '用户 ID', dataIndex: 'uuid', width: 90 },
            { title: '昵称', dataIndex: 'username' },
            {
              title: '打星',
              key: 'unofficial',
              width: 90,
              render: (_: unknown, p: AwardsView['participants'][number]) => (
                <Switch
                  size="small"
                  checked={p.unofficial}
                  onChange={(on) => void toggle(p.uuid, on)}
                  aria-label={`${p.username} 打星`}
                />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
