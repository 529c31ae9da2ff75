import { z } from 'zod';
import { EXAM_LIMITS, parseCidr } from './exam-cidr';

/** Exam mode (issue 26 part 6): the contest's allowed IP ranges as the API takes them (exam-cidr.ts). */
export * from './exam-cidr';

/** One allowed range: a CIDR of IPv4 or IPv6, or a single address. */
export const ExamIpRange = z
  .string({ error: '允许的 IP 段必须是文本' })
  .trim()
  .max(EXAM_LIMITS.ipRangeMax, `允许的 IP 段每项不能超过 ${EXAM_LIMITS.ipRangeMax} 个字符`)
  .refine((s) => parseCidr(s) !== null, {
    error: (issue) =>
      `允许的 IP 段「${String(issue.input)}」不是有效的 CIDR（例如 10.1.0.0/16 或 2001:db8::/32）`,
  });

export const ExamIpRanges = z
  .array(ExamIpRange, { error: '允许的 IP 段必须是列表' })
  .max(EXAM_LIMITS.ipRangesMax, `允许的 IP 段最多 ${EXAM_LIMITS.ipRangesMax} 项`);

/** `/api/competition/exam/mine`: the running exam the caller takes part in, if any. */
export const ExamMine = z
  .object({
    competition_id: z.number().int(),
    name: z.string(),
    end_time: z.string(),
    /** Whether the caller's address is outside the contest's ranges (then it cannot be used). */
    ip_refused: z.boolean(),
    /** The caller's address as the server sees it (shown when it is refused). */
    ip: z.string(),
  })
  .nullable();
export type ExamMine = z.infer<typeof ExamMine>;
