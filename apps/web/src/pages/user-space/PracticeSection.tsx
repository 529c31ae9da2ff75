import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { Link } from 'react-router';
import { useUserPractice } from '../../api/users-queries';
import { SolvedByDifficulty, SolvedByTag } from '../../components/SolvedTables';
import { useHideTags } from '../../stores/hideTags';
import './practice.css';

/**
 * A user card's 练习情况 (Luogu's, issue 29): the solved problems the viewer may see, solved / total
 * by difficulty and by tag over the bank (the tags follow the viewer's 隐藏算法标签), the user's public
 * problem lists, and their classes when the user shows them (在个人主页展示我的班级).
 */
export default function PracticeSection({ uuid }: { uuid: number }) {
  const q = useUserPractice(uuid, uuid > 0);
  const [hideTags] = useHideTags();
  if (q.isLoading) return <Skeleton active />;
  if (!q.data) return <Empty description="无法读取练习情况" />;
  const p = q.data;
  const b = p.breakdown;
  return (
    <div className="oj-practice" data-testid="practice">
      <Card size="small" title={`通过的题目 ${p.solved_ids.length}`} data-testid="practice-solved">
        {p.solved_ids.length ? (
          <div className="oj-practice-ids">
            {p.solved_ids.map((id) => (
              <Link key={id} to={`/problems/algorithm/${id}`} data-testid="practice-solved-id">
                {id}
              </Link>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">还没有通过的题目</Typography.Text>
        )}
      </Card>
      <Card size="small" title={`题库已解决 ${b.solved}/${b.total}`} data-testid="practice-difficulty">
        <SolvedByDifficulty b={b} emptyText="题库里还没有题目" />
      </Card>
      <Card size="small" title="按标签" data-testid="practice-tags">
        {hideTags ? (
          <Typography.Text type="secondary" data-testid="practice-tags-hidden">
            已隐藏算法标签（可在题库中关闭“隐藏算法标签”）
          </Typography.Text>
        ) : (
          <SolvedByTag b={b} />
        )}
      </Card>
      <Card size="small" title={`公开题单 ${p.lists.length}`} data-testid="practice-lists">
        {p.lists.length ? (
          <ul className="oj-practice-list">
            {p.lists.map((l) => (
              <li key={l.list_id}>
                <Link to={`/problem-list/${l.list_id}`}>{l.title}</Link>
                <Typography.Text type="secondary"> · {l.problem_count} 道题</Typography.Text>
              </li>
            ))}
          </ul>
        ) : (
          <Typography.Text type="secondary">没有公开的题单</Typography.Text>
        )}
      </Card>
      {p.classes && (
        <Card size="small" title="所在班级" data-testid="practice-classes">
          {p.classes.length ? (
            <ul className="oj-practice-list">
              {p.classes.map((c, i) => (
                <li key={i}>{c.name}</li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary">没有加入班级</Typography.Text>
          )}
        </Card>
      )}
    </div>
  );
}
