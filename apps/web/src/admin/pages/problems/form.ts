import type {
  CheckerInput,
  Problem,
  ProblemInputRaw,
  SampleCase,
  TestVisibility,
} from '../../../lib/contract';

/** The editor form's values; the checker is flattened so each kind's fields are plain form items. */
export interface ProblemFormValues {
  chinese_name: string;
  english_name: string;
  description: string;
  difficulty: number;
  tags_list: number[];
  source_name: ProblemInputRaw['source_name'];
  time_limit: number;
  memory_limit: number;
  samples: SampleCase[];
  checker_kind: CheckerInput['kind'];
  tolerance?: number;
  checker_source?: string;
  visible: boolean;
  stop_at_first_failure: boolean;
  /** What solvers see of each judged test (仅样例详情 / 全部详情 / 仅结果). */
  test_visibility: TestVisibility;
}

export const NEW_PROBLEM: ProblemFormValues = {
  chinese_name: '',
  english_name: '',
  description: '## 题目描述\n\n\n## 输入格式\n\n\n## 输出格式\n\n\n## 数据范围\n\n$1 \\le n \\le 10^5$\n',
  difficulty: 0,
  tags_list: [],
  source_name: 'original',
  time_limit: 1000,
  memory_limit: 256,
  samples: [{ input: '', output: '' }],
  checker_kind: 'default',
  tolerance: 1e-6,
  visible: true,
  stop_at_first_failure: true,
  test_visibility: 'samples',
};

export function formFromProblem(p: Problem): ProblemFormValues {
  return {
    chinese_name: p.chinese_name,
    english_name: p.english_name,
    description: p.description,
    difficulty: p.difficulty,
    tags_list: p.tags_list,
    source_name: p.source_name,
    time_limit: p.time_limit,
    memory_limit: p.memory_limit,
    samples: p.samples,
    checker_kind: p.checker.kind,
    tolerance: p.checker.tolerance ?? 1e-6,
    checker_source: p.checker.source ?? undefined,
    visible: p.visible,
    stop_at_first_failure: p.stop_at_first_failure,
    test_visibility: p.test_visibility,
  };
}

/** The judged part both editors send (a problem, a programming question): limits and the samples filled in. */
export const judgedPart = (v: { time_limit: number; memory_limit: number; samples?: SampleCase[] }) => ({
  time_limit: v.time_limit,
  memory_limit: v.memory_limit,
  samples: (v.samples ?? []).filter((s) => s.input !== '' || s.output !== ''),
});

export function problemFromForm(v: ProblemFormValues): ProblemInputRaw {
  const checker: CheckerInput =
    v.checker_kind === 'float'
      ? { kind: 'float', tolerance: Number(v.tolerance) }
      : v.checker_kind === 'special'
        ? { kind: 'special', source: v.checker_source ?? '' }
        : { kind: 'default' };
  return {
    chinese_name: v.chinese_name,
    english_name: v.english_name ?? '',
    description: v.description,
    difficulty: v.difficulty,
    tags_list: v.tags_list ?? [],
    source_name: v.source_name,
    ...judgedPart(v),
    checker,
    visible: v.visible,
    stop_at_first_failure: v.stop_at_first_failure,
    test_visibility: v.test_visibility,
  };
}
