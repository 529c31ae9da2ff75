import { BlockList, isIPv4 } from 'node:net';
import { type ExamMine, parseCidr } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { can } from '../../lib/permissions';
import { nowIso } from '../../lib/time';
import type { Db } from './repo';

/**
 * Exam mode (issue 26 part 6): while an exam contest runs, its participants reach only its pages
 * (exam-guard.ts decides per request), and only from its IP ranges when it lists some. The guard
 * asks on every API request of a signed-in user, so the exams not yet ended and their participants
 * are read once and kept in memory until a contest changes: every write that can change them
 * (create, edit, delete, join, leave, bulk accounts) announces `contest.changed`, on this node at
 * once and on the others through the bus, like FreezableContests (freeze-rule.ts). Whether an
 * exam runs *now* is decided per call from its times, so a start or an end needs no event.
 */
export interface RunningExam {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
  /** Problem ids the contest lists (algorithm problems, or math / 408 questions). */
  problemIds: ReadonlySet<number>;
  /** The ranges as the admin wrote them; empty = from anywhere. */
  ranges: readonly string[];
  /** The same ranges, to test an address. */
  allowed: BlockList | null;
}

interface ExamSet {
  /** User id → the exams they take part in (usually one). */
  byUser: Map<number, RunningExam[]>;
}

export class ExamContests {
  private cached: Promise<ExamSet> | null = null;

  constructor(private readonly db: Db) {}

  /** The exams that run at `now` and have this user among their participants. */
  async runningFor(userId: number, now = Date.now()): Promise<RunningExam[]> {
    const exams = (await this.load()).byUser.get(userId);
    if (!exams) return [];
    return exams.filter((e) => Date.parse(e.start_time) <= now && now < Date.parse(e.end_time));
  }

  invalidate(): void {
    this.cached = null;
  }

  private load(): Promise<ExamSet> {
    if (!this.cached) {
      const loading = readExams(this.db);
      this.cached = loading;
      loading.catch(() => {
        if (this.cached === loading) this.cached = null;
      });
    }
    return this.cached;
  }
}

/** The exams not yet ended (deleted ones left out), their problems and their participants: 3 queries. */
async function readExams(db: Db): Promise<ExamSet> {
  const rows = await db
    .selectFrom('competitions')
    .select(['id', 'name', 'start_time', 'end_time', 'exam_ips'])
    .where('is_delete', '=', 0)
    .where('exam_mode', '=', 1)
    .where('end_time', '>', nowIso())
    .execute();
  const byUser = new Map<number, RunningExam[]>();
  if (!rows.length) return { byUser };
  const ids = rows.map((r) => r.id);
  const problems = await db
    .selectFrom('competition_problems')
    .select(['competition_id', 'problem_id'])
    .where('competition_id', 'in', ids)
    .execute();
  const exams = new Map<number, RunningExam>();
  for (const r of rows) {
    const ranges = parseRanges(r.exam_ips);
    exams.set(r.id, {
      id: r.id,
      name: r.name,
      start_time: r.start_time,
      end_time: r.end_time,
      problemIds: new Set(problems.filter((p) => p.competition_id === r.id).map((p) => p.problem_id)),
      ranges,
      allowed: ranges.length ? blockListOf(ranges) : null,
    });
  }
  const participants = await db
    .selectFrom('competition_participants')
    .select(['competition_id', 'user_id'])
    .where('competition_id', 'in', ids)
    .execute();
  for (const p of participants) {
    const exam = exams.get(p.competition_id)!;
    const list = byUser.get(p.user_id);
    if (list) list.push(exam);
    else byUser.set(p.user_id, [exam]);
  }
  return { byUser };
}

/** The stored JSON array of ranges (checked by the shared schema when written). */
export function parseRanges(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const text of ranges) {
    const range = parseCidr(text);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return list;
}

/** Whether an address is inside an exam's ranges (an IPv4 client seen as `::ffff:a.b.c.d` too). */
export function ipAllowed(exam: RunningExam, ip: string): boolean {
  if (!exam.allowed) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  try {
    return exam.allowed.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * The exam columns a create (`creating`: absent = off, anywhere) or an edit (absent = unchanged)
 * writes. A user's own contest may be an exam; only admins set IP ranges, as they are the ones
 * who know a venue's network (docs/competitions.md, "Exam mode").
 */
export function examColumns(
  req: { exam_mode?: boolean; exam_ips?: string[] },
  admin: boolean,
  creating: boolean,
): { exam_mode?: number; exam_ips?: string } {
  if (!admin && req.exam_ips?.length) throw badRequest('只有管理员可以设置允许的 IP 段', 'exam_ips');
  const out: { exam_mode?: number; exam_ips?: string } = {};
  if (req.exam_mode !== undefined || creating) out.exam_mode = req.exam_mode ? 1 : 0;
  if (admin && (req.exam_ips !== undefined || creating))
    out.exam_ips = JSON.stringify((req.exam_ips ?? []).map((s) => s.trim()));
  return out;
}

/** `exam/mine`: the running exam the viewer takes part in (admins take none), for the user site. */
export async function examMine(exams: ExamContests, viewer: Viewer, ip: string): Promise<ExamMine> {
  if (viewer.uuid === -1 || can(viewer, { action: 'contest.administer' })) return null;
  const [exam] = await exams.runningFor(viewer.uuid);
  if (!exam) return null;
  return {
    competition_id: exam.id,
    name: exam.name,
    end_time: exam.end_time,
    ip_refused: !ipAllowed(exam, ip),
    ip,
  };
}
