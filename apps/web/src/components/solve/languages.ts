import { useJudgeInfo } from '../../api/home-queries';
import { LANGUAGES, type JudgeLanguage, type Language } from '../../lib/contract';

/**
 * The languages a solver may choose (issue 25): those this site offers (enabled and installed,
 * `/api/judge/languages`), within the problem's own list when it has one.
 */
export function useOfferedLanguages(problemLanguages: readonly Language[] | null | undefined): Language[] {
  const info = useJudgeInfo();
  // Until the judge's table arrives nothing is taken away (the editor would switch a kept language).
  const offered = info.data
    ? info.data.languages.filter((l) => l.available).map((l) => l.name)
    : [...LANGUAGES];
  const list = problemLanguages?.length ? offered.filter((l) => problemLanguages.includes(l)) : offered;
  return list.length > 0 ? list : offered;
}

/**
 * What the statement shows next to the limits: each offered language whose administrator's factors
 * are not 1, with its own limits (`Python3：3000 ms / 512 MiB（×3 / ×2）`).
 */
export function factorNotes(
  languages: readonly JudgeLanguage[],
  problem: { time_limit: number; memory_limit: number; languages: readonly Language[] | null },
): string[] {
  return languages
    .filter((l) => l.available && (!problem.languages || problem.languages.includes(l.name)))
    .filter((l) => l.time_factor !== 1 || l.memory_factor !== 1)
    .map(
      (l) =>
        `${l.name}：${Math.round(problem.time_limit * l.time_factor)} ms / ${Math.round(problem.memory_limit * l.memory_factor)} MiB（×${l.time_factor} / ×${l.memory_factor}）`,
    );
}
