import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Link } from 'react-router';
import { useMyHomework } from '../../api/homework';
import { HomeworkList } from './HomeworkList';
import './classes.css';

/** /class/homework/mine: 我的作业 — the homework of every class I belong to, with my progress. */
export default function MyHomeworkPage() {
  const list = useMyHomework();
  return (
    <div className="class-page" data-testid="my-homework">
      <div className="class-head">
        <h2>我的作业</h2>
        <Link to="/class">我的班级</Link>
      </div>
      {list.isLoading ? (
        <Skeleton active />
      ) : list.data?.length ? (
        <HomeworkList items={list.data} />
      ) : (
        <Empty description="暂无作业" />
      )}
    </div>
  );
}
