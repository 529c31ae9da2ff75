import { useEffect } from 'react';
import { Badge, Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { CheckOutlined, TrophyOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { BalloonItem, BalloonList, CompetitionInfo } from '../../../lib/contract';
import { get, post } from '../../../api/http';
import { watchRank } from '../../../api/competitions';
import { notify } from '../../../lib/notify';
import { useServerData } from './useServerData';

/** Other staff's ticks arrive with the next read; the board's own changes come over its stream. */
const REFRESH_MS = 10_000;

/** A colour per problem letter, so a runner can tell the balloons apart at a glance. */
const COLOURS = [
  'red',
  'gold',
  'green',
  'blue',
  'purple',
  'magenta',
  'orange',
  'cyan',
  'lime',
  'volcano',
  'geekblue',
];
const colourOf = (index: number) => COLOURS[index % COLOURS.length];

const readBalloons = (id: number) =>
  get<BalloonList>('/api/competition/admin/balloons', { query: { competition_id: id }, silent: true });

/**
 * 气球 (issue 26 part 5): every team's first accepted problem, newest first, the first solver of
 * each problem marked, ticked off as 已送达 (stored on the server). Live: the contest's board
 * stream triggers a read on every change, and a slow timer picks up the other runners' ticks.
 */
export default function BalloonsDrawer({
  contest,
  onClose,
}: {
  contest: CompetitionInfo | null;
  onClose(): void;
}) {
  const id = contest?.competition_id ?? 0;
  const list = useServerData(contest ? id : null, readBalloons);
  const { reload } = list;
  useEffect(() => {
    if (!contest) return;
    const stop = watchRank(contest.competition_id, () => void reload());
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [contest, reload]);

  const deliver = async (b: BalloonItem, delivered: boolean) => {
    try {
      await post<null>('/api/competition/admin/balloons/deliver', {
        query: { competition_id: id, uuid: b.uuid, index: b.index, delivered: delivered ? 1 : 0 },
      });
      await reload();
    } catch {
      notify.error('操作失败，请重试');
    }
  };

  return (
    <Drawer
      open={contest !== null}
      onClose={onClose}
      // A phone gets the whole screen.
      size="min(640px, 100vw)"
      title={
        <Space wrap>
          <span>气球 · {contest?.name}</span>
          <Badge
            count={list.data?.pending ?? 0}
            showZero
            color={list.data?.pending ? 'red' : 'green'}
            title="待送达"
          />
        </Space>
      }
      destroyOnHidden
    >
      <div data-testid="balloons">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          每支队伍每道题第一次通过时送一个气球（按真实排名，封榜期间照常）。最新的在前，送到后点「已送达」。
        </Typography.Paragraph>
        <Space wrap style={{ marginBottom: 12 }}>
          {(list.data?.problems ?? []).map((p) => (
            <Tag key={p.index} color={colourOf(p.index)}>
              {p.display_name}
            </Tag>
          ))}
        </Space>
        <List<BalloonItem>
          loading={list.loading && !list.data}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: <Empty description="还没有队伍通过题目" /> }}
          renderItem={(b) => (
            <List.Item
              data-testid="balloon"
              data-delivered={b.delivered ? 'yes' : 'no'}
              style={{ opacity: b.delivered ? 0.55 : 1, flexWrap: 'wrap', gap: 8 }}
              actions={[
                b.delivered ? (
                  <Button
                    key="undo"
                    size="small"
                    icon={<UndoOutlined />}
                    onClick={() => void deliver(b, false)}
                  >
                    撤销
                  </Button>
                ) : (
                  <Button
                    key="done"
                    size="small"
                    type="primary"
                    icon={<CheckOutlined />}
                    onClick={() => void deliver(b, true)}
                  >
                    已送达
                  </Button>
                ),
              ]}
            >
              <Space wrap size={[8, 4]}>
                <Tag color={colourOf(b.index)} style={{ fontWeight: 600, fontSize: 14 }}>
                  {b.display_name}
                </Tag>
                <Typography.Text strong>{b.username}</Typography.Text>
                {b.first && (
                  <Tag icon={<TrophyOutlined />} color="gold">
                    全场首个通过
                  </Tag>
                )}
                <Typography.Text type="secondary">
                  {dayjs(b.solved_at).format('HH:mm:ss')} 通过
                </Typography.Text>
                {b.delivered && b.delivered_at && (
                  <Tag color="green">已送达 {dayjs(b.delivered_at).format('HH:mm')}</Tag>
                )}
              </Space>
            </List.Item>
          )}
        />
      </div>
    </Drawer>
  );
}
