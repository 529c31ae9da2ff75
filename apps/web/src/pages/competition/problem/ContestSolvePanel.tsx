import { submitContestAnswers, submitContestCode, useRefreshCompetitions } from '../../../api/competitions';
import type { Language, ProblemJudgingView } from '../../../lib/contract';
import SolveEditor from '../../../components/solve/SolveEditor';
import { useSolveEditor } from '../../../components/solve/useSolveEditor';
import { contestDraftKey } from '../../../components/solve/codeStore';

interface Props {
  competitionId: number;
  index: number;
  problemId: number;
  /** False before the start (unless previewing) or when the caller may not submit. */
  canSubmit: boolean;
  blockedReason?: string;
  /** The problem's type, grader, …: what the editor side edits and sends. */
  judging?: ProblemJudgingView | null;
  testCount?: number;
  /** The only languages the problem takes (null: every language the site offers). */
  languages?: readonly Language[] | null;
  /** The problem's samples (自测 starts with the first and can run them all). */
  samples?: readonly { input: string; output: string }[];
}

/**
 * The contest's editor side (the solving kit, as on the bank's page): the submission carries
 * `competition_id` and `index` so it counts for the ranking, and a verdict (a rejudge's too) reads
 * the contest's problem list and scoreboard again.
 */
export default function ContestSolvePanel({
  competitionId,
  index,
  problemId,
  canSubmit,
  blockedReason,
  judging,
  testCount,
  languages,
  samples,
}: Props) {
  const refreshCompetitions = useRefreshCompetitions();
  const solve = useSolveEditor({
    problemId,
    // The contest's own draft, not the bank's copy of the problem (issue 29).
    draftKey: contestDraftKey(competitionId, index, problemId),
    samples,
    followKey: `contest:${competitionId}:${index}`,
    send: (...code) =>
      submitContestCode({ competition_id: competitionId, index, problem_id: problemId }, ...code),
    sendAnswers: (answers) =>
      submitContestAnswers({ competition_id: competitionId, index, problem_id: problemId }, answers),
    onVerdict: () => void refreshCompetitions(),
    languages,
  });
  return (
    <SolveEditor
      solve={solve}
      judging={judging}
      testCount={testCount}
      canSubmit={canSubmit}
      blockedReason={blockedReason}
      recordLink={{
        href: (id) => `/competition/${competitionId}/records/${id}`,
        label: '在比赛中查看提交记录',
        testId: 'contest-record-link',
      }}
    />
  );
}
