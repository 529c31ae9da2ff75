import { type AttemptSubtask, isScoredRule, NEW_USER_RATING, type Verdict } from '@oj/shared';
import type { AnswerChange, DomainBus, SubmissionChange } from '../../events';
import { answerVerdict, type Math408Service } from '../math408';
import type { SubmissionsService } from '../submissions';
import type { UserBrief, UsersService } from '../users';
import { ContestType } from './deps';
import { boardStamp, isJoined, participantIds, writeTotals } from './participants-repo';
import { type BoardAttempt, Scoreboard } from './ranking/scoreboard';
import { participantStart, participantStarts } from './runs-repo';
import { contestProblems, type Db, liveContestById } from './repo';
import { teamsOf } from './teams-repo';
import { ruleOf } from './scoring-rule';
import type { CompetitionProblemRow, CompetitionRow } from './tables';

/** What the boards read from other modules and where they announce their changes. */
export interface BoardDeps {
  db: Db;
  users: Pick<UsersService, 'briefs'>;
  submissions: Pick<SubmissionsService, 'contestTries' | 'contestTry'>;
  math408: Pick<Math408Service, 'contestAnswers'>;
  bus: DomainBus;
  onError: (err: unknown, what: string) => void;
}

export interface Person {
  username: string;
  rating: number;
  /** Has an applied rated contest (users/rated.ts); the name shows as unrated otherwise. */
  rated: boolean;
}

/** A loaded contest: its row, problems, people and the live scoreboard. */
export interface LiveBoard {
  contest: CompetitionRow;
  startMs: number;
  endMs: number;
  problems: CompetitionProblemRow[];
  sb: Scoreboard;
  people: Map<number, Person>;
  /**
   * A window contest's participants' starts (ms; issue 26 part 2): their board times count from
   * there. Empty in other contests (times count from the contest's start).
   */
  starts: Map<number, number>;
  /**
   * A team contest's teams (issue 26 part 3), null elsewhere: the board's key of a team is
   * `teamKey(id)` (negative, so it never meets a user id: a virtual runner keeps their own), and
   * every member's tries count under it; `people` holds each team's name under its key.
   */
  teams: TeamBoard | null;
}

export interface BoardTeam {
  id: number;
  name: string;
  affiliation: string;
  unofficial: boolean;
  members: { uuid: number; username: string }[];
}

export interface TeamBoard {
  byKey: Map<number, BoardTeam>;
  keyOfUser: Map<number, number>;
}

/** A team's key on the board: negative, below the anonymous viewer's -1. */
export const teamKey = (teamId: number) => -1 - teamId;

/** Where a user's tries count on a board: their team in a team contest, else themselves. */
export const keyOf = (board: Pick<LiveBoard, 'teams'>, userId: number) =>
  board.teams?.keyOfUser.get(userId) ?? userId;

/** The users whose stored totals a board key stands for: a team's members, or the user. */
export const usersOfKey = (board: Pick<LiveBoard, 'teams'>, key: number): number[] =>
  board.teams?.byKey.get(key)?.members.map((m) => m.uuid) ?? (key > 0 ? [key] : []);

const personOf = (u: UserBrief | undefined): Person => ({
  username: u?.username ?? '',
  rating: u?.rating ?? NEW_USER_RATING,
  rated: u?.rated ?? false,
});

/** ms from the start when the freeze begins, or null (no freeze, or an admin unfroze it). */
export function freezeFromOf(c: CompetitionRow): number | null {
  // A window contest has no common clock to freeze at (its schema refuses a freeze too).
  if (c.window_minutes > 0) return null;
  // OI: the whole board is hidden until the end (standings.ts), then shown whole: no freeze.
  if (c.freeze_minutes <= 0 || c.unfrozen || ruleOf(c) === 'oi') return null;
  return Math.max(0, Date.parse(c.end_time) - Date.parse(c.start_time) - c.freeze_minutes * 60_000);
}

const NOTIFY_MS = 200;

/** A submission's points as a scored board keeps them (stored subtasks: JSON SubtaskResultView[]). */
export function pointsOf(s: { score: number | null; full_score: number | null; subtasks: string }) {
  let subtasks: AttemptSubtask[] = [];
  try {
    const parsed = JSON.parse(s.subtasks) as { subtask: number; score: number }[];
    subtasks = parsed.map((st) => ({ subtask: st.subtask, score: st.score }));
  } catch {
    // A malformed list scores as none (the submission's total still counts).
  }
  return { score: s.score, fullScore: s.full_score, subtasks };
}

