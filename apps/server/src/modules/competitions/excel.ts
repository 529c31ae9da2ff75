import { cellLabel } from '@oj/shared';
import type { LiveBoard } from './live';

/** The true standings as a real .xlsx workbook (admins only: it ignores the freeze). */
export async function rankWorkbook(board: LiveBoard): Promise<Buffer> {
  // Loaded on the first export, not at start: exceljs alone weighs ~28 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OJ';
  wb.created = new Date();
  const ws = wb.addWorksheet('排名');
  ws.columns = [
    { header: '排名', key: 'rank', width: 8 },
    { header: '用户 ID', key: 'uuid', width: 10 },
    { header: '昵称', key: 'username', width: 20 },
    { header: '解题数', key: 'solved', width: 8 },
    { header: '罚时（分钟）', key: 'penalty', width: 12 },
    ...board.problems.map((p) => ({ header: p.display_name, key: `p${p.idx}`, width: 12 })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const { standing, rank } of board.sb.all({ frozen: false })) {
    const row: Record<string, string | number> = {
      rank,
      uuid: standing.userId,
      username: board.people.get(standing.userId)?.username ?? '',
      solved: standing.totals.solved,
      penalty: standing.totals.penalty,
    };
    standing.cells.forEach((c, i) => {
      // "+1 (35)": solved after one rejected try, at minute 35.
      row[`p${i}`] = c.solved ? `${cellLabel(c)} (${Math.floor(c.acMs! / 60_000)})` : cellLabel(c);
    });
    ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
