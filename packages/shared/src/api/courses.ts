import { z } from 'zod';
import { fieldLabel } from '../field-labels';
import { pageOf, pageQuery } from '../paging';
import { nameText } from './common';
import { MyStatus } from './problems';

/**
 * Contract of study plans and courses (SPEC §2 `/study`, §7 Courses, issue 13). A course is a plan
 * with a price (0 = free) and members; both share one id space, so `/study/{id}` shows either.
 * Query parameters keep SPEC's spelling (`CourseId`, `courseId`; `course_id` is accepted too).
 */

export const COURSE_LIMITS = {
  titleMax: 100,
  descriptionMax: 20_000,
  coverMax: 500,
  sectionsMax: 50,
  lessonsPerSectionMax: 50,
  problemsPerSectionMax: 100,
  lessonContentMax: 100_000,
  /** ¥100 000: a typo guard, not a business rule. */
  priceMaxFen: 10_000_000,
  uuidsMax: 500,
  listPageSize: 10,
  rankPageSize: 50,
  videoMaxBytes: 1024 * 1024 * 1024,
} as const;

const positiveId = (field: string) =>
  z.coerce
    .number({ error: `${fieldLabel([field])}必须是整数` })
    .int(`${fieldLabel([field])}必须是整数`)
    .min(1, `${fieldLabel([field])}必须是正整数`);

/** The course id of a query, under any of the spellings SPEC's clients use. */
export const CourseIdQuery = z
  .object({
    CourseId: positiveId('CourseId').optional(),
    courseId: positiveId('courseId').optional(),
    course_id: positiveId('course_id').optional(),
  })
  .transform((q, ctx) => {
    const id = q.CourseId ?? q.courseId ?? q.course_id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: '课程编号不能为空', path: ['CourseId'] });
      return z.NEVER;
    }
    return { course_id: id };
  });
export type CourseIdQuery = z.infer<typeof CourseIdQuery>;

export const PlanIdQuery = z.object({ plan_id: positiveId('plan_id') });
export type PlanIdQuery = z.infer<typeof PlanIdQuery>;
export const LessonIdQuery = z.object({ lesson_id: positiveId('lesson_id') });
export type LessonIdQuery = z.infer<typeof LessonIdQuery>;
export const CoursePageQuery = pageQuery(COURSE_LIMITS.listPageSize);
export type CoursePageQuery = z.infer<typeof CoursePageQuery>;
export const CourseRankQuery = CourseIdQuery.and(pageQuery(COURSE_LIMITS.rankPageSize));
export type CourseRankQuery = z.infer<typeof CourseRankQuery>;

export const PLAN_KINDS = ['plan', 'course'] as const;
export const PlanKind = z.enum(PLAN_KINDS, { error: '类型必须是 plan（学习计划）或 course（课程）' });
export type PlanKind = z.infer<typeof PlanKind>;

export const STUDY_PROBLEM_KINDS = ['algorithm', 'math408'] as const;
export const StudyProblemKind = z.enum(STUDY_PROBLEM_KINDS, {
  error: '题目类型必须是 algorithm（算法题）或 math408（数学/408 题）',
});
export type StudyProblemKind = z.infer<typeof StudyProblemKind>;

export const StudyProblemRef = z.object({
  kind: StudyProblemKind.default('algorithm'),
  problem_id: positiveId('problem_id'),
});

export const LessonInput = z.object({
  /** An existing lesson of this course keeps its video when given back with its id. */
  id: positiveId('lesson_id').optional(),
  title: nameText('课时标题')
    .trim()
    .min(1, '课时标题不能为空')
    .max(COURSE_LIMITS.titleMax, `课时标题不能超过 ${COURSE_LIMITS.titleMax} 个字符`),
  content: z
    .string({ error: '课时内容必须是文字' })
    .max(COURSE_LIMITS.lessonContentMax, `课时内容不能超过 ${COURSE_LIMITS.lessonContentMax} 个字符`)
    .default(''),
});
export type LessonInput = z.infer<typeof LessonInput>;

