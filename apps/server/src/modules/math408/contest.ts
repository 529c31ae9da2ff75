import type { Verdict } from '@oj/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { nowIso } from '../../lib/time';

/** Math and 408 contests list math / 408 questions (programming contests, type 1, list algorithm problems). */
export const QUESTION_CONTEST_TYPES = [2, 3] as const;

/** Admits (or refuses, by throwing) an answer given in a contest. */
export type AnswerGate = (
  viewer: Viewer,
  req: { competition_id: number; index: number; question_id: number },
) => Promise<void>;

const contestsWith = (db: Kysely<Database>, questionId: number) =>
  db
    .selectFrom('competition_problems as cp')
    .innerJoin('competitions as c', 'c.id', 'cp.competition_id')
    .select('c.id')
    .where('cp.problem_id', '=', questionId)
    .where('c.type', 'in', [...QUESTION_CONTEST_TYPES])
    .where('c.is_delete', '=', 0);

/** A running math / 408 contest lists the question: its answers are not revealed meanwhile. */
export async function inRunningContest(db: Kysely<Database>, questionId: number): Promise<boolean> {
  const now = nowIso();
  return Boolean(
    await contestsWith(db, questionId)
      .where('c.start_time', '<=', now)
      .where('c.end_time', '>', now)
      .executeTakeFirst(),
  );
}

/** A hidden question becomes readable once a contest listing it has started. */
export async function inStartedContest(db: Kysely<Database>, questionId: number): Promise<boolean> {
  return Boolean(await contestsWith(db, questionId).where('c.start_time', '<=', nowIso()).executeTakeFirst());
}

/**
 * How a stored answer counts under the ICPC rules of packages/shared/src/ranking.ts, so math and
 * 408 contests use the very scoreboard of programming contests: a right choice is an accepted try,
 * a wrong one a rejected try; a programming answer is its verdict. A short answer cannot be graded:
 * it is an answered try that neither solves nor costs, which is what the rules do with CE.
 */
export function answerVerdict(status: string): Verdict {
  if (status === 'correct') return 'AC';
  if (status === 'wrong') return 'WA';
  if (status === 'submitted') return 'CE';
  return status as Verdict;
}
