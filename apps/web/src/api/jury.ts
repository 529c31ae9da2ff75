import { useQuery } from '@tanstack/react-query';
import type {
  JuryPage,
  JuryRunsQueued,
  JurySolutionAdded,
  JurySolutionInputRaw,
  JuryValidator,
  ProblemModifyInput,
  ValidatorChecked,
} from '../lib/contract';
import { ErrorCode } from '../lib/contract';
import { ApiError } from './errors';
import { get, post } from './http';
import { problemKeys } from './problems';
import { useInvalidate } from './query';
import { notify } from '../lib/notify';

/** 题目验证 (issue 24 item 5): a problem's jury solutions, their runs, its input validator; admins only. */

const P = '/api/problem/algorithm/admin';
const J = `${P}/jury`;

export const juryPage = (problem_id: number) => get<JuryPage>(`${J}/list`, { query: { problem_id } });
export const addJurySolution = (problem_id: number, body: JurySolutionInputRaw) =>
  post<JurySolutionAdded>(`${J}/add`, { query: { problem_id }, json: body });
export const modifyJurySolution = (solution_id: number, body: JurySolutionInputRaw) =>
  post<null>(`${J}/modify`, { json: { ...body, solution_id } });
export const deleteJurySolution = (solution_id: number) =>
  post<null>(`${J}/delete`, { query: { solution_id } });
export const runAllJury = (problem_id: number) => post<JuryRunsQueued>(`${J}/run`, { query: { problem_id } });
export const runOneJury = (solution_id: number) =>
  post<JuryRunsQueued>(`${J}/runOne`, { query: { solution_id } });
/** `protocol`: testlib (exit 0 = valid) or, for a package's Kattis validator, kattis (exit 42 = valid). */
export const setValidator = (
  problem_id: number,
  source: string,
  protocol: JuryValidator['protocol'] = 'testlib',
) =>
  post<ValidatorChecked>(`${J}/validator/set`, {
    query: { problem_id },
    json: { language: 'C++', protocol, source },
  });
export const removeValidator = (problem_id: number) =>
  post<null>(`${J}/validator/delete`, { query: { problem_id } });

/**
 * Saves a problem in the editor through the publish gate: a hidden problem made visible while its
 * validation does not pass is refused (40900) and `confirmForce` is asked with the server's reason;
 * yes saves it again with `force=1`. Other failures are toasted as usual, and thrown.
 */
export async function modifyProblemGated(
  body: ProblemModifyInput,
  confirmForce: (reason: string) => Promise<boolean>,
): Promise<void> {
  try {
    await post<null>(`${P}/modify`, { json: body, silent: true });
    return;
  } catch (err) {
    const refused = err instanceof ApiError && err.code === ErrorCode.Conflict && body.visible;
    if (!refused) {
      notify.error((err as Error).message);
      throw err;
    }
    if (!(await confirmForce(err.message))) throw err;
  }
  await post<null>(`${P}/modify`, { json: body, query: { force: 1 } });
}

// ---------------------------------------------------------------- query hooks

/** Under the management bank's root: saving the problem (or its tests) reads the page again too. */
export const juryKeys = {
  page: (problemId: number) => [...problemKeys.admin, 'jury', problemId] as const,
};

/** The page of one problem; read again every 1.5 s while a run is queued or stale. */
export const useJuryPage = (problemId: number) =>
  useQuery({
    queryKey: juryKeys.page(problemId),
    queryFn: () => juryPage(problemId),
    enabled: problemId > 0,
    refetchInterval: (q) => (q.state.data?.solutions.some((s) => s.run.state === 'pending') ? 1500 : false),
  });
export const useRefreshJuryPage = () => useInvalidate(juryKeys.page);
