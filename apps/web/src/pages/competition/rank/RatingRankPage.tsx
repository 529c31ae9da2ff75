import { useState } from 'react';
import Avatar from '../../../components/plain/Avatar';
import DataTable from '../../../components/DataTable';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import { CrownOutlined } from '@ant-design/icons';
import type { TopUser } from '../../../lib/contract';
import { DEFAULT_AVATAR } from '../../../config';
import { useRatingPage, useTopUsers } from '../../../api/competitions';
import RatingName from '../../../components/rating/RatingName';
import { ratingText, tierOf } from '../../../components/rating/tiers';
import '../shared/competition.css';

const PAGE_SIZE = 20;
const MEDALS = ['#d4a106', '#8c8c8c', '#ad6800'];

/** The three best (`search/top`), each with a medal, above the full list. */
function Podium({ users }: { users: TopUser[] }) {
  if (!users.length) return null;
  return (
    <div className="oj-rating-podium" data-testid="rating-top3">
      {users.slice(0, 3).map((u, i) => (
        <div key={u.uuid} className="oj-rating-podium-item">
          <CrownOutlined style={{ color: MEDALS[i], fontSize: 22 }} />
          <Avatar src={u.avatar || DEFAULT_AVATAR} size={48} />
          <RatingName name={u.username} rating={u.rating} rated={u.rated} uuid={u.uuid} />
          <Typography.Text type="secondary">{ratingText(u.rating, u.rated)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/**
 * /competition/rank: every user with an applied rated contest, by rating (`search/rating/page`).
 * Unrated users (no rated contest yet) are not listed, as on Codeforces: they have no rating to rank.
 */
export default function RatingRankPage() {
  const [page, setPage] = useState(1);
  const top = useTopUsers();
  const { data, isFetching } = useRatingPage(page, PAGE_SIZE);
  const offset = (page - 1) * PAGE_SIZE;
  return (
    <div className="oj-contest-page" data-testid="rating-rank">
      <Card
        title={
          <span>
            <CrownOutlined /> Rating 排行榜
          </span>
        }
        extra={<Typography.Text type="secondary">只列出参加过计分比赛的用户</Typography.Text>}
      >
        <Podium users={top.data ?? []} />
        <DataTable<TopUser>
          rowKey="uuid"
          loading={isFetching}
          rows={data?.records ?? []}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            unit: '人',
          }}
          empty="还没有参加过计分比赛的用户"
          columns={[
            {
              title: '排名',
              key: 'rank',
              width: 80,
              render: (_: unknown, __: TopUser, i: number) => offset + i + 1,
            },
            {
              title: '用户',
              key: 'user',
              render: (_: unknown, u: TopUser) => (
                <span className="oj-rating-user">
                  <Avatar src={u.avatar || DEFAULT_AVATAR} size="small" />
                  <RatingName name={u.username} rating={u.rating} rated={u.rated} uuid={u.uuid} />
                </span>
              ),
            },
            {
              title: '段位',
              key: 'tier',
              render: (_: unknown, u: TopUser) => {
                const tier = tierOf(u.rating, u.rated);
                return <span style={{ color: tier.color }}>{tier.name}</span>;
              },
            },
            {
              title: 'Rating',
              key: 'rating',
              width: 100,
              render: (_: unknown, u: TopUser) => ratingText(u.rating, u.rated),
            },
            { title: '计分比赛', dataIndex: 'contests', width: 100 },
          ]}
        />
      </Card>
    </div>
  );
}
