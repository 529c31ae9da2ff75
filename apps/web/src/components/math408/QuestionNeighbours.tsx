import Button from '../plain/Button';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { type BankFilter, useQuestionNeighbours } from '../../api/math408';
import { filterSearch } from './bankFilter';
import './practice.css';

/** 上一题 / 下一题 of a bank question within the bank's filter (`search/neighbours`), and back to that filtered bank. */
export default function QuestionNeighbours({ id, filter }: { id: number; filter: BankFilter }) {
  const navigate = useNavigate();
  const { data } = useQuestionNeighbours(id, filter);
  const search = filterSearch(filter);
  const go = (to: number | undefined) => to && navigate(`/problems/math408/${to}${search}`);
  const bank = new URLSearchParams(search);
  bank.set('bank', 'math408');
  return (
    <div className="oj-math408 oj-math408-nav oj-links" data-testid="question-neighbours">
      <Button
        icon={<LeftOutlined />}
        disabled={!data?.prev}
        title={data?.prev?.title}
        onClick={() => go(data?.prev?.question_id)}
        data-testid="prev-question"
      >
        上一题
      </Button>
      <Link to={`/problems?${bank.toString()}`}>返回题库</Link>
      <Button
        disabled={!data?.next}
        title={data?.next?.title}
        onClick={() => go(data?.next?.question_id)}
        data-testid="next-question"
      >
        下一题 <RightOutlined />
      </Button>
    </div>
  );
}
