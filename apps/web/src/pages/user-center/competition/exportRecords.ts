import type { JoinRecord } from '../../../lib/contract';

/** A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function field(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  // Spreadsheet formula injection: a contest name starting with '=' must stay text.
  if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const HEADER = [
  '比赛编号',
  '比赛名称',
  '开始时间',
  '排名',
  '比赛后 Rating',
  'Rating 变化',
  '通过题数',
  '题目数',
  '参赛人数',
];

/**
 * What the 比赛 tab shows, as a CSV file the user keeps (the tab's 保存 button): every competition of
 * the user, newest first, with a BOM so spreadsheet programs read the Chinese as UTF-8.
 */
export function recordsCsv(records: JoinRecord[]): string {
  const rows = [...records]
    .sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0))
    .map((r) =>
      [
        r.competition_id,
        r.competition_name,
        r.start_time,
        r.rank,
        r.rating_after,
        r.rating_change,
        r.ac_num,
        r.total_num,
        r.joins,
      ]
        .map(field)
        .join(','),
    );
  return `\uFEFF${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Hands `text` to the browser as a download named `name`. */
export function download(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
