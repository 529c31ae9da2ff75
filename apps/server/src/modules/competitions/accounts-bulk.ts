import { type BulkAccountsRequest, NEW_USER_RATING, Role } from '@oj/shared';
import { badRequest } from '../../lib/errors';
import { initialPassword } from '../../lib/initial-password';
import type { Contests } from './deps';
import { stateOf } from './present';
import { insertParticipant } from './participants-repo';
import { contestRow, inTransaction } from './repo';
import { insertMember, insertTeam, nameTaken } from './teams-repo';
import { newInviteCode } from './teams';

export interface BulkAccount {
  uuid: number;
  account: string;
  password: string;
  name: string;
  school: string;
}

/**
 * Bulk contest accounts (issue 26 part 5): one account per line of a pasted list (name, school),
 * `{prefix}001`, `{prefix}002` …, each with a random initial password, registered into the contest
 * (打星 if asked). Accounts are made by the users module as any other (its checks, its password
 * hashing); the name and school are set through its profile write. The passwords are not stored:
 * they exist only in the workbook answered once, to print.
 *
 * A team contest (issue 26 part 3) gets one account per team, as an on-site ICPC contest seats a
 * team at one machine: each line is a team (its name, its 学校/单位), the account its only member
 * and captain, the team 打星 if asked. Team names must be new in the contest.
 */
export async function createBulkAccounts(
  d: Contests,
  id: number,
  req: BulkAccountsRequest,
): Promise<BulkAccount[]> {
  const contest = await contestRow(d.db, id);
  if (stateOf(contest) === 'ended') throw badRequest('比赛已结束，不能再创建参赛账号');
  const width = Math.max(3, String(req.people.length).length);
  const planned = req.people.map((p, i) => ({
    ...p,
    account: `${req.prefix}${String(i + 1).padStart(width, '0')}`,
  }));
  const tooLong = planned.find((p) => p.account.length > 20);
  if (tooLong) throw badRequest(`账号「${tooLong.account}」超过 20 个字符，请缩短账号前缀`, 'prefix');
  // All or nothing: any taken account refuses the list before one is made.
  const taken = await d.users.idsOfAccounts(planned.map((p) => p.account));
  if (taken.size)
    throw badRequest(`账号 ${[...taken.keys()].slice(0, 5).join('、')} 已存在，请换一个账号前缀`, 'prefix');
  const teams = contest.team_size > 0;
  if (teams) {
    const names = planned.map((p) => p.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) throw badRequest(`名单中队伍名称「${twice}」重复`, 'people');
    for (const n of names)
      if (await nameTaken(d.db, id, n)) throw badRequest(`本场比赛已有队伍「${n}」`, 'people');
  }

  const made: BulkAccount[] = [];
  for (const p of planned) {
    const password = initialPassword();
    const row = await d.users.create({
      account: p.account,
      email: null,
      username: p.name,
      password,
      role: Role.User,
    });
    await d.users.modify(
      { uuid: row.id, role: Role.User, isBoss: false, sessionId: null },
      { username: p.name, school: p.school },
    );
    if (teams) {
      await inTransaction(d.db, async (trx) => {
        const teamId = await insertTeam(trx, {
          competition_id: id,
          name: p.name,
          affiliation: p.school,
          captain_id: row.id,
          invite_code: newInviteCode(),
          unofficial: req.unofficial ? 1 : 0,
        });
        await insertMember(trx, id, teamId, row.id);
      });
      made.push({ uuid: row.id, account: p.account, password, name: p.name, school: p.school });
      continue;
    }
    await insertParticipant(d.db, id, row.id);
    if (req.unofficial)
      await d.db
        .updateTable('competition_participants')
        .set({ unofficial: 1 })
        .where('competition_id', '=', id)
        .where('user_id', '=', row.id)
        .execute();
    await d.boards.join(id, row.id, { username: p.name, rating: NEW_USER_RATING, rated: false });
    made.push({ uuid: row.id, account: p.account, password, name: p.name, school: p.school });
  }
  // A team board is rebuilt with its new teams (an individual board took each join above).
  if (teams) d.boards.invalidate(id);
  d.bus.emit('contest.changed', { competition_id: id });
  return made;
}

/** The accounts as a workbook to print: one row per person with the initial password. */
export async function accountsWorkbook(contestName: string, accounts: BulkAccount[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'OJ';
  wb.created = new Date();
  const ws = wb.addWorksheet('参赛账号');
  ws.columns = [
    { header: '序号', key: 'n', width: 6 },
    { header: '姓名', key: 'name', width: 16 },
    { header: '学校', key: 'school', width: 24 },
    { header: '账号', key: 'account', width: 16 },
    { header: '初始密码', key: 'password', width: 14 },
    { header: '比赛', key: 'contest', width: 28 },
  ];
  ws.getRow(1).font = { bold: true };
  accounts.forEach((a, i) => ws.addRow({ n: i + 1, ...a, contest: contestName }));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
