import { useEffect } from 'react';
import { Breadcrumb, Button, Result, Skeleton, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCompetition, useContestProblem } from '../../../api/competitions';
import Statement from '../../problems/algorithm/Statement';
import ContestCountdown from '../shared/ContestCountdown';
import { phaseAt } from '../shared/time';
import { useNow } from '../shared/useNow';
import ContestSolvePanel from './ContestSolvePanel';
import Math408Question from '../../problems/math408/Math408Question';
import '../../problems/problems.css';
import '../shared/competition.css';

/** /competition/{id}/problem/{order}: the solving page (statement + editor) for one contest problem. */
export default function ContestProblemPage() {
  const { competitionId, problemOrder } = useParams();
  const id = Number(competitionId);
  const index = Number(problemOrder);
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0 && Number.isInteger(index) && index >= 0;
  const contest = useCompetition(valid ? id : 0);
  const item = useContestProblem(valid ? id : 0, valid ? index : -1);
  const now = useNow();

  useEffect(() => {
    if (item.data && contest.data) document.title = `${item.data.display_name}. ${item.data.problem?.chinese_name ?? '作答'} - ${contest.data.name}`;
  }, [item.data, contest.data]);

  if (!valid || item.isError || contest.isError)
    return (
      <div className="oj-contest-page">
        <Result
          status="404"
          title="题目不可见"
          subTitle="比赛尚未开始，或者这道题不存在。"
          extra={<Button onClick={() => navigate(valid ? `/competition/${id}` : '/competition')}>返回比赛</Button>}
        />
      </div>
    );
  const c = contest.data;
  const p = item.data;
  const phase = c ? phaseAt(c.start_time, c.end_time, now) : 'upcoming';
  const canSubmit = Boolean(c) && (phase === 'ended' || c!.joined || c!.editable) && (phase !== 'upcoming' || c!.editable);
  const reason = phase === 'running' && c && !c.joined ? '请先报名参加比赛' : phase === 'upcoming' ? '比赛尚未开始' : undefined;

  return (
    <div data-testid="contest-problem-page">
      <div style={{ maxWidth: 1600, margin: '12px auto 0', padding: '0 16px', display: 'flex', justifyContent: 'space-between' }}>
        <Breadcrumb
          items={[
            { title: <Link to="/competition">比赛</Link> },
            { title: <Link to={`/competition/${id}`}>{c?.name ?? '比赛'}</Link> },
            { title: p ? `${p.display_name} 题` : '题目' },
          ]}
        />
        {c && (
          <span>
            {phase === 'ended' && <Tag>赛后练习：提交不计入排名</Tag>}
            <ContestCountdown start={c.start_time} end={c.end_time} />
          </span>
        )}
      </div>
      {!p || !c ? (
        <div className="oj-solve">
          <Skeleton active paragraph={{ rows: 12 }} />
        </div>
      ) : p.kind === 'math408' && p.question_id ? (
        // Answered here, not in the bank: the answer carries the contest and counts for the ranking.
        <Math408Question
          key={`${id}-${index}`}
          id={p.question_id}
          contest={{ competitionId: id, index, canSubmit, blockedReason: reason }}
        />
      ) : !p.problem ? (
        <div className="oj-contest-page">
          <Result status="404" title="题目不存在" />
        </div>
      ) : (
        <div className="oj-solve" data-testid="solve-page">
          <div className="oj-solve-statement oj-panel">
            <Statement problem={p.problem} />
          </div>
          <div className="oj-solve-editor oj-panel">
            <ContestSolvePanel key={`${id}-${index}`} competitionId={id} index={index} problemId={p.problem.problem_id} canSubmit={canSubmit} blockedReason={reason} />
          </div>
        </div>
      )}
    </div>
  );
}
