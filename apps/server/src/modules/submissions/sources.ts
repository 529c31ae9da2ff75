import type { SubmissionsDeps } from './deps';
import { contestCode, sourcesOf as sourcesIn } from './records-repo';

/** One user's program for one problem of a contest, as code similarity compares them. */
export interface ContestSource {
  id: number;
  user_id: number;
  problem_index: number;
  language: string;
  source_code: string;
}

/**
 * For code similarity (issue 18): per user and contest problem, the last accepted submission made
 * during the contest, or the last one when none was accepted. One statement, ordered by id.
 */
export async function contestSources(
  d: Pick<SubmissionsDeps, 'db'>,
  contest: { id: number; end_time: string },
): Promise<ContestSource[]> {
  const rows = await contestCode(d.db, contest);
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const key = `${r.user_id}:${r.problem_index}`;
    const held = chosen.get(key);
    // Later rows win, except that a non-accepted try never replaces an accepted one.
    if (!held || held.status !== 'AC' || r.status === 'AC') chosen.set(key, r);
  }
  return [...chosen.values()].map((r) => ({
    id: r.id,
    user_id: r.user_id,
    problem_index: r.problem_index!,
    language: r.language,
    source_code: r.source_code,
  }));
}

/** Sources of some submissions (the similarity side-by-side view). */
export async function sourcesOf(d: Pick<SubmissionsDeps, 'db'>, ids: number[]): Promise<Map<number, string>> {
  return ids.length ? sourcesIn(d.db, ids) : new Map();
}
