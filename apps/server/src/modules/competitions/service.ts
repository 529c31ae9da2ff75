import {
  COMPETITION_LIMITS,
  type CompetitionAddRequest,
  type CompetitionDetail,
  type CompetitionEdit,
  type CompetitionInfoPage,
  type ContestProblem,
  type ContestProblemItem,
  type JoinRecord,
  type JoinsQuery,
  type JudgeRequest,
  type Page,
  problemLetter,
  type RankPage,
  type RankQuery,
  type RecordPage,
  NEW_USER_RATING,
  Role,
  type TopUser,
} from '@oj/shared';
import type { Kysely } from 'kysely';
import type { CompetitionRow, Database } from '../../db/types';
import type { Viewer } from '../../lib/auth';
import { badRequest, forbidden, notFound, rateLimited } from '../../lib/errors';
import { can } from '../../lib/permissions';
import type { RateLimiter } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { presentProblem } from '../problems/present';
import type { ProblemBank } from '../problems/module';
import { presentRecordRow } from '../submissions/present';
import { type Argon2Cost, hashPassword, verifyPassword } from '../users/password';
import { asRated, ratedSql } from '../users/rated';
import type { UsersService } from '../users/service';
import { dueRatingWork, freshFinals, rerate } from './applyRating';
import { finalizeContest } from './finalize';
import { freezeContest, unfreezeContest } from './freeze';
import { LiveBoards } from './live';
import { isFrozenNow, presentInfo, presentRankRow, stateOf, subjectOf } from './present';
import { rankWorkbook } from './excel';

export interface CompetitionsDeps {
  db: Kysely<Database>;
  users: UsersService;
  bank: ProblemBank;
  argon2: Argon2Cost;
  /** Guessing join passwords is rate limited like logins. */
  limiter: Pick<RateLimiter, 'check'>;
  onError: (err: unknown, what: string) => void;
}

const pageOf = (q: { PageNum?: number; pageNum?: number }) => q.PageNum ?? q.pageNum ?? 1;

