import { z } from 'zod';
import { LANGUAGES, VERDICTS } from '../enums';
import { AnnouncementView } from './announcements';
import { CompetitionInfo, TopUser } from './competitions';
import { PostRow } from './forum';
import { DailyProblem, ProblemLast } from './problems';

/**
 * The home page in one call (`GET /api/home/overview`), built from the other modules' services with
 * the viewer's rights: hidden problems, hidden posts and what a running contest keeps from its
 * participants never appear. `me` is null for visitors.
 */

export const SolvedProgress = z.object({
  total: z.number().int(),
  solved: z.number().int(),
  by_difficulty: z.array(
    z.object({ difficulty: z.number().int(), total: z.number().int(), solved: z.number().int() }),
  ),
});
export type SolvedProgress = z.infer<typeof SolvedProgress>;

export const HomeOverview = z.object({
  /** Server time (ISO) when answered: the countdowns start from it, not from the visitor's clock. */
  server_time: z.string(),
  daily: DailyProblem.nullable(),
  running: z.array(CompetitionInfo),
  upcoming: z.array(CompetitionInfo),
  announcements: z.array(AnnouncementView),
  hot_posts: z.array(PostRow),
  new_solutions: z.array(PostRow),
  top: z.array(TopUser),
  me: z
    .object({
      progress: SolvedProgress,
      last: ProblemLast,
    })
    .nullable(),
});
export type HomeOverview = z.infer<typeof HomeOverview>;

/** `GET /api/judge/languages`: the judge's own language table, with the installed compiler versions. */
export const JudgeLanguage = z.object({
  name: z.enum(LANGUAGES),
  source_file: z.string(),
  /** The compile command as the judge runs it (`g++ -std=gnu++17 -O2 … -o main main.cpp`). */
  compile: z.string(),
  /** The run command for a 256 MiB limit. */
  run: z.string(),
  /** First line of the compiler's or runtime's `--version`; empty when not installed. */
  version: z.string(),
  /** Offered on this site (enabled and installed); the others are listed for what they would be. */
  available: z.boolean(),
  /** A problem's time and memory limits are multiplied by these for this language (administrator's; 1 = as set). */
  time_factor: z.number(),
  memory_factor: z.number(),
  /** Extra memory the box gives beyond the problem's limit (the JVM), MiB. */
  memory_extra_mib: z.number().int(),
});
export type JudgeLanguage = z.infer<typeof JudgeLanguage>;

export const JudgeInfo = z.object({
  languages: z.array(JudgeLanguage),
  verdicts: z.array(
    z.object({ code: z.enum(VERDICTS), name: z.string(), chinese: z.string(), meaning: z.string() }),
  ),
  limits: z.object({
    time_min_ms: z.number().int(),
    time_max_ms: z.number().int(),
    memory_min_mib: z.number().int(),
    memory_max_mib: z.number().int(),
    output_max_mib: z.number().int(),
    compile_time_s: z.number(),
    tests_max: z.number().int(),
  }),
});
export type JudgeInfo = z.infer<typeof JudgeInfo>;

/** `GET /api/ip/location`: where the caller's address is, from the offline database. */
export const IpLocation = z.object({
  ip: z.string(),
  /** 本机, 内网, or the joined country / province / city (中国 广东省 深圳市); 未知 when not found. */
  location: z.string(),
  isp: z.string(),
});
export type IpLocation = z.infer<typeof IpLocation>;
