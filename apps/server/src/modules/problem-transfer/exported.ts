import type { CheckerInput, ProblemJudging, SampleCase } from '@oj/shared';
import type { RawTest } from './model';

/** One of our problems, whole, as the exporters write it. */
export interface ExportedProblem {
  problem_id: number;
  chinese_name: string;
  english_name: string;
  description: string;
  samples: SampleCase[];
  time_limit: number;
  memory_limit: number;
  /** Bytes a test's output may reach. */
  output_limit: number;
  tag_names: string[];
  source_name: string;
  difficulty: number;
  stop_at_first_failure: boolean;
  checker: CheckerInput;
  /** How it is judged beyond the checker (absent or null: a traditional all-or-nothing problem). */
  judging?: ProblemJudging | null;
  tests: RawTest[];
  /** Our stored images the statement links (`url` as written in it, `name` = the stored file's name). */
  images: { url: string; name: string; bytes: Buffer }[];
}
