import type { ReactNode } from 'react';
import Empty from '../../../components/plain/Empty';
import Skeleton from '../../../components/plain/Skeleton';
import { CalendarOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useDaily, useDifficultySums } from '../../../api/problems';
import DifficultyTag from '../../../components/DifficultyTag';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';

/** A titled box (antd's Card would pull Tabs into the bank's first load). */
function Box({
  title,
  extra,
  testId,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="oj-box" data-testid={testId}>
      <header>
        <span>{title}</span>
        {extra}
      </header>
      <div className="oj-box-body">{children}</div>
    </section>
  );
}

/**
 * The daily problem card (`get/daily`) and the solved / total sums per difficulty. Plain spans and
 * flex columns: antd's Typography pulled Input and TextArea (its edit mode) into the bank's first load.
 */
export default function BankSidebar() {
  const daily = useDaily();
  const sums = useDifficultySums();
  return (
    <div className="oj-bank-side-stack">
      <Box
        title={
          <span>
            <CalendarOutlined /> 每日一题
          </span>
        }
        testId="daily-card"
        extra={daily.data?.date}
      >
        {daily.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : daily.data ? (
          <div>
            <Link to={`/problems/algorithm/${daily.data.problem.problem_id}`} className="oj-daily-title">
              {daily.data.problem.problem_id}. {daily.data.problem.chinese_name}
            </Link>
            <div style={{ marginTop: 6 }}>
              <DifficultyTag difficulty={daily.data.problem.difficulty} />
              <span className="oj-text-secondary" style={{ marginLeft: 12 }}>
                通过率 {(daily.data.problem.pass_rate * 100).toFixed(1)}%
              </span>
              {daily.data.problem.my_status === 'solved' && (
                <span className="oj-text-success" style={{ marginLeft: 12 }}>
                  今日已完成
                </span>
              )}
            </div>
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天还没有每日一题" />
        )}
      </Box>
      <Box title="做题进度" testId="difficulty-sums">
        {sums.data ? (
          <div className="oj-bank-sums">
            <span className="oj-text">
              已解决 <b>{sums.data[0].solved}</b> / {sums.data[0].total} 题
            </span>
            {sums.data.slice(1).map((s, i) => (
              <div key={i}>
                <span style={{ color: DIFFICULTY_STYLE[i].color }}>{DIFFICULTY_STYLE[i].name}</span>
                <span className="oj-text-secondary" style={{ float: 'right' }}>
                  {s.solved} / {s.total}
                </span>
                <div className="oj-bar">
                  <div
                    style={{
                      width: `${s.total ? Math.round((s.solved / s.total) * 100) : 0}%`,
                      background: DIFFICULTY_STYLE[i].color,
                    }}
                  />
                </div>
              </div>
            ))}
          </div>
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        )}
      </Box>
    </div>
  );
}
