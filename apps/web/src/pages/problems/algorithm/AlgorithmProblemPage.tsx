import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useProblem } from '../../../api/problems';
import { usePageActive } from '../../../router/KeepAlive';
import { viewState } from './codeStore';
import '../problems.css';
import SolvePanel from './SolvePanel';
import Statement from './Statement';

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

  // Shown (again): the window is shared with other pages, and a hidden box loses its scroll.
  useLayoutEffect(() => {
    if (!problem || !active) return;
    const el = statementRef.current;
    if (el) el.scrollTop = view.statementScroll;
    window.scrollTo(0, view.windowScroll);
  }, [problem, view, active]);

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

  if (!Number.isInteger(id) || id < 1 || isError)
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
    <div className="oj-solve" data-testid="solve-page">
      <div
        className="oj-solve-statement oj-panel"
        ref={statementRef}
        onScroll={(e) => (view.statementScroll = e.currentTarget.scrollTop)}
      >
        {isPending || !problem ? (
          <Skeleton active paragraph={{ rows: 12 }} />
        ) : (
          <Statement problem={problem} />
        )}
      </div>
      <div className="oj-solve-editor oj-panel">
        <SolvePanel key={id} problemId={id} />
      </div>
    </div>
  );
}
