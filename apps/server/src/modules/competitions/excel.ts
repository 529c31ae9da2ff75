import { cellLabel, isScoredRule, type ScoredCell } from '@oj/shared';
import type { LiveBoard } from './live';

/** The true standings as a real .xlsx workbook (admins only: it ignores the freeze), in the rule's columns. */
export async function rankWorkbook(board: LiveBoard, awards?: ExportAwards): Promise<Buffer> {
  // Loaded on the first export, not at start: exceljs alone weighs ~28 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OJ';
  wb.created = new Date();
  const ws = wb.addWorksheet('排名');
  const scored = isScoredRule(board.sb.rule);
  // ICPC: solved and penalty; the scored rules: the total and each problem's points.
  const totals = scored
    ? [
        { header: '总分', key: 'score', width: 10 },
        { header: '满分题数', key: 'solved', width: 10 },
      ]
    : [
        { header: '解题数', key: 'solved', width: 8 },
        { header: '罚时（分钟）', key: 'penalty', width: 12 },
      ];
  // A team contest: one row per team, its name, 学校/单位 and members (issue 26 part 3).
  const people = board.teams
    ? [
        { header: '队伍编号', key: 'uuid', width: 10 },
        { header: '队伍名称', key: 'username', width: 24 },
        { header: '学校/单位', key: 'affiliation', width: 24 },
        { header: '队员', key: 'members', width: 30 },
      ]
    : [
        { header: '用户 ID', key: 'uuid', width: 10 },
        { header: '昵称', key: 'username', width: 20 },
      ];
  ws.columns = [
    { header: '排名', key: 'rank', width: 8 },
    ...people,
    ...totals,
    ...board.problems.map((p) => ({ header: p.display_name, key: `p${p.idx}`, width: 12 })),
    ...(awards ? AWARD_COLUMNS : []),
  ];
  ws.getRow(1).font = { bold: true };
  for (const { standing, rank } of board.sb.all({ frozen: false })) {
    const team = board.teams?.byKey.get(standing.userId);
    const row: Record<string, string | number> = {
      rank,
      uuid: team ? team.id : standing.userId,
      username: board.people.get(standing.userId)?.username ?? '',
      ...(team
        ? { affiliation: team.affiliation, members: team.members.map((m) => m.username).join('、') }
        : {}),
      solved: standing.totals.solved,
      ...(scored ? { score: standing.totals.score ?? 0 } : { penalty: standing.totals.penalty }),
    };
    standing.cells.forEach((c, i) => {
      if (scored) {
        // The problem's points, empty when nothing of it was judged.
        const cell = c as ScoredCell;
        row[`p${i}`] = cell.fullScore === null ? '' : cell.score;
        return;
      }
      // "+1 (35)": solved after one rejected try, at minute 35.
      row[`p${i}`] = c.solved ? `${cellLabel(c)} (${Math.floor(c.acMs! / 60_000)})` : cellLabel(c);
    });
    if (awards) Object.assign(row, awardCells(awards, standing.userId));
    ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The 奖牌 and 打星 columns (awards.ts): medals once the contest ended, 打星 participants always. */
export interface ExportAwards {
  medals: Map<number, 'gold' | 'silver' | 'bronze'>;
  unofficial: Set<number>;
}

const AWARD_COLUMNS = [
  { header: '奖牌', key: 'medal', width: 8 },
  { header: '打星', key: 'unofficial', width: 8 },
];
const MEDAL_NAMES = { gold: '金牌', silver: '银牌', bronze: '铜牌' } as const;

const awardCells = (awards: ExportAwards, userId: number) => {
  const medal = awards.medals.get(userId);
  return { medal: medal ? MEDAL_NAMES[medal] : '', unofficial: awards.unofficial.has(userId) ? '打星' : '' };
};