export function createCompetitionsService(deps: CompetitionsDeps) {
  const { db, users, bank } = deps;
  const boards = new LiveBoards(db, deps.onError);

  async function contestRow(id: number): Promise<CompetitionRow> {
    const c = await db
      .selectFrom('competitions')
      .selectAll()
      .where('id', '=', id)
      .where('is_delete', '=', 0)
      .executeTakeFirst();
    if (!c) throw notFound(`competition_id ${id} 对应的比赛不存在`);
    return c;
  }

  async function isJoined(contestId: number, userId: number): Promise<boolean> {
    if (userId < 0) return false;
    return Boolean(
      await db
        .selectFrom('competition_participants')
        .select('user_id')
        .where('competition_id', '=', contestId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
  }

  /** Rows of a per-contest table (participants or problems) for each of some contests. */
  async function countPerContest(
    table: 'competition_participants' | 'competition_problems',
    ids: number[],
  ): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom(table)
      .select((eb) => ['competition_id', eb.fn.countAll().as('n')])
      .where('competition_id', 'in', ids)
      .groupBy('competition_id')
      .execute();
    return new Map(rows.map((r) => [r.competition_id, Number(r.n)]));
  }

  /**
   * Contests with their author's name, rating and rated flag, in the same query (one join; rated
   * as users/rated.ts decides it), so the sites can colour the name like any other.
   */
  const withOwner = () =>
    db
      .selectFrom('competitions as c')
      .leftJoin('users as o', 'o.id', 'c.owner_id')
      .selectAll('c')
      .select(['o.username as owner_name', 'o.rating as owner_rating', ratedSql('o.id').as('owner_rated')])
      .where('c.is_delete', '=', 0);
  type OwnedContest = CompetitionRow & {
    owner_name: string | null;
    owner_rating: number | null;
    owner_rated: boolean | number | null;
  };

  /** Participants, problem counts and the viewer's joins of some contests, in 3 queries. */
  async function infoExtras(rows: OwnedContest[], viewer: Viewer) {
    const ids = rows.map((r) => r.id);
    const owner = (c: OwnedContest) => ({
      ownerName: c.owner_name ?? '',
      ownerRating: c.owner_rating ?? NEW_USER_RATING,
      ownerRated: asRated(c.owner_rated),
    });
    if (!ids.length)
      return (c: OwnedContest) => ({ participants: 0, problemCount: 0, joined: false, ...owner(c) });
    const counts = await countPerContest('competition_participants', ids);
    const problems = await countPerContest('competition_problems', ids);
    const mine = new Set(
      viewer.uuid > 0
        ? (
            await db
              .selectFrom('competition_participants')
              .select('competition_id')
              .where('user_id', '=', viewer.uuid)
              .where('competition_id', 'in', ids)
              .execute()
          ).map((r) => r.competition_id)
        : [],
    );
    return (c: OwnedContest) => ({
      participants: counts.get(c.id) ?? 0,
      problemCount: problems.get(c.id) ?? 0,
      joined: mine.has(c.id),
      ...owner(c),
    });
  }

  async function detail(viewer: Viewer, id: number): Promise<CompetitionDetail> {
    const c = await withOwner().where('c.id', '=', id).executeTakeFirst();
    if (!c) throw notFound(`competition_id ${id} 对应的比赛不存在`);
    const extras = await infoExtras([c], viewer);
    return { ...presentInfo(c, extras(c), viewer), description: c.description };
  }

  /** Problems of a contest must exist in the right bank: the algorithm bank, or math / 408. */
  async function checkProblems(req: CompetitionAddRequest): Promise<Map<number, string>> {
    const ids = req.problems.map((p) => p.problem_id);
    const found =
      req.type === 1
        ? await db
            .selectFrom('problems')
            .select(['id', 'chinese_name as name'])
            .where('id', 'in', ids)
            .where('is_delete', '=', 0)
            .execute()
        : await db
            .selectFrom('math408_questions')
            .select(['id', 'title as name'])
            .where('id', 'in', ids)
            .where('is_delete', '=', 0)
            .execute();
    const names = new Map(found.map((r) => [r.id, r.name]));
    const missing = ids.filter((id) => !names.has(id));
    if (missing.length) throw badRequest(`problems 中的题目不存在：${missing.join('、')}`);
    return names;
  }

  async function writeProblems(contestId: number, req: CompetitionAddRequest): Promise<void> {
    await db.deleteFrom('competition_problems').where('competition_id', '=', contestId).execute();
    await db
      .insertInto('competition_problems')
      .values(
        req.problems.map((p, idx) => ({
          competition_id: contestId,
          idx,
          problem_id: p.problem_id,
          display_name: p.display_name || problemLetter(idx),
        })),
      )
      .execute();
  }

  /** Names of a contest's problems, deleted ones included: the algorithm bank, or math / 408. */
  async function problemNames(
    c: CompetitionRow,
    problems: { problem_id: number }[],
  ): Promise<Map<number, string>> {
    const ids = problems.map((p) => p.problem_id);
    if (c.type === 1) return bank.problems.names(ids);
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('math408_questions')
      .select(['id', 'title'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((q) => [q.id, q.title]));
  }

  async function problemRow(c: CompetitionRow, index: number) {
    const p = await db
      .selectFrom('competition_problems')
      .selectAll()
      .where('competition_id', '=', c.id)
      .where('idx', '=', index)
      .executeTakeFirst();
    if (!p) throw badRequest(`index ${index} 超出比赛题目范围`);
    return p;
  }

  /** Problems are hidden before the start, except from admins and the author. */
  function checkVisible(viewer: Viewer, c: CompetitionRow): void {
    if (stateOf(c) === 'upcoming' && !can(viewer, { action: 'contest.preview', subject: subjectOf(c) }))
      throw forbidden('比赛尚未开始，题目暂不可见');
  }

  /**
   * Who may submit code or answer in a contest: before the start only admins and the author,
   * during it only participants (and they), after the end everyone (practice).
   */
  async function checkMayTry(viewer: Viewer, c: CompetitionRow, verb: '提交' | '作答'): Promise<void> {
    const state = stateOf(c);
    const preview = can(viewer, { action: 'contest.preview', subject: subjectOf(c) });
    if (state === 'upcoming' && !preview) throw forbidden(`比赛尚未开始，不能${verb}`);
    if (state === 'running' && !preview && !(await isJoined(c.id, viewer.uuid)))
      throw forbidden(`请先报名参加比赛再${verb}`);
  }

  // Only users with a rated contest have a contest rating; the rest keep the column default.
  const rated = () =>
    db
      .selectFrom('users as u')
      .where('u.is_delete', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('competition_participants as p')
            .select('p.user_id')
            .whereRef('p.user_id', '=', 'u.id')
            .where('p.rating_change', 'is not', null),
        ),
      );
  async function ratingPage(pageNum: number, pageSize: number): Promise<Page<TopUser>> {
    const [total, rows] = await Promise.all([
      rated()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
      rated()
        .select((eb) => [
          'u.id',
          'u.username',
          'u.avatar',
          'u.rating',
          eb
            .selectFrom('competition_participants as p')
            .select((e) => e.fn.countAll().as('c'))
            .whereRef('p.user_id', '=', 'u.id')
            .where('p.rating_change', 'is not', null)
            .as('n'),
        ])
        .orderBy('u.rating', 'desc')
        .orderBy('u.id')
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    return {
      records: rows.map((r) => ({
        uuid: r.id,
        username: r.username,
        avatar: r.avatar,
        rating: r.rating,
        rated: true, // the query keeps rated users only
        contests: Number(r.n),
      })),
      total: Number(total.n),
      pageNum,
      pageSize,
    };
  }

  async function finishEnded(): Promise<number> {
    const ended = await db
      .selectFrom('competitions')
      .select('id')
      .where('is_delete', '=', 0)
      .where('end_time', '<=', nowIso())
      .where('finalized', '=', 0)
      .execute();
    let n = 0;
    for (const { id } of ended) {
      const board = await boards.fresh(id);
      if (!board) continue;
      await finalizeContest(db, board);
      n++;
    }
    // The oldest due contest: recomputing the chain from it covers every later one.
    const [due] = await dueRatingWork(db);
    if (due) await rerateFrom(due.id, { onlyIfUnapplied: !due.rating_applied });
    return n;
  }

  async function rerateFrom(id: number, opts: Parameters<typeof rerate>[2] = {}): Promise<number> {
    const done = await rerate(db, id, opts);
    for (const c of done.touched) boards.invalidate(c); // ratings shown on the boards changed
    return done.rated;
  }

  return {
    boards,
    finishEnded,

    async list(viewer: Viewer, q: { PageNum?: number; pageNum?: number }): Promise<CompetitionInfoPage> {
      const pageNum = pageOf(q);
      const pageSize = COMPETITION_LIMITS.listPageSize;
      const base = db.selectFrom('competitions').where('is_delete', '=', 0);
      const [total, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        withOwner()
          .orderBy('c.start_time', 'desc')
          .orderBy('c.id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      const extras = await infoExtras(rows, viewer);
      return {
        records: rows.map((c) => presentInfo(c, extras(c), viewer)),
        total: Number(total.n),
        pageNum,
        pageSize,
      };
    },

    detail,

    async edit(viewer: Viewer, id: number): Promise<CompetitionEdit> {
      const c = await contestRow(id);
      if (!can(viewer, { action: 'contest.preview', subject: subjectOf(c) }))
        throw forbidden('只有管理员或比赛创建者可以编辑比赛');
      const problems = await db
        .selectFrom('competition_problems')
        .selectAll()
        .where('competition_id', '=', id)
        .orderBy('idx')
        .execute();
      const names = await problemNames(c, problems);
      return {
        ...(await detail(viewer, id)),
        problems: problems.map((p) => ({
          problem_id: p.problem_id,
          display_name: p.display_name,
          name: names.get(p.problem_id) ?? '',
        })),
      };
    },

    async create(
      viewer: Viewer,
      req: CompetitionAddRequest,
      opts: { rated?: boolean } = {},
    ): Promise<number> {
      if (!can(viewer, { action: 'contest.create' })) throw forbidden();
      // Users' contests are unrated unless an admin marks them (issue 6).
      const rated = can(viewer, { action: 'contest.administer' }) && Boolean(opts.rated ?? req.rated);
      if (Date.parse(req.end_time) <= Date.now()) throw badRequest('end_time 必须晚于当前时间');
      await checkProblems(req);
      const now = nowIso();
      const inserted = await db
        .insertInto('competitions')
        .values({
          name: req.name,
          description: req.description,
          type: req.type,
          start_time: req.start_time,
          end_time: req.end_time,
          password_hash: req.password ? await hashPassword(req.password, deps.argon2) : null,
          rated: rated ? 1 : 0,
          freeze_minutes: req.freeze_minutes,
          unfrozen: 0,
          rating_applied: 0,
          finalized: 0,
          owner_id: viewer.uuid,
          is_delete: 0,
          create_time: now,
          update_time: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeProblems(inserted.id, req);
      boards.invalidate(inserted.id);
      return inserted.id;
    },

    async modify(viewer: Viewer, id: number, req: CompetitionAddRequest): Promise<void> {
      const c = await contestRow(id);
      if (!can(viewer, { action: 'contest.edit', subject: subjectOf(c) }))
        throw forbidden('只有管理员或比赛开始前的创建者可以修改比赛');
      await checkProblems(req);
      const admin = can(viewer, { action: 'contest.administer' });
      await db
        .updateTable('competitions')
        .set({
          name: req.name,
          description: req.description,
          type: req.type,
          start_time: req.start_time,
          end_time: req.end_time,
          freeze_minutes: req.freeze_minutes,
          ...(req.password === undefined
            ? {}
            : { password_hash: req.password ? await hashPassword(req.password, deps.argon2) : null }),
          ...(admin && req.rated !== undefined ? { rated: req.rated ? 1 : 0 } : {}),
          // New times may make an ended contest running again: its ranks are stored anew later.
          finalized: 0,
          update_time: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      await writeProblems(id, req);
      boards.invalidate(id);
      // Turned unrated, or moved in the chain: recompute from where it was (applyRating.ts).
      if (c.rating_applied && ((admin && req.rated === false) || req.end_time !== c.end_time))
        await rerateFrom(id, { since: c.end_time });
    },

    async remove(id: number): Promise<void> {
      const c = await contestRow(id);
      await db
        .updateTable('competitions')
        .set({ is_delete: 1, update_time: nowIso() })
        .where('id', '=', id)
        .execute();
      boards.invalidate(id);
      // Its rating changes go; later contests are recomputed without them.
      if (c.rating_applied) await rerateFrom(id);
    },

    async join(viewer: Viewer, id: number, password: string | undefined): Promise<void> {
      const c = await contestRow(id);
      if (stateOf(c) === 'ended') throw badRequest('比赛已结束，无法报名');
      if (c.password_hash) {
        await deps.limiter.check('login', `contest-join:${viewer.uuid}`).catch(() => {
          throw rateLimited('password 尝试过于频繁，请稍后再试');
        });
        if (!(await verifyPassword(c.password_hash, password ?? '')))
          throw forbidden('password 比赛密码错误');
      }
      if (await isJoined(id, viewer.uuid)) return;
      await db
        .insertInto('competition_participants')
        .values({
          competition_id: id,
          user_id: viewer.uuid,
          join_time: nowIso(),
          solved: 0,
          penalty: 0,
          submitted: 0,
          rank: null,
          rating_before: null,
          rating_after: null,
          rating_change: null,
        })
        .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doNothing())
        .execute();
      const u = await users.byId(viewer.uuid);
      await boards.join(id, viewer.uuid, {
        username: u?.username ?? '',
        rating: u?.rating ?? NEW_USER_RATING,
        rated: u?.rated ?? false,
      });
    },

    async cancel(viewer: Viewer, id: number): Promise<void> {
      const c = await contestRow(id);
      if (stateOf(c) !== 'upcoming') throw badRequest('比赛已开始，无法取消报名');
      if (!(await isJoined(id, viewer.uuid))) throw badRequest('competition_id 尚未报名该比赛');
      await db
        .deleteFrom('competition_participants')
        .where('competition_id', '=', id)
        .where('user_id', '=', viewer.uuid)
        .execute();
      await boards.leave(id, viewer.uuid);
    },

    async problems(viewer: Viewer, id: number): Promise<ContestProblemItem[]> {
      const c = await contestRow(id);
      checkVisible(viewer, c);
      const board = (await boards.fresh(id))!;
      const names = await problemNames(c, board.problems);
      const frozen = board.sb.isFrozen && !can(viewer, { action: 'contest.viewUnfrozen' });
      const solved = board.problems.map(() => 0);
      for (const { standing } of board.sb.all(frozen))
        standing.cells.forEach((cell, i) => cell.solved && solved[i]++);
      const mine = board.sb.standing(viewer.uuid, false);
      return board.problems.map((p, i) => ({
        index: p.idx,
        display_name: p.display_name,
        problem_id: p.problem_id,
        name: names.get(p.problem_id) ?? '',
        solved_count: solved[i],
        my_status: mine?.cells[i].solved
          ? 'solved'
          : (board.sb.attemptsOf(viewer.uuid, i)?.length ?? 0) > 0
            ? 'tried'
            : 'none',
      }));
    },

    async problem(viewer: Viewer, id: number, index: number): Promise<ContestProblem> {
      const c = await contestRow(id);
      checkVisible(viewer, c);
      const p = await problemRow(c, index);
      const base = { competition_id: id, index, display_name: p.display_name };
      if (c.type !== 1) return { ...base, kind: 'math408', problem: null, question_id: p.problem_id };
      const row = await bank.problems.row(p.problem_id);
      if (!row) throw notFound(`题目 ${p.problem_id} 不存在`);
      const admin = viewer.role === Role.Admin;
      return { ...base, kind: 'algorithm', problem: presentProblem(row, 'none', admin), question_id: null };
    },

    /** The viewer's own submissions in the contest ("my submissions" tab). */
    async records(
      viewer: Viewer,
      q: { competition_id: number; PageNum?: number; pageNum?: number },
    ): Promise<RecordPage> {
      await contestRow(q.competition_id);
      const pageNum = pageOf(q);
      const pageSize = 10;
      const base = db
        .selectFrom('submissions')
        .where('competition_id', '=', q.competition_id)
        .where('user_id', '=', viewer.uuid);
      const [total, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      const names = {
        problems: await bank.problems.names([...new Set(rows.map((r) => r.problem_id))]),
        users: await users.briefs([viewer.uuid]),
      };
      return {
        records: rows.map((r) => presentRecordRow(r, names)),
        total: Number(total.n),
        pageNum,
        pageSize,
      };
    },

    async rank(viewer: Viewer, q: RankQuery): Promise<RankPage> {
      const board = await boards.fresh(q.competition_id);
      if (!board) throw notFound(`competition_id ${q.competition_id} 对应的比赛不存在`);
      const mayUnfreeze = can(viewer, { action: 'contest.viewUnfrozen' });
      if (q.status === 1 && !mayUnfreeze) throw forbidden('status=1（真实排名）仅管理员可见');
      // Others see the frozen board; admins see it too unless they ask for the truth (status=1),
      // so an admin can check what the contestants see.
      const frozen = board.sb.isFrozen && q.status !== 1;
      const pageNum = pageOf(q);
      const pageSize = q.pageSize ?? COMPETITION_LIMITS.rankPageSize;
      const own = (uid: number, fallback: ReturnType<typeof presentRankRow>) => {
        // Participants always see their own true results.
        if (!frozen || uid !== viewer.uuid) return fallback;
        const s = board.sb.standing(uid, false)!;
        return { ...presentRankRow(board, s, fallback.rank, false) };
      };
      const records = board.sb
        .page(frozen, (pageNum - 1) * pageSize, pageSize)
        .map(({ standing, rank }) => own(standing.userId, presentRankRow(board, standing, rank, frozen)));
      const myStanding = board.sb.standing(viewer.uuid, frozen);
      const mine = myStanding
        ? own(viewer.uuid, presentRankRow(board, myStanding, board.sb.rankOf(viewer.uuid, frozen)!, frozen))
        : null;
      return {
        records,
        total: board.sb.size,
        pageNum,
        pageSize,
        problems: board.problems.map((p) => ({ index: p.idx, display_name: p.display_name })),
        // Whether the freeze has begun (the frozen view equals the true one before that).
        frozen: frozen && isFrozenNow(board.contest),
        mine,
        version: board.sb.version,
      };
    },

    top: async (): Promise<TopUser[]> => (await ratingPage(1, 10)).records,

    /** The rating ranking (`/competition/rank`): everyone with a rated contest, best first. */
    ratingPage,

    /** SPEC §3 competition participation records, newest first; pageNum 0 = all (the chart). */
    async joins(viewer: Viewer, q: JoinsQuery): Promise<JoinRecord[]> {
      const uid = q.uuid ?? viewer.uuid;
      const base = db
        .selectFrom('competition_participants as p')
        .innerJoin('competitions as c', 'c.id', 'p.competition_id')
        .where('p.user_id', '=', uid)
        .where('c.is_delete', '=', 0)
        .where('c.start_time', '<=', nowIso());
      const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      let query = base
        .select([
          'c.id',
          'c.name',
          'c.start_time',
          'c.end_time',
          'p.rank',
          'p.rating_after',
          'p.rating_change',
          'p.solved',
          'c.freeze_minutes',
          'c.unfrozen',
        ])
        .orderBy('c.start_time', 'desc')
        .orderBy('c.id', 'desc');
      if (q.pageNum > 0)
        query = query
          .limit(COMPETITION_LIMITS.joinsPageSize)
          .offset((q.pageNum - 1) * COMPETITION_LIMITS.joinsPageSize);
      const rows = await query.execute();
      const ids = rows.map((r) => r.id);
      const joins = await countPerContest('competition_participants', ids);
      const problems = await countPerContest('competition_problems', ids);
      const out: JoinRecord[] = [];
      for (const r of rows) {
        let rank = r.rank;
        let ac = r.solved;
        // A running contest: from the live board (frozen view for others' eyes, as the board shows).
        if (rank === null) {
          const board = await boards.get(r.id);
          const frozen = Boolean(board?.sb.isFrozen) && uid !== viewer.uuid;
          rank = board?.sb.rankOf(uid, frozen) ?? null;
          ac = board?.sb.standing(uid, frozen)?.totals.solved ?? ac;
        }
        out.push({
          competition_id: r.id,
          competition_name: r.name,
          start_time: r.start_time,
          rank,
          rating_after: r.rating_after,
          rating_change: r.rating_change,
          ac_num: ac,
          total_num: problems.get(r.id) ?? 0,
          joins: joins.get(r.id) ?? 0,
          total,
        });
      }
      return out;
    },

    /** Called by the submissions service for every submission that names a contest. */
    async gate(viewer: Viewer, req: JudgeRequest): Promise<number> {
      const c = await contestRow(req.competition_id!);
      if (c.type !== 1) throw badRequest('competition_id 不是程序设计比赛，不能提交代码');
      if (req.index === null || req.index === undefined)
        throw badRequest('index 不能为空：请指明比赛题目序号');
      const p = await problemRow(c, req.index);
      if (p.problem_id !== req.problem_id) throw badRequest(`problem_id 与比赛第 ${p.display_name} 题不符`);
      await checkMayTry(viewer, c, '提交');
      return p.problem_id;
    },

    /** Called by the math / 408 bank for every answer that names a contest (math and 408 contests). */
    async gateAnswer(
      viewer: Viewer,
      req: { competition_id: number; index: number; question_id: number },
    ): Promise<void> {
      const c = await contestRow(req.competition_id);
      if (c.type === 1) throw badRequest('competition_id 是程序设计比赛，请提交代码');
      const p = await problemRow(c, req.index);
      if (p.problem_id !== req.question_id) throw badRequest(`question_id 与比赛第 ${p.display_name} 题不符`);
      await checkMayTry(viewer, c, '作答');
    },

    async freeze(id: number, minutes: number | undefined): Promise<void> {
      const c = await contestRow(id);
      if (minutes !== undefined && minutes * 60_000 > Date.parse(c.end_time) - Date.parse(c.start_time))
        throw badRequest('minutes 不能超过比赛时长');
      if (minutes === undefined && c.freeze_minutes <= 0)
        throw badRequest('minutes 不能为空：该比赛没有设置封榜时长');
      await freezeContest(db, boards, id, minutes);
    },

    async unfreeze(id: number): Promise<void> {
      await contestRow(id);
      await unfreezeContest(db, boards, id);
    },

    async setRated(id: number, rated: boolean): Promise<void> {
      const c = await contestRow(id);
      await db
        .updateTable('competitions')
        .set({ rated: rated ? 1 : 0, update_time: nowIso() })
        .where('id', '=', id)
        .execute();
      boards.invalidate(id);
      // Unrated: its changes go, later contests are recomputed; rated: applied (in chain order).
      if (!rated && c.rating_applied) await rerateFrom(id);
      if (rated && stateOf(c) === 'ended') await finishEnded();
    },

    /**
     * Recomputes the ratings of this contest and every rated contest that ended after it, from
     * their current submissions (after a rejudge, say): exact, idempotent (applyRating.ts).
     */
    async recomputeRating(id: number): Promise<number> {
      const c = await contestRow(id);
      if (!c.rated) throw badRequest('competition_id 对应的比赛不计分（unrated）');
      if (stateOf(c) !== 'ended') throw badRequest('比赛尚未结束，不能计算积分');
      return rerateFrom(id, { finals: await freshFinals(db, boards, id) });
    },

    async excel(id: number): Promise<{ name: string; body: Buffer }> {
      const board = await boards.fresh(id);
      if (!board) throw notFound(`competition_id ${id} 对应的比赛不存在`);
      return { name: board.contest.name, body: await rankWorkbook(board) };
    },

    drain: () => boards.drain(),
  };
}
export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
