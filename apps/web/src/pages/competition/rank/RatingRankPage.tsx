import { Avatar, Card, Table } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import type { TopUser } from '../../../lib/contract';
import { DEFAULT_AVATAR } from '../../../config';
import { useTopUsers } from '../../../api/competitions';
import RatingName from '../../../components/rating/RatingName';
import { tierOf } from '../../../components/rating/tiers';
import '../shared/competition.css';

/** /competition/rank: users by rating (`search/top`), names in their tier colours. */
export default function RatingRankPage() {
  const { data, isLoading } = useTopUsers();
  return (
    <div className="oj-contest-page" data-testid="rating-rank">
      <Card
        title={
          <span>
            <CrownOutlined /> Rating 排行榜
          </span>
        }
      >
        <Table<TopUser>
          rowKey="uuid"
          loading={isLoading}
          dataSource={data ?? []}
          pagination={false}
          locale={{ emptyText: '还没有参加过计分比赛的用户' }}
          columns={[
            { title: '排名', key: 'rank', width: 80, render: (_: unknown, __: TopUser, i: number) => i + 1 },
            {
              title: '用户',
              key: 'user',
              render: (_: unknown, u: TopUser) => (
                <span>
                  <Avatar src={u.avatar || DEFAULT_AVATAR} size="small" style={{ marginRight: 8 }} />
                  <RatingName name={u.username} rating={u.rating} uuid={u.uuid} />
                </span>
              ),
            },
            { title: '段位', key: 'tier', render: (_: unknown, u: TopUser) => <span style={{ color: tierOf(u.rating).color }}>{tierOf(u.rating).name}</span> },
            { title: 'Rating', dataIndex: 'rating', width: 100 },
            { title: '计分比赛', dataIndex: 'contests', width: 100 },
          ]}
        />
      </Card>
    </div>
  );
}