export const SectionInput = z.object({
  title: nameText('章节标题')
    .trim()
    .min(1, '章节标题不能为空')
    .max(COURSE_LIMITS.titleMax, `章节标题不能超过 ${COURSE_LIMITS.titleMax} 个字符`),
  description: z.string().max(COURSE_LIMITS.descriptionMax, '章节描述过长').default(''),
  /** 0-based positions of earlier sections that must be done first. */
  requires: z.array(z.number().int('前置章节必须是整数').min(0, '前置章节不能为负')).default([]),
  lessons: z.array(LessonInput).max(COURSE_LIMITS.lessonsPerSectionMax, '一个章节的课时过多').default([]),
  problems: z
    .array(StudyProblemRef)
    .max(COURSE_LIMITS.problemsPerSectionMax, '一个章节的题目过多')
    .default([]),
});
export type SectionInput = z.infer<typeof SectionInput>;

/** Body of `course/admin/add` (courseRequest): with `course_id` it modifies that course or plan. */
export const CourseAddRequest = z
  .object({
    course_id: positiveId('course_id').optional(),
    kind: PlanKind.default('course'),
    title: nameText('标题')
      .trim()
      .min(1, '标题不能为空')
      .max(COURSE_LIMITS.titleMax, `标题不能超过 ${COURSE_LIMITS.titleMax} 个字符`),
    description: z.string().max(COURSE_LIMITS.descriptionMax, '描述过长').default(''),
    cover: z.string().trim().max(COURSE_LIMITS.coverMax, '封面地址过长').optional(),
    price_fen: z
      .number({ error: '价格必须是整数（分）' })
      .int('价格必须是整数（分）')
      .min(0, '价格不能为负')
      .max(COURSE_LIMITS.priceMaxFen, '价格过高')
      .default(0),
    /** Whether the search index may list it. */
    searchable: z.boolean().default(true),
    sections: z.array(SectionInput).max(COURSE_LIMITS.sectionsMax, '章节过多').default([]),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'plan' && c.price_fen > 0)
      ctx.addIssue({ code: 'custom', message: '学习计划不能收费，请改为课程', path: ['price_fen'] });
    c.sections.forEach((s, i) => {
      if (s.requires.some((r) => r >= i))
        ctx.addIssue({
          code: 'custom',
          message: `第 ${i + 1} 章的前置章节只能是它前面的章节`,
          path: ['sections', i, 'requires'],
        });
    });
  });
export type CourseAddRequest = z.input<typeof CourseAddRequest>;
export type CourseAddInput = z.output<typeof CourseAddRequest>;

export const CourseProblemSetRequest = z.object({
  course_id: positiveId('course_id'),
  problem_ids: z.array(positiveId('problem_id')).max(COURSE_LIMITS.problemsPerSectionMax, '题目过多'),
  /** The section whose algorithm problems are replaced (0-based, default the first). */
  section_index: z.number().int('章节序号必须是整数').min(0, '章节序号不能为负').default(0),
});
export type CourseProblemSetRequest = z.infer<typeof CourseProblemSetRequest>;

export const CourseUserSetRequest = z.object({
  course_id: positiveId('course_id'),
  uuids: z.array(positiveId('uuid')).min(1, '用户列表不能为空').max(COURSE_LIMITS.uuidsMax, '用户过多'),
  enrolled: z.boolean({ error: '是否加入必须是布尔值' }),
});
export type CourseUserSetRequest = z.infer<typeof CourseUserSetRequest>;

/** Body of `course/join` (callbackRequest). */
export const CourseJoinRequest = z.object({ course_id: positiveId('course_id') });
export type CourseJoinRequest = z.infer<typeof CourseJoinRequest>;

/** A free course enrols at once; a paid one never does here: the page opens the pay dialog. */
export const CourseJoinResult = z.union([
  z.object({ need_pay: z.literal(false), course_id: z.number().int(), enrolled: z.literal(true) }),
  z.object({ need_pay: z.literal(true), course_id: z.number().int(), price_fen: z.number().int() }),
]);
export type CourseJoinResult = z.infer<typeof CourseJoinResult>;

