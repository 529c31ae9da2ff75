import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { StarFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { ProblemListSummary } from '../../lib/contract';

/** Lists as cards: title, owner, problem count, favourites; `editable` adds 编辑 links (my lists). */
export default function ListCards({
  lists,
  empty,
  editable = false,
}: {
  lists: ProblemListSummary[];
  empty: string;
  editable?: boolean;
}) {
  if (!lists.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul className="oj-plist-cards">
      {lists.map((l) => (
        <li key={l.list_id} className="oj-plist-card" data-testid="list-card">
          <Link to={`/problem-list/${l.list_id}`} className="oj-plist-card-title">
            {l.title}
          </Link>
          {!l.public && <Tag color="default">私有</Tag>}
          <div className="oj-plist-card-meta">
            <span>{l.owner.username}</span>
            <span>{l.problem_count} 题</span>
            <span>
              <StarFilled style={{ color: l.favourited ? '#faad14' : '#bbb' }} /> {l.favourite_count}
            </span>
            <span>{dayjs(l.update_time).format('YYYY-MM-DD')}</span>
            {editable && <Link to={`/problem-list/${l.list_id}/edit`}>编辑</Link>}
          </div>
        </li>
      ))}
    </ul>
  );
}