/**
 * The in-memory scoreboards, one per contest, loaded from the database on first use (so a restart
 * rebuilds them from the stored submissions) and then kept current from the `submission.changed`
 * and `answer.changed` events (wired in services.ts). Participant totals are written back to the
 * database (the profile's records read them). Each change is announced on the bus as
 * `contest.board.changed` (the ranking streams follow it).
 */
export class LiveBoards {
  private readonly boards = new Map<number, Promise<LiveBoard | null>>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly dirty = new Map<string, { contestId: number; userId: number }>();
  private flushing: Promise<void> | null = null;

  private readonly db: Db;

  constructor(private readonly deps: BoardDeps) {
    this.db = deps.db;
  }

  get(contestId: number): Promise<LiveBoard | null> {
    let p = this.boards.get(contestId);
    if (!p) {
      // A missing contest is not remembered: its id may be created later.
      p = this.load(contestId).then(
        (b) => {
          if (!b) this.boards.delete(contestId);
          return b;
        },
        (err: unknown) => {
          this.boards.delete(contestId);
          throw err;
        },
      );
      this.boards.set(contestId, p);
    }
    return p;
  }

  /**
   * The board, checked against the database first (two indexed reads): another server node may
   * have changed the contest (edit, freeze, rating) or let someone join; then it is rebuilt.
   */
  async fresh(contestId: number): Promise<LiveBoard | null> {
    // Not loaded yet: loading it now reads the current rows anyway.
    if (!this.boards.has(contestId)) return this.get(contestId);
    const board = await this.get(contestId);
    if (!board) return null;
    const { row, joined } = await boardStamp(this.db, contestId);
    // A team board holds teams: its members are the participants counted.
    const held = board.teams ? board.teams.keyOfUser.size : board.sb.size;
    if (row && !row.is_delete && row.update_time === board.contest.update_time && joined === held)
      return board;
    this.boards.delete(contestId);
    return this.get(contestId);
  }

  /**
   * Loads the boards of some contests now, one after another (start-up, before the node reports
   * ready: the first ranking page after a restart must not wait for a board rebuilt from every
   * stored submission, 2 000 × 10 with 50 000 tries takes hundreds of ms). A board that fails to
   * load is reported and left to its first use.
   */
  async warm(contestIds: number[]): Promise<void> {
    for (const id of contestIds) {
      try {
        await this.get(id);
      } catch (err) {
        this.deps.onError(err, 'loading a contest board');
      }
    }
  }

  /** Whether a contest's board is held (loaded or loading) on this node. */
  loaded(contestId: number): boolean {
    return this.boards.has(contestId);
  }

  /** The contest changed (times, problems, deleted): rebuilt from the database on next use. */
  invalidate(contestId: number): void {
    this.boards.delete(contestId);
    this.notify(contestId);
  }

  /** Programming contests rank submissions. */
  async onSubmission(row: SubmissionChange): Promise<void> {
    if (row.competition_id === null || row.problem_index === null) return;
    const board = await this.get(row.competition_id);
    if (!board || board.contest.type !== ContestType.Programming) return;
    // The scored rules need the points, which the event does not carry: one read by id.
    const scored = isScoredRule(board.sb.rule) && row.status !== 'PD';
    const stored = scored ? await this.deps.submissions.contestTry(row.id) : undefined;
    if (stored && stored.status !== row.status) return; // an older event: a newer one follows
    await this.apply(board, row, row.status as Verdict, stored ? pointsOf(stored) : {});
  }

  /** Math and 408 contests (types 2, 3) rank answers, under the same rules (see math408/contest.ts). */
  async onAnswer(row: AnswerChange): Promise<void> {
    if (row.competition_id === null || row.problem_index === null) return;
    const board = await this.get(row.competition_id);
    if (!board || board.contest.type === ContestType.Programming) return;
    await this.apply(board, row, answerVerdict(row.status));
  }

