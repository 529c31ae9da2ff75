import Card from '../../../components/plain/Card';
import Statistic from '../../../components/plain/Statistic';
import { Typography } from '../../../components/plain/Typography';
import Empty from '../../../components/plain/Empty';
import Skeleton from '../../../components/plain/Skeleton';
import { Tag } from '../../../components/plain/Tag';
import { Link } from 'react-router';
import { QUESTION_TYPE_NAMES } from '@oj/shared/data/question-types';
import { useMath408Stats, useWrongQuestions } from '../../../api/math408';
import DifficultyTag from '../../../components/DifficultyTag';
import { SUBJECT_NAMES } from '../../../components/math408/bankFilter';
import { formatDateTime } from '../../../lib/contestTime';
import '../../../components/problem.css';
import '../../../components/math408/practice.css';

/**
 * /problems/math408/wrong, the 错题本: the questions my latest answer got wrong (a short answer: that
 * I marked wrong), each opening the question to retry; answering it right takes it off. Above it my
 * math / 408 statistics, by each question's latest answer.
 */
export default function WrongBookPage() {
  const { data: wrong, isLoading } = useWrongQuestions();
  const { data: stats } = useMath408Stats();
  return (
    <div className="oj-math408 oj-links" data-testid="math408-wrong">
      <Card title="我的数学 / 408 统计" size="small" style={{ marginBottom: 16 }}>
        <div className="oj-math408-stats" data-testid="math408-stats">
          <Statistic title="作答次数" value={stats?.answers ?? 0} />
          <Statistic title="做过的题" value={stats?.questions ?? 0} />
          <Statistic title="答对" value={stats?.right ?? 0} valueStyle={{ color: '#52c41a' }} />
          <Statistic title="部分正确" value={stats?.partial ?? 0} valueStyle={{ color: '#faad14' }} />
          <Statistic title="答错" value={stats?.wrong ?? 0} valueStyle={{ color: '#ff4d4f' }} />
          <Statistic title="待自评 / 评测中" value={stats?.pending ?? 0} />
        </div>
      </Card>
      <Card title="错题本" extra={<Link to="/problems?bank=math408">返回题库</Link>}>
        <Typography.Paragraph type="secondary">
          最近一次作答错误的题目（简答题：自评为答错）。重新作答正确后会自动移出。
        </Typography.Paragraph>
        {isLoading ? (
          <Skeleton active />
        ) : !wrong?.length ? (
          <Empty description="错题本是空的" />
        ) : (
          <ul className="oj-simple-list">
            {wrong.map((w) => (
              <li key={w.question_id} className="oj-math408-wrong-item">
                <Link to={`/problems/math408/${w.question_id}`} data-testid="wrong-item">
                  {w.question_id}. {w.title}
                </Link>
                {w.subject && <Tag color="purple">{SUBJECT_NAMES[w.subject]}</Tag>}
                <Tag color="geekblue">{QUESTION_TYPE_NAMES[w.type]}</Tag>
                <DifficultyTag difficulty={w.difficulty} />
                <Typography.Text type="secondary">{formatDateTime(w.answer_time)} 答错</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
