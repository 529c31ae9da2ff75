import { List, Spin, Tooltip } from 'antd';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { Link } from 'react-router';
import type { HomeworkProblemInsight } from '../../lib/contract';
import { useHomeworkInsight } from '../../api/class-insight';
import { verdictStyle } from '../../components/verdicts';

/** The verdicts of a problem's tries as one stacked bar (plain divs: no chart library for this). */
function VerdictBar({ p }: { p: HomeworkProblemInsight }) {
  if (!p.tries) return <div className="class-meta">还没有人提交</div>;
  return (
    <div>
      <div
        data-testid="insight-verdict-bar"
        style={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', background: '#f0f0f0' }}
      >
        {p.verdicts.map((v) => (
          <Tooltip key={v.status} title={`${verdictStyle(v.status).name} × ${v.tries}`}>
            <div
              style={{ width: `${(v.tries / p.tries) * 100}%`, background: verdictStyle(v.status).color }}
            />
          </Tooltip>
        ))}
      </div>
      <div className="class-meta" style={{ marginTop: 4 }}>
        {p.verdicts.map((v) => (
          <span key={v.status} style={{ marginRight: 10, whiteSpace: 'nowrap' }}>
            <span style={{ color: verdictStyle(v.status).color }}>■</span> {verdictStyle(v.status).name}{' '}
            {v.tries}
          </span>
        ))}
      </div>
    </div>
  );
}

const times = (x: number | null) => (x === null ? '—' : `${x} 次`);

/** One problem: who solved it, how many tries it took, where they failed, who has not started. */
function ProblemInsight({ p, students }: { p: HomeworkProblemInsight; students: number }) {
  return (
    <List.Item data-testid="insight-problem" style={{ display: 'block' }}>
      <div style={{ overflowWrap: 'anywhere', fontWeight: 500, marginBottom: 6 }}>
        <Link to={`/problems/${p.problem_id}`}>{`${p.problem_id} ${p.chinese_name}`}</Link>
        <span className="class-meta" style={{ marginLeft: 8 }}>
          提交 {p.tries} 次
        </span>
      </div>
      <VerdictBar p={p} />
      <div className="class-meta" style={{ marginTop: 6 }}>
        通过 {p.accepted}/{students} 人 · 已尝试 {p.attempted} 人 · 首次通过前的提交：平均{' '}
        {times(p.before_accepted_mean)}，中位数 {times(p.before_accepted_median)}
      </div>
      <div style={{ marginTop: 4, overflowWrap: 'anywhere' }} data-testid="insight-top-failed">
        {p.top_failed ? (
          <>
            最常首个失败：
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              第 {p.top_failed.test} 个测试点 · {verdictStyle(p.top_failed.status).name} ×{' '}
              {p.top_failed.status_tries}
            </Tag>
            {p.top_failed.tries > p.top_failed.status_tries && (
              <span className="class-meta">（在此首个失败共 {p.top_failed.tries} 次）</span>
            )}
          </>
        ) : (
          <span className="class-meta">没有失败的测试点</span>
        )}
      </div>
      {p.not_started.length > 0 && (
        <div style={{ marginTop: 4, overflowWrap: 'anywhere' }} data-testid="insight-not-started">
          <span className="class-meta">未开始（{p.not_started.length}）：</span>
          {p.not_started.map((s) => s.username).join('、')}
        </div>
      )}
    </List.Item>
  );
}

/** 学情分析 of a homework (its teacher and TAs): per problem where the students are stuck. */
export default function HomeworkInsight({ homeworkId }: { homeworkId: number }) {
  const insight = useHomeworkInsight(homeworkId, homeworkId > 0);
  if (insight.isLoading) return <Spin />;
  if (!insight.data) return <Empty description="学情分析暂时无法加载" />;
  const d = insight.data;
  return (
    <div data-testid="homework-insight">
      <div className="class-meta">共 {d.students} 名学生；只计作业时间内的提交（不含比赛提交）。</div>
      <List
        dataSource={d.problems}
        rowKey="problem_id"
        renderItem={(p) => <ProblemInsight p={p} students={d.students} />}
      />
    </div>
  );
}