  private async apply(
    board: LiveBoard,
    row: {
      id: number;
      user_id: number;
      competition_id: number | null;
      problem_index: number | null;
      create_time: string;
    },
    status: Verdict,
    points: Pick<BoardAttempt, 'score' | 'fullScore' | 'subtasks'> = {},
  ): Promise<void> {
    if (row.competition_id === null || row.problem_index === null) return;
    const at = Date.parse(row.create_time);
    // After the end: practice, the ranking does not change.
    if (at < board.startMs || at >= board.endMs) return;
    if (board.teams) {
      const key = board.teams.keyOfUser.get(row.user_id);
      // Joined a team through another node since this board was loaded: rebuilt on next use.
      if (key === undefined) {
        if (await isJoined(this.db, row.competition_id, row.user_id)) this.invalidate(row.competition_id);
        return;
      }
      const changed = board.sb.record(key, row.problem_index, {
        id: row.id,
        atMs: at - board.startMs,
        status,
        ...points,
      });
      if (!changed) return;
      this.markDirty(row.competition_id, key);
      this.notify(row.competition_id);
      return;
    }
    // Joined through another server node since this board was loaded.
    if (!board.sb.has(row.user_id)) {
      if (!(await isJoined(this.db, row.competition_id, row.user_id))) return;
      const people = await this.deps.users.briefs([row.user_id]);
      board.people.set(row.user_id, personOf(people.get(row.user_id)));
      board.sb.join(row.user_id);
    }
    const origin = await this.originOf(board, row.user_id);
    if (origin === null) return; // a window not started: refused at submission
    const changed = board.sb.record(row.user_id, row.problem_index, {
      id: row.id,
      atMs: at - origin,
      status,
      ...points,
    });
    if (!changed) return;
    this.markDirty(row.competition_id, row.user_id);
    this.notify(row.competition_id);
  }

  /** A participant of a window contest pressed 开始 (on this node): their times count from `atMs`. */
  async started(contestId: number, userId: number, atMs: number): Promise<void> {
    const board = await this.get(contestId);
    board?.starts.set(userId, atMs);
  }

  /**
   * Where a participant's board times count from: the contest's start, or in a window contest
   * their own 开始 (read once when it was pressed on another node); null = not started.
   */
  private async originOf(board: LiveBoard, userId: number): Promise<number | null> {
    if (board.contest.window_minutes <= 0) return board.startMs;
    const known = board.starts.get(userId);
    if (known !== undefined) return known;
    const p = await participantStart(this.db, board.contest.id, userId);
    if (!p?.started_at) return null;
    const at = Date.parse(p.started_at);
    board.starts.set(userId, at);
    return at;
  }

  async join(contestId: number, userId: number, person: Person): Promise<void> {
    const board = await this.get(contestId);
    if (!board || board.teams) return;
    board.people.set(userId, person);
    board.sb.join(userId);
    this.notify(contestId);
  }

  async leave(contestId: number, userId: number): Promise<void> {
    const board = await this.get(contestId);
    if (!board) return;
    board.sb.leave(userId);
    this.notify(contestId);
  }

  /** Streams hear about changes at most every 200 ms (a burst of verdicts is one refresh). */
  notify(contestId: number): void {
    if (this.timers.has(contestId)) return;
    this.timers.set(
      contestId,
      setTimeout(() => {
        this.timers.delete(contestId);
        const p = this.boards.get(contestId);
        void (p ?? Promise.resolve(null)).then(
          (b) =>
            this.deps.bus.emit('contest.board.changed', {
              competition_id: contestId,
              version: b?.sb.version ?? 0,
            }),
          () => {},
        );
      }, NOTIFY_MS).unref(),
    );
  }

  /** Waits for the participant totals being written (server shutdown). */
  async drain(): Promise<void> {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    while (this.flushing) await this.flushing;
  }

  private markDirty(contestId: number, userId: number): void {
    this.dirty.set(`${contestId}:${userId}`, { contestId, userId });
    if (!this.flushing) this.flushing = this.flush().finally(() => (this.flushing = null));
  }

