import { useState } from 'react';
import Button from '../../components/plain/Button';
import Skeleton from '../../components/plain/Skeleton';
import { Link } from 'react-router';
import { useMyLists } from '../../api/problem-lists';
import Pager from '../../components/Pager';
import ListCards from './ListCards';
import '../../components/problem.css';
import './problem-lists.css';

/** /problem-list/mine: my lists, private ones included, each with 编辑. */
export default function MyListsPage() {
  const [pageNum, setPageNum] = useState(1);
  const page = useMyLists(pageNum);
  return (
    <div className="oj-plist-page oj-panel" data-testid="my-lists">
      <div className="oj-plist-head">
        <h3>我的题单</h3>
        <div className="oj-plist-actions">
          <Link to="/problem-list/new">
            <Button type="primary">新建题单</Button>
          </Link>
          <Link to="/problem-list">
            <Button>题单广场</Button>
          </Link>
        </div>
      </div>
      {page.isPending ? (
        <Skeleton active />
      ) : (
        <ListCards lists={page.data?.records ?? []} empty="你还没有创建题单" editable />
      )}
      <Pager current={pageNum} pageSize={20} total={page.data?.total ?? 0} unit="个" onChange={setPageNum} />
    </div>
  );
}
