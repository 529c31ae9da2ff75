import type { SimilarityRegion } from '@oj/shared';
import { type Family, familyOf, tokenize } from './tokenize';
import { compare, type Program, program, regions } from './winnow';

/** A program to compare: one user's final submission for one contest problem. */
export interface Source {
  id: number;
  user_id: number;
  problem_index: number;
  language: string;
  source_code: string;
}

export interface FoundPair {
  problem_index: number;
  language: string;
  left: Source;
  right: Source;
  score: number;
  left_share: number;
  right_share: number;
  regions: SimilarityRegion[];
}

/** Pairs below this score are not kept: unrelated programs share a little boilerplate. */
export const MIN_SCORE = 0.2;
/** At most this many pairs are kept per contest, the most similar first. */
export const MAX_PAIRS = 500;

/**
 * Every pair of different users' programs for the same problem in the same language family
 * (C with C++), ranked by similarity; the matched regions are computed for the pairs kept.
 */
export function analyse(sources: Source[]): FoundPair[] {
  const groups = new Map<string, Array<{ src: Source; prog: Program }>>();
  for (const src of sources) {
    const family: Family | null = familyOf(src.language);
    if (!family) continue;
    const key = `${src.problem_index}:${family}`;
    const list = groups.get(key) ?? [];
    list.push({ src, prog: program(tokenize(src.source_code, family)) });
    groups.set(key, list);
  }
  const found: Array<{ a: { src: Source; prog: Program }; b: { src: Source; prog: Program }; s: ReturnType<typeof compare> }> = [];
  for (const list of groups.values())
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        if (list[i].src.user_id === list[j].src.user_id) continue;
        const s = compare(list[i].prog, list[j].prog);
        if (s.score >= MIN_SCORE) found.push({ a: list[i], b: list[j], s });
      }
  found.sort((x, y) => y.s.score - x.s.score || x.a.src.id - y.a.src.id);
  return found.slice(0, MAX_PAIRS).map(({ a, b, s }) => ({
    problem_index: a.src.problem_index,
    language: a.src.language === b.src.language ? a.src.language : `${a.src.language} / ${b.src.language}`,
    left: a.src,
    right: b.src,
    score: s.score,
    left_share: s.left,
    right_share: s.right,
    regions: regions(a.prog, b.prog),
  }));
}
