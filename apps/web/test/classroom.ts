import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BOSS, pageApi, signedInPage, type Env } from './support';

/** The classes' browser tests start alike: a user marked 教师 by the boss, a class, students in it. */

/** The boss marks a user 教师 (the management site's 用户管理 does the same call). */
export async function markTeacher(env: Env, uuid: number): Promise<void> {
  const boss = await signedInPage(env, BOSS.account, BOSS.password);
  const marked = await pageApi(boss, '/api/user/admin/teacher', { uuid, teacher: true });
  expect(marked.code, marked.message).toBe(0);
  await boss.context().close();
}

/** A class `teacher` creates, joined by each of `students` with its invite code; answers its id. */
export async function classJoinedBy(teacher: Page, name: string, students: Page[]): Promise<number> {
  const made = await pageApi<{ class_id: number }>(teacher, '/api/class/create', { name });
  expect(made.code, made.message).toBe(0);
  const classId = made.data.class_id;
  const detail = await pageApi<{ invite_code: string }>(teacher, `/api/class/detail?class_id=${classId}`);
  for (const student of students) {
    const joined = await pageApi(student, '/api/class/join', { code: detail.data.invite_code });
    expect(joined.code, joined.message).toBe(0);
  }
  return classId;
}