export const CourseSummary = z.object({
  id: z.number().int(),
  kind: PlanKind,
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  price_fen: z.number().int(),
  member_count: z.number().int(),
  joined: z.boolean(),
  /** Solved / total problems of the viewer (0 when not joined). */
  solved: z.number().int(),
  problem_total: z.number().int(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;
export const CourseSummaryPage = pageOf(CourseSummary);
export type CourseSummaryPage = z.infer<typeof CourseSummaryPage>;
export const CourseSummaryList = z.array(CourseSummary);
export type CourseSummaryList = z.infer<typeof CourseSummaryList>;

export const StudyProblemView = z.object({
  kind: StudyProblemKind,
  problem_id: z.number().int(),
  title: z.string(),
  my_status: MyStatus,
});
export type StudyProblemView = z.infer<typeof StudyProblemView>;

/** A lesson in the outline; `content` and `has_video` only when the viewer may open it. */
export const LessonView = z.object({
  id: z.number().int(),
  title: z.string(),
  /** null: locked for this viewer (not a member). */
  content: z.string().nullable(),
  /** `content` as HTML, rendered by the server (null with it). */
  content_html: z.string().nullable(),
  has_video: z.boolean(),
  preview: z.boolean(),
});
export type LessonView = z.infer<typeof LessonView>;

export const SectionView = z.object({
  index: z.number().int(),
  title: z.string(),
  description: z.string(),
  requires: z.array(z.number().int()),
  lessons: z.array(LessonView),
  problems: z.array(StudyProblemView),
  solved: z.number().int(),
  done: z.boolean(),
  /** Some required section is not done yet. */
  locked: z.boolean(),
});
export type SectionView = z.infer<typeof SectionView>;

export const NextStep = z
  .object({
    section_index: z.number().int(),
    kind: StudyProblemKind,
    problem_id: z.number().int(),
    title: z.string(),
  })
  .nullable();
export type NextStep = z.infer<typeof NextStep>;

export const CourseDetail = CourseSummary.extend({
  /** `description` as HTML, rendered by the server. */
  description_html: z.string(),
  /** Members and admins open every lesson; others the outline and the first lesson. */
  can_view_content: z.boolean(),
  sections: z.array(SectionView),
  next: NextStep,
});
export type CourseDetail = z.infer<typeof CourseDetail>;

export const CourseProblemList = z.array(StudyProblemView.extend({ section_index: z.number().int() }));
export type CourseProblemList = z.infer<typeof CourseProblemList>;

export const CourseRankRow = z.object({
  rank: z.number().int(),
  uuid: z.number().int(),
  username: z.string(),
  solved: z.number().int(),
  join_time: z.string(),
});
export type CourseRankRow = z.infer<typeof CourseRankRow>;
export const CourseRankPage = pageOf(CourseRankRow);
export type CourseRankPage = z.infer<typeof CourseRankPage>;

export const CourseSaved = z.object({ course_id: z.number().int() });
export type CourseSaved = z.infer<typeof CourseSaved>;

/** The full course for the management site (every lesson, with its video state). */
export const CourseAdminView = z.object({
  id: z.number().int(),
  kind: PlanKind,
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  price_fen: z.number().int(),
  searchable: z.boolean(),
  sections: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      requires: z.array(z.number().int()),
      lessons: z.array(
        z.object({ id: z.number().int(), title: z.string(), content: z.string(), has_video: z.boolean() }),
      ),
      problems: z.array(
        z.object({ kind: StudyProblemKind, problem_id: z.number().int(), title: z.string() }),
      ),
    }),
  ),
  members: z.array(
    z.object({ uuid: z.number().int(), username: z.string(), join_time: z.string(), via: z.string() }),
  ),
});
export type CourseAdminView = z.infer<typeof CourseAdminView>;

/** A short-lived way to play a video (local: a signed URL; aliyun: a play auth). */
export const VideoPlay = z.union([
  z.object({
    provider: z.literal('local'),
    url: z.string(),
    poster: z.string().nullable(),
    expires_at: z.string(),
  }),
  z.object({
    provider: z.literal('aliyun'),
    video_id: z.string(),
    play_auth: z.string(),
    title: z.string().nullable(),
    cover: z.string().nullable(),
  }),
]);
export type VideoPlay = z.infer<typeof VideoPlay>;

export const ProblemVideoQuery = z.object({ problem_id: positiveId('problem_id') });
export const ProblemVideoSet = z.object({
  problem_id: positiveId('problem_id'),
  video_id: z.string().trim().min(1, '视频编号不能为空').max(100, '视频编号过长'),
});
export type ProblemVideoSet = z.infer<typeof ProblemVideoSet>;
