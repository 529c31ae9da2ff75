import type { SimilarityPage, SimilarityPair, SimilarityPairDetail, SimilarityRegion } from '@oj/shared';
import { notFound } from '../../lib/errors';
import type { ContestFacts } from '../competitions';
import type { SimilarityDeps } from './deps';
import * as repo from './repo';
import { presentRun } from './run';
import type { SimilarityPairRow } from './tables';

const PAGE_SIZE = 20;

function presentPair(r: SimilarityPairRow, facts: ContestFacts, names: Map<number, { username: string }>): SimilarityPair {
  const user = (uuid: number) => ({ uuid, username: names.get(uuid)?.username ?? '' });
  return {
    id: r.id,
    competition_id: r.competition_id,
    problem_index: r.problem_index,
    problem_name: facts.problems.find((p) => p.index === r.problem_index)?.display_name ?? String(r.problem_index + 1),
    language: r.language,
    score: Number(r.score),
    left: { submission_id: r.left_submission_id, user: user(r.left_user_id), share: Number(r.left_share) },
    right: { submission_id: r.right_submission_id, user: user(r.right_user_id), share: Number(r.right_share) },
  };
}

/** A contest's pairs, most similar first, with its run (null: never analysed). */
export async function pairsPage(d: SimilarityDeps, id: number, pageNum: number): Promise<SimilarityPage> {
  const facts = await d.contests.facts(id);
  const run = await repo.runOf(d.db, id);
  const { total, rows } = await repo.pairsPage(d.db, id, PAGE_SIZE, (pageNum - 1) * PAGE_SIZE);
  const names = await d.users.briefs(rows.flatMap((r) => [r.left_user_id, r.right_user_id]));
  return {
    run: run ? presentRun(run) : null,
    records: rows.map((r) => presentPair(r, facts, names)),
    total,
    pageNum,
    pageSize: PAGE_SIZE,
  };
}

/** One pair with both sources and the matched regions (the side-by-side view). */
export async function pairDetail(d: SimilarityDeps, pairId: number): Promise<SimilarityPairDetail> {
  const row = await repo.pairById(d.db, pairId);
  if (!row) throw notFound(`相似度结果 ${pairId} 不存在`);
  const facts = await d.contests.facts(row.competition_id);
  const [names, sources] = await Promise.all([
    d.users.briefs([row.left_user_id, row.right_user_id]),
    d.submissions.sourcesOf([row.left_submission_id, row.right_submission_id]),
  ]);
  return {
    pair: presentPair(row, facts, names),
    left_source: sources.get(row.left_submission_id) ?? '',
    right_source: sources.get(row.right_submission_id) ?? '',
    regions: JSON.parse(row.regions) as SimilarityRegion[],
  };
}
