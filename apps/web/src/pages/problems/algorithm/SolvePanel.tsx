import { Suspense, useEffect } from 'react';
import Skeleton from '../../../components/plain/Skeleton';
import {
  setProblemLast,
  submitAnswers,
  submitCode,
  useProblem,
  useRefreshProblems,
} from '../../../api/problems';
import { viewState } from '../../../components/solve/codeStore';
import SolveEditor from '../../../components/solve/SolveEditor';
import { useSolveEditor } from '../../../components/solve/useSolveEditor';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { lazyScoped } from '../../../lib/antdScope';

// 我的提交 (antd's table) loads when its tab is first opened.
const MySubmissions = lazyScoped(() => import('./MySubmissions'));

/**
 * The bank's editor side (the solving kit): a submission goes to the bank, a verdict reads the
 * bank's pass rates again, the view is kept per problem, and 我的提交 lists the caller's records.
 */
export default function SolvePanel({ problemId }: { problemId: number }) {
  const user = useUserStore((s) => s.user);
  const refreshProblems = useRefreshProblems();
  // The statement's query (cached): its type decides whether code or answer files are sent.
  const problem = useProblem(problemId).data;
  const solve = useSolveEditor({
    problemId,
    followKey: `problem:${problemId}`,
    view: viewState(problemId),
    send: (...code) => submitCode(problemId, ...code),
    sendAnswers: (answers) => submitAnswers(problemId, answers),
    onVerdict: () => void refreshProblems(),
    languages: problem?.languages,
    samples: problem?.samples,
  });

  // Remember the last-entered problem (and its language) for the signed-in user.
  useEffect(() => {
    if (isLoggedIn(user)) void setProblemLast(problemId, solve.language).catch(() => undefined);
  }, [problemId, solve.language, user]);

  return (
    <SolveEditor
      solve={solve}
      judging={problem?.judging}
      testCount={problem?.test_case_num}
      resettable
      moreTabs={[
        {
          key: 'mine',
          label: '我的提交',
          children: (
            <Suspense fallback={<Skeleton active />}>
              <MySubmissions problemId={problemId} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
