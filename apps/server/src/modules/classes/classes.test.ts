import type {
  ClassAnnouncement,
  ClassJoined,
  ClassMember,
  ClassPendingRequest,
  ClassSummary,
  CurrentUser,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, Client, startTestServer, type TestServer } from '../../../test/helpers';

// Issue 27 part 1, classes for teachers (docs/classes.md): the 教师 mark set by administrators only,
// classes created by teachers, joining by code and by approved request, TA against student rights,
// a removed member refused at once, outsiders refused on every read, bulk student accounts refused
// whole on one bad row and made with a forced password change.

const C = '/api/class';

describe.each(backends())('classes on $name', (backend) => {
  let ts: TestServer;
  let boss: Client;
  let teacher: { client: Client; uuid: number };
  let student: { client: Client; uuid: number };
  let other: { client: Client; uuid: number };
  let outsider: { client: Client; uuid: number };
  let classId: number;
  let code: string;

  beforeAll(async () => {
    ts = await startTestServer(backend);
    boss = await ts.login(ts.admin.account, ts.admin.password);
    teacher = await ts.register('cls_teacher');
    student = await ts.register('cls_student');
    other = await ts.register('cls_other');
    outsider = await ts.register('cls_outsider');
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
  });

  const create = (c: Client, name = '高一（3）班') =>
    c.post<{ class_id: number }>(`${C}/create`, {
      name,
      school: '实验中学',
      term: '2026 秋季',
      join_mode: 'code',
    });

  it('only an administrator marks a teacher, and only teachers create classes', async () => {
    expect((await create(teacher.client)).status).toBe(403);
    const bySelf = await teacher.client.post('/api/user/admin/teacher', {
      uuid: teacher.uuid,
      teacher: true,
    });
    expect(bySelf.status).toBe(403);
    const set = await boss.post('/api/user/admin/teacher', { uuid: teacher.uuid, teacher: true });
    expect(set.code).toBe(0);
    const me = await teacher.client.get<CurrentUser>('/api/user/current');
    expect(me.data.teacher).toBe(true);
    const made = await create(teacher.client);
    expect(made.code).toBe(0);
    classId = made.data.class_id;
    // Administrators are teachers without the mark.
    expect((await create(boss, '管理员的班')).code).toBe(0);
    const bad = await teacher.client.post(`${C}/create`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('班级名称');
  });

  it('members join by code; the teacher sees them', async () => {
    const detail = await teacher.client.get<ClassSummary>(`${C}/detail?class_id=${classId}`);
    expect(detail.data.is_owner).toBe(true);
    code = detail.data.invite_code!;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const wrong = await student.client.post(`${C}/join`, { code: 'NOPE1234' });
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('邀请码');
    const joined = await student.client.post<ClassJoined>(`${C}/join`, { code: code.toLowerCase() });
    expect(joined.data).toMatchObject({ class_id: classId, state: 'joined' });
    const members = await teacher.client.get<ClassMember[]>(`${C}/members?class_id=${classId}`);
    expect(members.data.map((m) => [m.user_id, m.role])).toEqual([
      [teacher.uuid, 'teacher'],
      [student.uuid, 'student'],
    ]);
    const mine = await student.client.get<ClassSummary[]>(`${C}/mine`);
    expect(mine.data.map((c) => [c.class_id, c.my_role, c.invite_code])).toEqual([
      [classId, 'student', null],
    ]);
  });

  it('a class needing approval takes requests the teacher or a TA decides', async () => {
    await teacher.client.post(`${C}/modify`, {
      class_id: classId,
      name: '高一（3）班',
      join_mode: 'approval',
    });
    const asked = await other.client.post<ClassJoined>(`${C}/join`, { code });
    expect(asked.data.state).toBe('pending');
    expect((await other.client.get(`${C}/members?class_id=${classId}`)).status).toBe(403);
    // A student may not see or decide requests.
    expect((await student.client.get(`${C}/requests?class_id=${classId}`)).status).toBe(403);
    const refuse = await student.client.post(`${C}/request/decide`, {
      class_id: classId,
      user_id: other.uuid,
      approve: true,
    });
    expect(refuse.status).toBe(403);
    // Rejected, asked again, approved (by a TA).
    await teacher.client.post(`${C}/request/decide`, {
      class_id: classId,
      user_id: other.uuid,
      approve: false,
    });
    expect((await other.client.get(`${C}/members?class_id=${classId}`)).status).toBe(403);
    await other.client.post(`${C}/join`, { code });
    expect(
      (
        await student.client.post(`${C}/member/role`, {
          class_id: classId,
          user_id: student.uuid,
          role: 'ta',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await teacher.client.post(`${C}/member/role`, {
          class_id: classId,
          user_id: student.uuid,
          role: 'ta',
        })
      ).code,
    ).toBe(0);
    const pending = await student.client.get<ClassPendingRequest[]>(`${C}/requests?class_id=${classId}`);
    expect(pending.data.map((r) => r.user_id)).toEqual([other.uuid]);
    const ok = await student.client.post(`${C}/request/decide`, {
      class_id: classId,
      user_id: other.uuid,
      approve: true,
    });
    expect(ok.code).toBe(0);
    expect((await other.client.get(`${C}/members?class_id=${classId}`)).code).toBe(0);
  });

  it('TAs post announcements and remove students, but not the owner’s acts', async () => {
    const posted = await student.client.post(`${C}/announcement/add`, {
      class_id: classId,
      content: '周五交作业',
    });
    expect(posted.code).toBe(0);
    expect(
      (await other.client.post(`${C}/announcement/add`, { class_id: classId, content: '学生不能发' })).status,
    ).toBe(403);
    const list = await other.client.get<ClassAnnouncement[]>(`${C}/announcements?class_id=${classId}`);
    expect(list.data.map((a) => a.content)).toEqual(['周五交作业']);
    // Owner-only acts refused to a TA.
    expect((await student.client.post(`${C}/invite/regenerate`, { class_id: classId })).status).toBe(403);
    expect((await student.client.post(`${C}/archive`, { class_id: classId, archived: true })).status).toBe(
      403,
    );
    expect((await student.client.post(`${C}/delete`, { class_id: classId })).status).toBe(403);
    expect(
      (await student.client.post(`${C}/member/remove`, { class_id: classId, user_id: teacher.uuid })).status,
    ).toBe(400);
    // A TA removes a student; the removed member is refused from the next call on.
    expect(
      (await student.client.post(`${C}/member/remove`, { class_id: classId, user_id: other.uuid })).code,
    ).toBe(0);
    for (const path of ['detail', 'members', 'announcements'])
      expect((await other.client.get(`${C}/${path}?class_id=${classId}`)).status).toBe(403);
    expect((await other.client.get<ClassSummary[]>(`${C}/mine`)).data).toEqual([]);
    // A student (the TA made a student again) cannot remove anyone.
    await teacher.client.post(`${C}/member/role`, {
      class_id: classId,
      user_id: student.uuid,
      role: 'student',
    });
    expect(
      (await student.client.post(`${C}/member/remove`, { class_id: classId, user_id: teacher.uuid })).status,
    ).toBe(403);
  });

  it('outsiders are refused every read and write of a class; admins see all', async () => {
    const reads = ['detail', 'members', 'announcements', 'requests'];
    for (const path of reads) {
      expect((await outsider.client.get(`${C}/${path}?class_id=${classId}`)).status).toBe(403);
      expect((await new Client(ts.url).get(`${C}/${path}?class_id=${classId}`)).status).toBe(401);
    }
    expect((await outsider.client.get(`${C}/detail?class_id=999999`)).status).toBe(404);
    expect((await outsider.client.get(`${C}/admin/list`)).status).toBe(403);
    expect((await outsider.client.post(`${C}/modify`, { class_id: classId, name: 'x' })).status).toBe(403);
    expect(
      (await outsider.client.post(`${C}/announcement/add`, { class_id: classId, content: 'x' })).status,
    ).toBe(403);
    // Classes never show up in the aggregate search.
    const found = await outsider.client.get<unknown>(
      `/api/search/all/vo?keyword=${encodeURIComponent('高一')}`,
    );
    expect(found.code).toBe(0);
    expect(JSON.stringify(found.data)).not.toContain('高一（3）班');
    const all = await boss.get<{ class_id: number; member_count: number; teacher_name: string }[]>(
      `${C}/admin/list`,
    );
    const row = all.data.find((r) => r.class_id === classId)!;
    expect(row).toMatchObject({ member_count: 2, teacher_name: 'cls_teacher' });
    expect((await boss.get(`${C}/members?class_id=${classId}`)).code).toBe(0);
  });

  it('a new invite code stops the old one; an archived class takes nobody', async () => {
    await teacher.client.post(`${C}/modify`, { class_id: classId, name: '高一（3）班', join_mode: 'code' });
    const fresh = await teacher.client.post<{ invite_code: string }>(`${C}/invite/regenerate`, {
      class_id: classId,
    });
    expect(fresh.data.invite_code).not.toBe(code);
    expect((await outsider.client.post(`${C}/join`, { code })).status).toBe(400);
    await teacher.client.post(`${C}/archive`, { class_id: classId, archived: true });
    expect((await outsider.client.post(`${C}/join`, { code: fresh.data.invite_code })).status).toBe(400);
    await teacher.client.post(`${C}/archive`, { class_id: classId, archived: false });
    code = fresh.data.invite_code;
  });

  const bulk = (c: Client, rows: { name: string; student_no: string }[]) =>
    fetch(`${ts.url}${C}/accounts/bulk`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify({ class_id: classId, rows }),
    });

  it('a bad row refuses the whole batch, naming the row', async () => {
    const cases: [{ name: string; student_no: string }[], string][] = [
      [
        [
          { name: '张三', student_no: '2026001' },
          { name: '', student_no: '2026002' },
        ],
        '第 2 行：姓名不能为空',
      ],
      [
        [
          { name: '张三', student_no: '2026001' },
          { name: '李四', student_no: '20-26' },
        ],
        '第 2 行：学号只能包含字母和数字',
      ],
      [
        [
          { name: '张三', student_no: 'A1' },
          { name: '李四', student_no: 'a1' },
        ],
        '第 2 行：学号 a1 在名单中重复',
      ],
    ];
    for (const [rows, message] of cases) {
      const res = await bulk(teacher.client, rows);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const members = await teacher.client.get<ClassMember[]>(`${C}/members?class_id=${classId}`);
    expect(members.data).toHaveLength(2);
    expect(
      (
        await boss.post<{ total: number }>('/api/user/admin/getPage', {
          pageNum: 1,
          pageSize: 5,
          keyword: `c${classId}_`,
        })
      ).data.total,
    ).toBe(0);
    expect((await bulk(student.client, [{ name: '王五', student_no: '1' }])).status).toBe(403);
  });

  it('reads an uploaded .xlsx list (姓名, 学号) without making anything', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('名单');
    ws.addRow(['学号', '姓名']);
    ws.addRow([2026101, '王五']);
    ws.addRow([]);
    ws.addRow(['2026102', '赵六']);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'list.xlsx');
    const read = await teacher.client.request<{ name: string; student_no: string }[]>(
      'POST',
      `${C}/accounts/sheet?class_id=${classId}`,
      { body: form },
    );
    expect(read.data).toEqual([
      { name: '王五', student_no: '2026101' },
      { name: '赵六', student_no: '2026102' },
    ]);
    const byStudent = await student.client.request('POST', `${C}/accounts/sheet?class_id=${classId}`, {
      body: form,
    });
    expect(byStudent.status).toBe(403);
    expect((await teacher.client.get<ClassMember[]>(`${C}/members?class_id=${classId}`)).data).toHaveLength(
      2,
    );
  });

  it('a good batch makes accounts, answers the workbook, and forces a password change', async () => {
    const res = await bulk(teacher.client, [
      { name: '张三', student_no: '2026001' },
      { name: '李四', student_no: '2026002' },
    ]);
    expect(res.status).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.getWorksheet('学生账号')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '序号',
      '姓名',
      '学号',
      '账号',
      '初始密码',
      '班级',
    ]);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1) as string[]);
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['张三', '2026001', `c${classId}_2026001`],
      ['李四', '2026002', `c${classId}_2026002`],
    ]);
    const members = await teacher.client.get<ClassMember[]>(`${C}/members?class_id=${classId}`);
    expect(members.data.filter((m) => m.role === 'student').map((m) => m.username)).toEqual([
      'cls_student',
      '张三',
      '李四',
    ]);
    // The same batch again: the accounts exist, refused whole.
    const again = await bulk(teacher.client, [{ name: '张三', student_no: '2026001' }]);
    expect(((await again.json()) as { message: string }).message).toContain('第 1 行：账号');

    // First login works; everything but the current user, logout and the change is refused.
    const [, , , account, password] = rows[0];
    const zs = await ts.login(account, String(password));
    const me = await zs.get<CurrentUser>('/api/user/current');
    expect(me.data.must_change_credential).toBe(true);
    const refused = await zs.get(`${C}/mine`);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(40302);
    const wrongOld = await zs.post('/api/user/password/change', {
      old_password: await ts.encrypt('not-it-123'),
      password: await ts.encrypt('new-pass-123'),
      check_password: await ts.encrypt('new-pass-123'),
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.message).toBe('当前密码不正确');
    const changed = await zs.post('/api/user/password/change', {
      old_password: await ts.encrypt(String(password)),
      password: await ts.encrypt('new-pass-123'),
      check_password: await ts.encrypt('new-pass-123'),
    });
    expect(changed.code).toBe(0);
    expect((await zs.get<CurrentUser>('/api/user/current')).data.must_change_credential).toBe(false);
    const mine = await zs.get<ClassSummary[]>(`${C}/mine`);
    expect(mine.data.map((c) => [c.class_id, c.my_role])).toEqual([[classId, 'student']]);
    expect((await zs.get<ClassAnnouncement[]>(`${C}/announcements?class_id=${classId}`)).data).toHaveLength(
      1,
    );
    await ts.login(account, 'new-pass-123');
  });

  it('the teacher deletes the class: members lose it at once', async () => {
    expect((await outsider.client.post(`${C}/delete`, { class_id: classId })).status).toBe(403);
    expect((await teacher.client.post(`${C}/delete`, { class_id: classId })).code).toBe(0);
    expect((await student.client.get(`${C}/detail?class_id=${classId}`)).status).toBe(404);
    expect((await student.client.get<ClassSummary[]>(`${C}/mine`)).data).toEqual([]);
    // The mark taken away: no more classes.
    await boss.post('/api/user/admin/teacher', { uuid: teacher.uuid, teacher: false });
    expect((await create(teacher.client)).status).toBe(403);
  });
});
