import { Suspense, useEffect } from 'react';
import Breadcrumb from '../../../components/plain/Breadcrumb';
import Result from '../../../components/plain/Result';
import Button from '../../../components/plain/Button';
import Skeleton from '../../../components/plain/Skeleton';
import { Tag } from '../../../components/plain/Tag';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useCompetition, useContestProblem, useContestProblems } from '../../../api/competitions';
import Statement from '../../../components/solve/Statement';
import ContestCountdown from '../shared/ContestCountdown';
import JoinButton from '../shared/JoinButton';
import { mayReadProblems } from '../shared/access';
import { useUserStore } from '../../../stores/user';
import { phaseAt } from '../../../lib/contestTime';
import { useNow } from '../../../components/useNow';
import { contestProblemPath, indexOfOrder } from '../shared/paths';
import ContestSolvePanel from './ContestSolvePanel';

// A 408 contest's question (antd Radio, Checkbox, Select and Input) loads only in 408 contests.
const Math408Question = lazyScoped(() => import('../../../components/math408/Math408Question'));
import SolveSplit from '../../../components/solve/SolveSplit';
import '../../../components/problem.css';
import '../shared/competition.css';
import { lazyScoped } from '../../../lib/antdScope';

/**
 * /competition/{id}/problem/{order}: the solving page (statement + editor) for one contest
 * problem; `order` is 1-based (1 = A), and the old 0-based `/problem/0` redirects to 1.
 */
export default function ContestProblemPage() {
  const { competitionId, problemOrder } = useParams();
  const { search } = useLocation();
  const order = indexOfOrder(problemOrder);
  const id = Number(competitionId);
  if (order === 'first' && Number.isInteger(id) && id > 0)
    return <Navigate to={`${contestProblemPath(id, 0)}${search}`} replace />;
  return <ContestProblemView id={id} index={typeof order === 'number' ? order : -1} />;
}

function ContestProblemView({ id, index }: { id: number; index: number }) {
  const navigate = useNavigate();
  const valid = Number.isInteger(id) && id > 0 && index >= 0;
  const contest = useCompetition(valid ? id : 0);
  const now = useNow();
  const user = useUserStore((s) => s.user);
  const c = contest.data;
  const phase = c ? phaseAt(c.start_time, c.end_time, now) : 'upcoming';
  // A password contest not joined: the join prompt, not a refused statement.
  const needsJoin = Boolean(c) && phase !== 'upcoming' && !mayReadProblems(c!, true, user);
  // Not open yet (and not its editor): nothing to ask, the server would only refuse (one more toast).
  const notOpen = Boolean(c) && phase === 'upcoming' && !c!.editable;
  const item = useContestProblem(valid && c && !needsJoin && !notOpen ? id : 0, valid ? index : -1);
  // The contest's own figures for the heading, from the list the contest home shows too.
  const list = useContestProblems(id, Boolean(item.data));
  const listed = list.data?.find((x) => x.index === index);

  useEffect(() => {
    if (item.data && contest.data)
      document.title = `${item.data.display_name}. ${item.data.title} - ${contest.data.name}`;
  }, [item.data, contest.data]);

  if (!valid || notOpen || item.isError || contest.isError)
    return (
      <div className="oj-contest-page">
        <Result
          status="404"
          title="题目不可见"
          subTitle="比赛尚未开始，或者这道题不存在。"
          extra={
            <Button onClick={() => navigate(valid ? `/competition/${id}` : '/competition')}>返回比赛</Button>
          }
        />
      </div>
    );
  if (needsJoin)
    return (
      <div className="oj-contest-page" data-testid="contest-problem-need-join">
        <Result
          status="403"
          title={
            phase === 'ended'
              ? '这场比赛设有密码，题目只对报名者可见'
              : '这场比赛设有密码，报名后才能查看题目'
          }
          extra={
            <div className="oj-button-row">
              <JoinButton contest={c!} />
              <Button onClick={() => navigate(`/competition/${id}`)}>返回比赛</Button>
            </div>
          }
        />
      </div>
    );
  const p = item.data;
  const canSubmit =
    Boolean(c) && (phase === 'ended' || c!.joined || c!.editable) && (phase !== 'upcoming' || c!.editable);
  const reason =
    phase === 'running' && c && !c.joined
      ? '请先报名参加比赛'
      : phase === 'upcoming'
        ? '比赛尚未开始'
        : undefined;

  return (
    <div className="oj-contest-solve" data-testid="contest-problem-page">
      <div
        style={{
          maxWidth: 1600,
          margin: '12px auto 0',
          padding: '0 16px',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          justifyContent: 'space-between',
        }}
      >
        <Breadcrumb
          items={[
            { title: <Link to="/competition">比赛</Link> },
            { title: <Link to={`/competition/${id}`}>{c?.name ?? '比赛'}</Link> },
            { title: p ? `${p.display_name} 题` : '题目' },
          ]}
        />
        {list.data && list.data.length > 1 && (
          <div className="oj-contest-switch" data-testid="contest-problem-switch">
            {list.data.map((x) => (
              <Link key={x.index} to={contestProblemPath(id, x.index)} title={x.name}>
                <Tag
                  color={x.index === index ? 'blue' : undefined}
                  style={{ marginInlineEnd: 0, cursor: 'pointer' }}
                >
                  {x.display_name}
                </Tag>
              </Link>
            ))}
          </div>
        )}
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
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <Math408Question
            key={`${id}-${index}`}
            id={p.question_id}
            contest={{
              competitionId: id,
              index,
              canSubmit,
              blockedReason: reason,
              heading: { letter: p.display_name, title: p.title },
            }}
          />
        </Suspense>
      ) : !p.problem ? (
        <div className="oj-contest-page">
          <Result status="404" title="题目不存在" />
        </div>
      ) : (
        <SolveSplit>
          <div className="oj-solve-statement oj-panel">
            <Statement
              problem={p.problem}
              contest={{
                letter: p.display_name,
                title: p.title,
                solved: listed?.solved_count ?? null,
                tried: listed?.tried_count ?? null,
              }}
            />
          </div>
          <div className="oj-solve-editor oj-panel">
            <ContestSolvePanel
              key={`${id}-${index}`}
              competitionId={id}
              index={index}
              problemId={p.problem.problem_id}
              canSubmit={canSubmit}
              blockedReason={reason}
              judging={p.problem.judging}
              testCount={p.problem.test_case_num}
              languages={p.problem.languages}
              samples={p.problem.samples}
            />
          </div>
        </SolveSplit>
      )}
    </div>
  );
}
