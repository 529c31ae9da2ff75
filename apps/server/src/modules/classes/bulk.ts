import { CLASS_LIMITS, type ClassBulkRequest, Role, studentAccount, studentRowProblem } from '@oj/shared';
import type { Viewer } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { initialPassword } from '../../lib/initial-password';
import { nowIso } from '../../lib/time';
import { requireAccess } from './access';
import type { ClassesDeps } from './deps';
import * as repo from './repo';

export interface StudentAccount {
  name: string;
  student_no: string;
  account: string;
  password: string;
}

/**
 * Bulk student accounts (docs/classes.md): the teacher's list of 姓名 and 学号. Every row is
 * checked first (its own rules, no 学号 twice, no account taken) and the first bad row refuses the
 * whole batch with its row number and reason, before one account is made. Then each account is
 * `c<class id>_<学号 in lower case>`, named after the student, with a random initial password it
 * must change at first login, and a student of the class. The passwords are not stored: they exist
 * only in the workbook answered once.
 */
export async function createStudentAccounts(
  d: ClassesDeps,
  viewer: Viewer,
  req: ClassBulkRequest,
): Promise<{ className: string; accounts: StudentAccount[] }> {
  const a = await requireAccess(d, viewer, req.class_id, 'own');
  if (a.row.archived === 1) throw badRequest('班级已归档，不能再添加学生', 'class_id');
  const seen = new Set<string>();
  req.rows.forEach((row, i) => {
    const problem = studentRowProblem(row, i + 1, seen);
    if (problem) throw badRequest(problem, 'rows');
  });
  const planned = req.rows.map((r) => ({
    name: r.name.trim(),
    student_no: r.student_no.trim(),
    account: studentAccount(req.class_id, r.student_no),
  }));
  const taken = await d.users.idsOfAccounts(planned.map((p) => p.account));
  const clash = planned.findIndex((p) => taken.has(p.account));
  if (clash >= 0)
    throw badRequest(`第 ${clash + 1} 行：账号 ${planned[clash].account} 已存在（该学号已有账号）`, 'rows');

  const accounts: StudentAccount[] = [];
  for (const p of planned) {
    const password = initialPassword();
    const user = await d.users.create({
      account: p.account,
      email: null,
      username: p.name,
      password,
      role: Role.User,
      mustChangePassword: true,
    });
    await repo.addMember(d.db, req.class_id, user.id, 'student', nowIso(d.clock));
    accounts.push({ ...p, password });
  }
  return { className: a.row.name, accounts };
}

/** A cell's text: numbers (学号 typed as numbers in Excel), rich text and formulas as shown. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    return '';
  }
  return String(v);
}

/**
 * The rows of an uploaded .xlsx sheet (its first worksheet): the columns headed 姓名 and 学号, or
 * the first two columns when there is no such header. Blank rows are skipped; nothing is checked
 * here (the batch is, when sent), so the teacher sees the list before any account is made.
 */
export async function readStudentSheet(
  d: ClassesDeps,
  viewer: Viewer,
  classId: number,
  bytes: Buffer,
): Promise<{ name: string; student_no: string }[]> {
  await requireAccess(d, viewer, classId, 'own');
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as never);
  } catch {
    throw badRequest('无法读取该文件，请上传 .xlsx 格式的 Excel 表格', 'file');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('表格中没有工作表', 'file');
  const header = (ws.getRow(1).values as unknown[]).map(cellText).map((t) => t.trim());
  const nameCol = header.indexOf('姓名');
  const noCol = header.indexOf('学号');
  const hasHeader = nameCol > 0 && noCol > 0;
  const rows: { name: string; student_no: string }[] = [];
  ws.eachRow((row, n) => {
    if (hasHeader && n === 1) return;
    const values = row.values as unknown[];
    const name = cellText(values[hasHeader ? nameCol : 1]).trim();
    const no = cellText(values[hasHeader ? noCol : 2]).trim();
    if (name || no) rows.push({ name, student_no: no });
  });
  if (!rows.length) throw badRequest('表格中没有学生名单', 'file');
  if (rows.length > CLASS_LIMITS.bulkMax)
    throw badRequest(`一次最多创建 ${CLASS_LIMITS.bulkMax} 个账号`, 'file');
  return rows;
}

/** The accounts as a workbook to print: one row per student with the initial password. */
export async function studentsWorkbook(className: string, accounts: StudentAccount[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OJ';
  wb.created = new Date();
  const ws = wb.addWorksheet('学生账号');
  ws.columns = [
    { header: '序号', key: 'n', width: 6 },
    { header: '姓名', key: 'name', width: 16 },
    { header: '学号', key: 'student_no', width: 16 },
    { header: '账号', key: 'account', width: 20 },
    { header: '初始密码', key: 'password', width: 14 },
    { header: '班级', key: 'class', width: 28 },
  ];
  ws.getRow(1).font = { bold: true };
  accounts.forEach((a, i) => ws.addRow({ n: i + 1, ...a, class: className }));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
