import { EXAM_REFUSED_MESSAGE } from '@oj/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Viewer } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { type ExamContests, ipAllowed, type RunningExam } from './exam';

/**
 * How a route may be used by a participant of a running exam:
 * - `session`: signing in and out, one's own session, the password key (even from outside the
 *   exam's IP ranges, so a refused participant can still sign out);
 * - `open`: what the contest pages need that belongs to no contest (the languages, the statements'
 *   pictures, a custom test run);
 * - `contest`: the request names the exam's contest (`competition_id` in the query or body);
 * - `problem`: the request names one of the exam's problems (`question_id` / `problem_id`);
 * - `submission`: the request names one of the participant's own submissions in the exam.
 */
type Use = 'session' | 'open' | 'contest' | 'problem' | 'submission';

/**
 * The explicit allow-list, by route prefix (the first that matches decides). Every other API route
 * (the bank, the forum, search, replays, other contests, messages, study, courses, others'
 * profiles …) is refused while the exam runs. Only `/api/` is guarded: the sites' pages and assets
 * are served to everyone, and the user site sends a participant to its exam page itself.
 */
export const EXAM_ALLOWED: readonly (readonly [prefix: string, use: Use])[] = [
  ['/api/user/current', 'session'],
  ['/api/user/login', 'session'],
  ['/api/user/logout', 'session'],
  ['/api/getPublicKey', 'session'],
  ['/api/health', 'session'],
  ['/api/competition/exam/mine', 'session'],
  ['/api/judge/languages', 'open'],
  ['/api/files/', 'open'],
  ['/api/problem/algorithm/judge/test', 'open'],
  ['/api/competition/', 'contest'],
  ['/api/clarifications/', 'contest'],
  ['/api/problem/algorithm/judge/submit', 'contest'],
  ['/api/problem/math408/records', 'contest'],
  ['/api/problem/math408/answer', 'contest'],
  ['/api/problem/math408/search/questionId', 'problem'],
  ['/api/problem/algorithm/records/recordId', 'submission'],
  ['/api/problem/algorithm/records/stream', 'submission'],
];

export interface ExamGuardDeps {
  exams: ExamContests;
  /** The contest and author of a submission the viewer may open, or null. */
  submissionOf(viewer: Viewer, id: number): Promise<{ competition_id: number | null; uuid: number } | null>;
  log: FastifyBaseLogger;
}

/** The use of an API path, or null when it is refused during an exam. */
export function examUseOf(path: string): Use | null {
  for (const [prefix, use] of EXAM_ALLOWED) if (path === prefix || path.startsWith(prefix)) return use;
  return null;
}

/**
 * The preValidation hook: one in-memory lookup for a signed-in user who is in no running exam (the
 * common case), nothing at all for anyone else. Admins are never restricted.
 */
export function examGuard(d: ExamGuardDeps) {
  return async function refuseOutsideExam(req: FastifyRequest): Promise<void> {
    const path = req.url.split('?', 1)[0];
    if (!path.startsWith('/api/')) return;
    const viewer = req.viewer;
    if (!viewer || viewer.uuid === -1 || can(viewer, { action: 'contest.administer' })) return;
    const exams = await d.exams.runningFor(viewer.uuid);
    if (!exams.length) return;
    const use = examUseOf(path);
    if (use === 'session') return;
    const outside = exams.find((e) => !ipAllowed(e, req.ip));
    if (outside) {
      d.log.warn(
        { userId: viewer.uuid, ip: req.ip, competitionId: outside.id, path },
        'exam: request from outside the allowed IP ranges refused',
      );
      throw forbidden(
        `考试「${outside.name}」只允许从指定的 IP 段参加（${outside.ranges.join('、')}），你当前的 IP 是 ${req.ip}，不在允许范围内，请联系监考老师`,
      );
    }
    if (use && (await allowed(d, req, viewer, use, exams))) return;
    const exam = exams[0];
    throw forbidden(`${EXAM_REFUSED_MESSAGE}（${exam.name}），考试结束后恢复`);
  };
}

async function allowed(
  d: ExamGuardDeps,
  req: FastifyRequest,
  viewer: Viewer,
  use: Use,
  exams: RunningExam[],
): Promise<boolean> {
  if (use === 'open') return true;
  if (use === 'contest') {
    const id = numberParam(req, 'competition_id');
    return id !== null && exams.some((e) => e.id === id);
  }
  if (use === 'problem') {
    const id = numberParam(req, 'question_id') ?? numberParam(req, 'problem_id');
    return id !== null && exams.some((e) => e.problemIds.has(id));
  }
  const id = numberParam(req, 'submission_id');
  if (id === null) return false;
  const s = await d.submissionOf(viewer, id);
  return s !== null && s.uuid === viewer.uuid && exams.some((e) => e.id === s.competition_id);
}

/** A whole-number parameter from the query or the JSON body (not yet validated: read as given). */
function numberParam(req: FastifyRequest, name: string): number | null {
  for (const source of [req.query, req.body]) {
    if (!source || typeof source !== 'object') continue;
    const raw = (source as Record<string, unknown>)[name];
    if (raw === undefined || raw === null || raw === '') continue;
    const n = Number(raw);
    return Number.isInteger(n) ? n : null;
  }
  return null;
}
