import { abstime, reltime } from './format';
import { type ApiObject, presentState, problemIdOf } from './present';
import { type ContestData, ruleOf, scoreboardType } from './view';

type Json = Record<string, unknown>;
type Row = ReturnType<ContestData['board']['sb']['all']>[number];

/** A cell or row total as the scored rules keep it (competitions' scoreboard: `score`). */
const scoreOf = (x: object): number => (x as { score?: number }).score ?? 0;

/**
 * The board as the caller sees it, exactly as our ranking page: others see the frozen view during a
 * freeze, a participant their own row as it truly is, admins the truth; a running OI contest shows
 * no board but to admins.
 */
export function standings(data: ContestData): Row[] {
  const { board, caller } = data;
  const oiRunning = ruleOf(data) === 'oi' && data.now >= data.startMs && data.now < data.endMs;
  if (oiRunning && !caller.admin) return [];
  const frozen = board.sb.isFrozen && !caller.admin;
  const me = data.keyOfUser(caller.viewer.uuid);
  return board.sb.all({ frozen }).map((row) => {
    if (!frozen || row.standing.userId !== me) return row;
    return { ...row, standing: board.sb.standing(me, { frozen: false })! };
  });
}

const teamName = (data: ContestData, uid: number) => {
  const team = data.board.teams?.byKey.get(uid);
  if (team) return team.name;
  const u = data.users.get(uid);
  return u?.username || u?.account || String(uid);
};

/** The scoreboard endpoint (2023-06 "Scoreboard format"): ties ordered by team name. */
export function presentScoreboard(data: ContestData): Json {
  const type = scoreboardType(data);
  const rows = standings(data);
  const collator = new Intl.Collator('en-US');
  rows.sort(
    (a, b) =>
      a.rank - b.rank ||
      collator.compare(teamName(data, a.standing.userId), teamName(data, b.standing.userId)),
  );
  return {
    time: abstime(data.now),
    contest_time: reltime(data.now - data.startMs),
    state: presentState(data.board, data.now),
    rows: rows.map(({ standing, rank }) => {
      const t = standing.totals;
      const score =
        type === 'pass-fail'
          ? {
              num_solved: t.solved,
              total_time: t.penalty,
              ...(t.solved > 0 ? { time: minutes(t.lastAcMs) } : {}),
            }
          : {
              score: scoreOf(t),
              ...(scoreOf(t) > 0 && t.lastAcMs >= 0 ? { time: minutes(t.lastAcMs) } : {}),
            };
      return {
        rank,
        team_id: data.apiTeamId(standing.userId),
        score,
        problems: standing.cells.map((cell, i) => {
          const judged = cell.rejected + (cell.solved ? 1 : 0);
          const base = {
            problem_id: problemIdOf(data.board, data.board.problems[i].idx),
            num_judged: judged,
            num_pending: cell.pending,
          };
          if (type === 'pass-fail')
            return { ...base, solved: cell.solved, ...(cell.solved ? { time: minutes(cell.acMs!) } : {}) };
          const points = scoreOf(cell);
          const at = (cell as { scoreMs?: number | null }).scoreMs ?? null;
          return { ...base, score: points, ...(points > 0 && at !== null ? { time: minutes(at) } : {}) };
        }),
      };
    }),
  };
}

const minutes = (ms: number) => Math.max(0, Math.floor(ms / 60_000));

/**
 * Awards from the caller's board: the winner(s), the first to solve each problem (ICPC), and the
 * medals when the contest sets their counts (migration 029: gold, silver, bronze by rank).
 */
export function awardObjects(data: ContestData, stamp: number): ApiObject[] {
  const rows = standings(data);
  const scored = (r: Row) => r.standing.totals.solved > 0 || scoreOf(r.standing.totals) > 0;
  const award = (id: string, citation: string, teams: number[]): ApiObject => ({
    type: 'awards',
    id,
    data: { id, citation, team_ids: teams.map(data.apiTeamId) },
    stamp,
  });
  // Medals and the winner as our final board gives them: official teams that scored, by their
  // place among the official ones (ties share it), 打星 teams left out.
  const official = rows.filter((r) => scored(r) && !data.unofficial.has(r.standing.userId));
  // Rows come in rank order: a place is the count of official rows before it, shared by a tie.
  const place = new Map<Row, number>();
  official.forEach((r, i) =>
    place.set(r, i > 0 && official[i - 1].rank === r.rank ? place.get(official[i - 1])! : i + 1),
  );
  const placeOf = (r: Row) => place.get(r)!;
  const out = [
    award(
      'winner',
      '冠军',
      official.filter((r) => placeOf(r) === 1).map((r) => r.standing.userId),
    ),
  ];
  if (ruleOf(data) === 'icpc') {
    const frozen = data.board.sb.isFrozen && !data.caller.admin;
    for (const p of data.board.problems) {
      const first = data.board.sb.firstSolver({ frozen }, p.idx);
      const id = problemIdOf(data.board, p.idx);
      out.push(award(`first-to-solve-${id}`, `${p.display_name} 题一血`, first === null ? [] : [first]));
    }
  }
  const c = data.board.contest as { medal_gold?: number; medal_silver?: number; medal_bronze?: number };
  let from = 0;
  for (const [key, citation, count] of [
    ['gold-medal', '金牌', c.medal_gold ?? 0],
    ['silver-medal', '银牌', c.medal_silver ?? 0],
    ['bronze-medal', '铜牌', c.medal_bronze ?? 0],
  ] as const) {
    if (count <= 0) continue;
    const to = from + count;
    const teams = official.filter((r) => placeOf(r) > from && placeOf(r) <= to).map((r) => r.standing.userId);
    out.push(award(key, citation, teams));
    from = to;
  }
  return out;
}
