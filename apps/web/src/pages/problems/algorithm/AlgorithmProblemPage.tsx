import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Button from '../../../components/plain/Button';
import Skeleton from '../../../components/plain/Skeleton';
import Result from '../../../components/plain/Result';
import Tabs from '../../../components/plain/Tabs';
import Tip from '../../../layout/Tip';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useNeighbours, useProblem } from '../../../api/problems';
import { usePageActive } from '../../../router/KeepAlive';
import { viewState } from '../../../components/solve/codeStore';
import '../../../components/problem.css';
import SolvePanel from './SolvePanel';
import SolveSplit from '../../../components/solve/SolveSplit';
import Statement from '../../../components/solve/Statement';
import FavouriteStar from '../../../components/FavouriteStar';
import { dismissFirstPaint } from '../../../lib/prerender';
import { lazyScoped } from '../../../lib/antdScope';

// The forum's lists arrive when a 题解 / 问答 tab is opened, not with the statement.
const ProblemPosts = lazyScoped(() => import('../../../components/forum/ProblemPosts'));

/**
 * /problems/algorithm/{problem_id}: the statement on the left, the editor on the right. SPEC §2
 * keeps this page alive: the router keeps the last few solving pages mounted but hidden
 * (KeepAliveOutlet), so coming back finds everything as it was. Beyond those, the code lives in
 * localStorage and the view state (tab, custom input, live result, scroll) in a per-problem cache.
 */
export default function AlgorithmProblemPage() {
  const { problemId } = useParams();
  const id = Number(problemId);
  const navigate = useNavigate();
  const { data: problem, isPending, isError } = useProblem(Number.isInteger(id) ? id : 0);
  const statementRef = useRef<HTMLDivElement>(null);
  const view = viewState(id);
  const active = usePageActive();
  const [tab, setTab] = useState('statement');

  // Shown (again): the window is shared with other pages, and a hidden box loses its scroll.
  useLayoutEffect(() => {
    if (!problem || !active) return;
    const el = statementRef.current;
    if (el) el.scrollTop = view.statementScroll;
    window.scrollTo(0, view.windowScroll);
  }, [problem, view, active]);

  // The server's first paint (lib/prerender.ts) goes in the frame this page shows the statement
  // (or that it is not there): the layer is replaced at once, never by a skeleton.
  const invalid = !Number.isInteger(id) || id < 1;
  useLayoutEffect(() => {
    if (problem || isError || invalid) dismissFirstPaint();
  }, [problem, isError, invalid]);

  // A layout effect: the listener is gone before the next page scrolls the window.
  useLayoutEffect(() => {
    if (!active) return;
    const onScroll = () => (view.windowScroll = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [view, active]);

  useEffect(() => {
    if (!problem || !active) return;
    // After the layout's own title effect of the same navigation (parents' effects run last).
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) document.title = `${problem.problem_id}. ${problem.chinese_name} - 算法题`;
    });
    return () => void (cancelled = true);
  }, [problem, active]);

  if (invalid || isError)
    return (
      <div className="oj-container-narrow oj-panel">
        <Result
          status="404"
          title="题目不存在"
          subTitle="这道题不存在或暂不可见。"
          extra={<Button onClick={() => navigate('/problems')}>返回题库</Button>}
        />
      </div>
    );

  return (
    <SolveSplit>
      <div
        className="oj-solve-statement oj-panel"
        ref={statementRef}
        onScroll={(e) => (view.statementScroll = e.currentTarget.scrollTop)}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          aria-label="题目"
          extra={
            <>
              <FavouriteStar problemId={id} withLabel />
              <Neighbours id={id} />
            </>
          }
          items={[
            {
              key: 'statement',
              label: '题目描述',
              children:
                isPending || !problem ? (
                  <Skeleton active paragraph={{ rows: 12 }} />
                ) : (
                  <Statement problem={problem} />
                ),
            },
            ...([1, 0] as const).map((status) => ({
              key: status === 1 ? 'solutions' : 'answers',
              label: (
                <span data-testid={`tab-${status === 1 ? 'solutions' : 'answers'}`}>
                  {status === 1 ? '题解' : '问答'}
                </span>
              ),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <ProblemPosts problemId={id} status={status} />
                </Suspense>
              ),
            })),
          ]}
        />
      </div>
      <div className="oj-solve-editor oj-panel">
        <SolvePanel key={id} problemId={id} />
      </div>
    </SolveSplit>
  );
}

/** 上一题 / 下一题 in bank order; the server skips the problems this viewer may not see. */
function Neighbours({ id }: { id: number }) {
  const { data } = useNeighbours(id);
  const navigate = useNavigate();
  const side = (p: { problem_id: number; chinese_name: string } | null | undefined, next: boolean) => {
    const button = (
      <Button
        size="small"
        disabled={!p}
        onClick={() => p && navigate(`/problems/algorithm/${p.problem_id}`)}
        data-testid={next ? 'next-problem' : 'prev-problem'}
      >
        {next ? (
          <>
            下一题 <RightOutlined />
          </>
        ) : (
          <>
            <LeftOutlined /> 上一题
          </>
        )}
      </Button>
    );
    return p ? (
      <Tip below title={`${p.problem_id}. ${p.chinese_name}`}>
        {button}
      </Tip>
    ) : (
      button
    );
  };
  return (
    <span className="oj-neighbours">
      {side(data?.prev, false)}
      {side(data?.next, true)}
    </span>
  );
}
