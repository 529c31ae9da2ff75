import {
  algorithmTagIndex,
  type BankRow,
  type CheckerInput,
  type CheckerView,
  type Language,
  LANGUAGES,
  type MyStatus,
  type Problem,
  type ProblemSource,
  type SampleCase,
  type TagRef,
  TEST_VISIBILITIES,
  type TestVisibility,
} from '@oj/shared';
import type { ProblemRow } from './tables';
import { judgingOf, presentJudging } from './judging';

export interface StoredTest {
  input: string; // sha256
  output: string; // sha256
  input_size: number;
  output_size: number;
}

export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export const tagIds = (row: Pick<ProblemRow, 'tags'>) => parseJson<number[]>(row.tags, []);
export const checkerOf = (row: Pick<ProblemRow, 'checker'>) =>
  parseJson<CheckerInput>(row.checker, { kind: 'default' });
export const testsOf = (row: Pick<ProblemRow, 'tests'>) => parseJson<StoredTest[]>(row.tests, []);
/** The problem's test visibility; anything else stored reads as the default. */
export const testVisibilityOf = (row: Pick<ProblemRow, 'test_visibility'>): TestVisibility =>
  (TEST_VISIBILITIES as readonly string[]).includes(row.test_visibility)
    ? (row.test_visibility as TestVisibility)
    : 'samples';

export const passRate = (accept: number, submit: number) =>
  submit > 0 ? Math.round((accept / submit) * 10000) / 10000 : 0;

function tagsOf(ids: number[]): TagRef[] {
  return ids.flatMap((id) => {
    const t = algorithmTagIndex.byId(id);
    return t ? [{ tag_id: t.tag_id, tag_name: t.tag_name, category: t.category }] : [];
  });
}

/** The special judge's source is the author's work and may reveal the tests: admins only. */
function presentChecker(c: CheckerInput, isAdmin: boolean): CheckerView {
  return {
    kind: c.kind,
    tolerance: c.kind === 'float' ? c.tolerance : null,
    case_insensitive: c.kind !== 'special' && c.case_insensitive === true,
    source: c.kind === 'special' && isAdmin ? c.source : null,
    files: c.kind === 'special' && isAdmin ? (c.files ?? []) : null,
    protocol: c.kind === 'special' ? (c.protocol ?? 'testlib') : null,
  };
}

/** The only languages a problem accepts (issue 25); null: every language the site offers. */
export function languagesOf(row: Pick<ProblemRow, 'languages'>): Language[] | null {
  const list = parseJson<unknown>(row.languages ?? 'null', null);
  if (!Array.isArray(list)) return null;
  const known = LANGUAGES.filter((l) => list.includes(l));
  return known.length > 0 ? known : null;
}

/** `isAdmin`: the viewer manages problems and sees the special checker's files. */
export function presentProblem(row: ProblemRow, myStatus: MyStatus, viewer: { isAdmin: boolean }): Problem {
  const { isAdmin } = viewer;
  const ids = tagIds(row);
  return {
    problem_id: row.id,
    chinese_name: row.chinese_name,
    english_name: row.english_name,
    description: row.description,
    difficulty: row.difficulty,
    tags_list: ids,
    tags: tagsOf(ids),
    source_name: row.source_name as ProblemSource,
    time_limit: row.time_limit,
    memory_limit: row.memory_limit,
    output_limit: row.output_limit,
    samples: parseJson<SampleCase[]>(row.samples, []),
    checker: presentChecker(checkerOf(row), isAdmin),
    visible: row.visible === 1,
    stop_at_first_failure: row.stop_at_first_failure !== 0,
    test_visibility: testVisibilityOf(row),
    judging: presentJudging(judgingOf(row), isAdmin),
    languages: languagesOf(row),
    test_case_num: row.test_case_num,
    submit_num: row.submit_num,
    accept_num: row.accept_num,
    pass_rate: passRate(row.accept_num, row.submit_num),
    my_status: myStatus,
    // The courses know (problems service `get`); a contest's statement shows no video.
    has_video: false,
    create_time: row.create_time,
    update_time: row.update_time,
  };
}

export function presentBankRow(row: ProblemRow, myStatus: MyStatus): BankRow {
  return {
    problem_id: row.id,
    chinese_name: row.chinese_name,
    english_name: row.english_name,
    difficulty: row.difficulty,
    tags_list: tagIds(row),
    source_name: row.source_name as ProblemSource,
    submit_num: row.submit_num,
    accept_num: row.accept_num,
    pass_rate: passRate(row.accept_num, row.submit_num),
    my_status: myStatus,
    visible: row.visible === 1,
    create_time: row.create_time,
  };
}