  /** One writer at a time, always writing the latest totals: an older write never lands last. */
  private async flush(): Promise<void> {
    while (this.dirty.size) {
      const batch = [...this.dirty.values()];
      this.dirty.clear();
      for (const { contestId, userId } of batch) {
        try {
          const board = await this.boards.get(contestId);
          const s = board?.sb.standing(userId, { frozen: false });
          if (!board || !s) continue;
          // A team's totals are each member's (the profile's records show the team's result).
          for (const uid of usersOfKey(board, userId))
            await writeTotals(this.db, contestId, uid, {
              solved: s.totals.solved,
              penalty: s.totals.penalty,
              submitted: board.sb.attemptCount(userId),
            });
        } catch (err) {
          this.deps.onError(err, 'storing contest totals');
        }
      }
    }
  }

  private async load(contestId: number): Promise<LiveBoard | null> {
    const contest = await liveContestById(this.db, contestId);
    if (!contest) return null;
    const problems = await contestProblems(this.db, contestId);
    const participants = await participantIds(this.db, contestId);
    const names = await this.deps.users.briefs(participants);
    if (contest.team_size > 0) return this.loadTeams(contest, problems, names);
    const startMs = Date.parse(contest.start_time);
    const endMs = Date.parse(contest.end_time);
    const sb = new Scoreboard(problems.length, freezeFromOf(contest), ruleOf(contest));
    const people = new Map<number, Person>();
    // Window contests: each participant's times count from their own start.
    const starts =
      contest.window_minutes > 0 ? await participantStarts(this.db, contestId) : new Map<number, number>();
    for (const userId of participants) {
      people.set(userId, personOf(names.get(userId)));
      sb.join(userId);
    }
    const tries = await this.storedTries(contest);
    sb.load(
      tries
        .filter((s) => s.problem_index !== null)
        .map((s) => ({
          userId: s.user_id,
          index: s.problem_index!,
          attempt: {
            id: s.id,
            atMs: Date.parse(s.create_time) - (starts.get(s.user_id) ?? startMs),
            status: s.status,
            ...s.points,
          } satisfies BoardAttempt,
        })),
    );
    return { contest, startMs, endMs, problems, sb, people, starts, teams: null };
  }

  /**
   * A team contest's board: one row per team, keyed `teamKey(id)`, each member's tries under it
   * (tries of users in no team are not ranked). Window contests are never team contests.
   */
  private async loadTeams(
    contest: CompetitionRow,
    problems: CompetitionProblemRow[],
    names: Map<number, UserBrief>,
  ): Promise<LiveBoard> {
    const startMs = Date.parse(contest.start_time);
    const endMs = Date.parse(contest.end_time);
    const sb = new Scoreboard(problems.length, freezeFromOf(contest), ruleOf(contest));
    const people = new Map<number, Person>();
    const teams: TeamBoard = { byKey: new Map(), keyOfUser: new Map() };
    for (const t of await teamsOf(this.db, contest.id)) {
      const key = teamKey(t.id);
      teams.byKey.set(key, {
        id: t.id,
        name: t.name,
        affiliation: t.affiliation,
        unofficial: t.unofficial === 1,
        members: t.memberIds.map((uuid) => ({ uuid, username: names.get(uuid)?.username ?? '' })),
      });
      for (const uid of t.memberIds) teams.keyOfUser.set(uid, key);
      people.set(key, { username: t.name, rating: NEW_USER_RATING, rated: false });
      sb.join(key);
    }
    const tries = await this.storedTries(contest);
    sb.load(
      tries
        .filter((s) => s.problem_index !== null && teams.keyOfUser.has(s.user_id))
        .map((s) => ({
          userId: teams.keyOfUser.get(s.user_id)!,
          index: s.problem_index!,
          attempt: {
            id: s.id,
            atMs: Date.parse(s.create_time) - startMs,
            status: s.status,
            ...s.points,
          } satisfies BoardAttempt,
        })),
    );
    return { contest, startMs, endMs, problems, sb, people, starts: new Map(), teams };
  }

  /** Submissions of a programming contest, or answers of a math / 408 one, made while it ran. */
  private async storedTries(contest: CompetitionRow) {
    if (contest.type === ContestType.Programming)
      return (await this.deps.submissions.contestTries(contest)).map((r) => ({
        ...r,
        status: r.status as Verdict,
        points: pointsOf(r),
      }));
    const rows = await this.deps.math408.contestAnswers(contest);
    // Answers have no partial points: AC earns the full 100 under the scored rules.
    return rows.map((r) => ({ ...r, status: answerVerdict(r.status), points: {} }));
  }
}
