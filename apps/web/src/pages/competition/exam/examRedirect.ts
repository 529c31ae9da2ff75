import type { ExamMine } from '../../../lib/contract';
import { get } from '../../../api/http';
import { contestIdOf } from '../contestStatus';

/** The exam page of the user site. */
export const EXAM_PAGE = '/exam';

/** How long the answer of `exam/mine` is reused between navigations (an exam is announced beforehand). */
const REUSE_MS = 30_000;

let known: { uuid: number; at: number; exam: ExamMine } | null = null;

/** The running exam the signed-in user takes part in (asked at most every 30 s), or null. */
export async function currentExam(uuid: number, fresh = false): Promise<ExamMine> {
  if (uuid === -1) return null;
  const now = Date.now();
  if (fresh || !known || known.uuid !== uuid || now - known.at > REUSE_MS) {
    const exam = await get<ExamMine>('/api/competition/exam/mine', { silent: true }).catch(() => null);
    known = { uuid, at: now, exam };
  }
  const exam = known.exam;
  return exam && now < Date.parse(exam.end_time) ? exam : null;
}

/** Pages a participant of a running exam may still open besides the contest's own. */
const ALWAYS = [EXAM_PAGE, '/user/login', '/404'];

/**
 * Where the root loader sends a navigation during an exam (issue 26): a participant reaches only
 * the contest's pages (`/competition/{id}/…`); every other page, or every page at all when their
 * address is outside the exam's IP ranges, goes to the exam page, which says why and links back.
 * The server refuses the same calls (competitions/exam-guard.ts); this only spares the refusals.
 */
export async function examRedirect(pathname: string, user: { uuid: number }): Promise<string | null> {
  if (ALWAYS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  const exam = await currentExam(user.uuid);
  if (!exam) return null;
  if (!exam.ip_refused && contestIdOf(pathname) === exam.competition_id) return null;
  return EXAM_PAGE;
}
