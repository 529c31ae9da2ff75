import type {
  CheckerInput,
  Language,
  Problem,
  ProblemInputRaw,
  SampleCase,
  TestVisibility,
} from '../../../lib/contract';
import { judgingFormFrom, judgingFromForm, NEW_JUDGING, type JudgingFormValues } from './judgingForm';

const MiB = 1024 * 1024;
/** The judge's default output limit (PROBLEM_LIMITS.outputDefaultBytes; the server checks the bounds). */
export const OUTPUT_LIMIT_DEFAULT_MIB = 64;

/** The editor form's values; the checker is flattened so each kind's fields are plain form items. */
export interface ProblemFormValues extends JudgingFormValues {
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
  /** Files compiled beside the checker (an imported package's own testlib.h): kept as they are. */
  checker_files?: { name: string; content: string }[];
  /** testlib (a checker) or kattis (an imported Kattis / ICPC output validator). */
  checker_protocol: 'testlib' | 'kattis';
  /** Default and float comparisons: letters compared ignoring case. */
  case_insensitive: boolean;
  /** 输出限制 in MiB (the API takes bytes). */
  output_limit_mib: number;
  visible: boolean;
  stop_at_first_failure: boolean;
  /** What solvers see of each judged test (仅样例详情 / 全部详情 / 仅结果). */
  test_visibility: TestVisibility;
  /** 可用语言: the only languages it takes; empty = every language the site offers. */
  languages: Language[];
  /** 班级 of a new class problem (a teacher's, issue 27 part 3): sent on create only. */
  class_ids?: number[];
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
  case_insensitive: false,
  checker_protocol: 'testlib',
  output_limit_mib: OUTPUT_LIMIT_DEFAULT_MIB,
  visible: true,
  stop_at_first_failure: true,
  test_visibility: 'samples',
  languages: [],
  ...NEW_JUDGING,
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
    checker_files: p.checker.files ?? undefined,
    checker_protocol: p.checker.protocol ?? 'testlib',
    case_insensitive: p.checker.case_insensitive,
    output_limit_mib: p.output_limit / MiB,
    visible: p.visible,
    stop_at_first_failure: p.stop_at_first_failure,
    test_visibility: p.test_visibility,
    languages: p.languages ?? [],
    ...judgingFormFrom(p.judging),
  };
}

/** The judged part both editors send (a problem, a programming question): limits and the samples filled in. */
export const judgedPart = (v: { time_limit: number; memory_limit: number; samples?: SampleCase[] }) => ({
  time_limit: v.time_limit,
  memory_limit: v.memory_limit,
  samples: (v.samples ?? []).filter((s) => s.input !== '' || s.output !== ''),
});

export function problemFromForm(v: ProblemFormValues): ProblemInputRaw {
  // Only a set flag is sent: the contract's absent means case matters.
  const letters = v.case_insensitive ? { case_insensitive: true } : {};
  const checker: CheckerInput =
    v.checker_kind === 'float'
      ? { kind: 'float', tolerance: Number(v.tolerance), ...letters }
      : v.checker_kind === 'special'
        ? {
            kind: 'special',
            source: v.checker_source ?? '',
            ...(v.checker_files?.length ? { files: v.checker_files } : {}),
            ...(v.checker_protocol === 'kattis' ? { protocol: 'kattis' as const } : {}),
          }
        : { kind: 'default', ...letters };
  return {
    chinese_name: v.chinese_name,
    english_name: v.english_name ?? '',
    description: v.description,
    difficulty: v.difficulty,
    tags_list: v.tags_list ?? [],
    source_name: v.source_name,
    ...judgedPart(v),
    output_limit: Math.round(v.output_limit_mib * MiB),
    checker,
    visible: v.visible,
    stop_at_first_failure: v.stop_at_first_failure,
    test_visibility: v.test_visibility,
    // Empty: every language (sent as null, so an edit can lift a restriction).
    languages: v.languages?.length ? v.languages : null,
    judging: judgingFromForm(v),
    // A class problem (issue 27 part 3): private to these classes, always hidden.
    ...(v.class_ids?.length ? { class_ids: v.class_ids, visible: false } : {}),
  };
}
