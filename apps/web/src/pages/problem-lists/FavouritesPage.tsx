import { useState } from 'react';
import TabBar from '../../components/plain/TabBar';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Link } from 'react-router';
import { useFavouriteLists, useFavouriteProblems } from '../../api/problem-lists';
import Pager from '../../components/Pager';
import FavouriteStar from '../../components/FavouriteStar';
import ListCards from './ListCards';
import ProgressBar from './ProgressBar';
import StatusMark from './StatusMark';
import '../../components/problem.css';
import './problem-lists.css';

/** /favourites (我的收藏): starred problems with my progress, and favourite lists. */
export default function FavouritesPage() {
  const [tab, setTab] = useState<'problems' | 'lists'>('problems');
  return (
    <div className="oj-plist-page oj-panel" data-testid="favourites-page">
      <div className="oj-plist-head">
        <h3>我的收藏</h3>
      </div>
      <TabBar
        aria-label="收藏的种类"
        items={[
          { key: 'problems', label: '题目' },
          { key: 'lists', label: '题单' },
        ]}
        activeKey={tab}
        onChange={(k) => setTab(k === 'lists' ? 'lists' : 'problems')}
      />
      {tab === 'problems' ? <FavouriteProblemList /> : <FavouriteListList />}
    </div>
  );
}

function FavouriteProblemList() {
  const { data, isPending } = useFavouriteProblems();
  if (isPending || !data) return <Skeleton active />;
  if (!data.problems.length)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收藏题目，在题库里点亮星标即可收藏" />
    );
  return (
    <>
      <ProgressBar progress={data.progress} />
      <ul className="oj-plist-items">
        {data.problems.map((p) => (
          <li key={p.problem_id} className="oj-plist-item" data-testid="favourite-problem">
            <StatusMark status={p.status} />
            <div className="oj-plist-item-body">
              <Link to={`/problems/algorithm/${p.problem_id}`}>
                {p.problem_id}. {p.chinese_name}
              </Link>
            </div>
            <FavouriteStar problemId={p.problem_id} />
          </li>
        ))}
      </ul>
    </>
  );
}

function FavouriteListList() {
  const [pageNum, setPageNum] = useState(1);
  const page = useFavouriteLists(pageNum);
  if (page.isPending) return <Skeleton active />;
  return (
    <>
      <ListCards lists={page.data?.records ?? []} empty="还没有收藏题单" />
      <Pager current={pageNum} pageSize={20} total={page.data?.total ?? 0} unit="个" onChange={setPageNum} />
    </>
  );
}
