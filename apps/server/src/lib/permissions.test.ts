import { describe, expect, it } from 'vitest';
import type { Viewer } from './auth';
import { can, type TargetUser } from './permissions';

const v = (uuid: number, role: 0 | 1 | 2 | 3, isBoss = false): Viewer => ({
  uuid,
  role,
  isBoss,
  sessionId: null,
});
const viewers = {
  anonymous: v(-1, 0),
  user: v(10, 1),
  banned: v(11, 3),
  admin: v(12, 2),
  boss: v(1, 2, true),
};
const t = (uuid: number, role: number, isBoss = false): TargetUser => ({ uuid, role, isBoss });
const targets = {
  plainUser: t(20, 1),
  bannedUser: t(21, 3),
  otherAdmin: t(22, 2),
  boss: t(1, 2, true),
  self: t(12, 2),
};

/** role × action × subject, as a table (STYLE "test the policy as a table"). */
describe('can()', () => {
  it.each([
    ['anonymous', 'plainUser', false],
    ['user', 'plainUser', false],
    ['banned', 'plainUser', false],
    ['admin', 'plainUser', true],
    ['admin', 'bannedUser', true],
    ['admin', 'otherAdmin', false],
    ['admin', 'boss', false],
    ['admin', 'self', false],
    ['boss', 'plainUser', true],
    ['boss', 'otherAdmin', false],
  ] as const)('user.ban: %s → %s = %s', (who, target, expected) => {
    expect(can(viewers[who], { action: 'user.ban', subject: targets[target] })).toBe(expected);
  });

  it.each([
    ['admin', false],
    ['boss', true],
    ['user', false],
    ['anonymous', false],
  ] as const)('admin.manage: %s = %s', (who, expected) => {
    expect(can(viewers[who], { action: 'admin.manage' })).toBe(expected);
  });

  it('the boss cannot be revoked; pictures belong to their owner', () => {
    expect(can(viewers.boss, { action: 'admin.revoke', subject: targets.boss })).toBe(false);
    expect(can(viewers.boss, { action: 'admin.revoke', subject: targets.otherAdmin })).toBe(true);
    expect(can(viewers.user, { action: 'picture.delete', subject: { ownerUuid: 10 } })).toBe(true);
    expect(can(viewers.user, { action: 'picture.delete', subject: { ownerUuid: null } })).toBe(false);
    expect(can(viewers.admin, { action: 'picture.delete', subject: { ownerUuid: 10 } })).toBe(false);
    expect(can(viewers.user, { action: 'picture.use', subject: { ownerUuid: null } })).toBe(true);
    expect(can(viewers.user, { action: 'picture.use', subject: { ownerUuid: 99 } })).toBe(false);
    expect(can(viewers.banned, { action: 'picture.use', subject: { ownerUuid: null } })).toBe(false);
  });

  // Contests: the author is uuid 10 (viewers.user); 13 is another user; 11 the banned author.
  const contest = (ownerUuid: number, started: boolean) => ({ ownerUuid, started });
  const otherUser = v(13, 1);
  const bannedOwner = v(11, 3);
  it.each([
    ['create', viewers.anonymous, { action: 'contest.create' }, false],
    ['create', otherUser, { action: 'contest.create' }, true],
    ['create', bannedOwner, { action: 'contest.create' }, false],
    ['administer', otherUser, { action: 'contest.administer' }, false],
    ['administer', viewers.admin, { action: 'contest.administer' }, true],
    ['edit before start', viewers.user, { action: 'contest.edit', subject: contest(10, false) }, true],
    ['edit after start', viewers.user, { action: 'contest.edit', subject: contest(10, true) }, false],
    [
      'edit by admin after start',
      viewers.admin,
      { action: 'contest.edit', subject: contest(10, true) },
      true,
    ],
    ['edit by another user', otherUser, { action: 'contest.edit', subject: contest(10, false) }, false],
    ['edit by banned owner', bannedOwner, { action: 'contest.edit', subject: contest(11, false) }, false],
    ['edit by anonymous', viewers.anonymous, { action: 'contest.edit', subject: contest(-1, false) }, false],
    ['preview by owner', viewers.user, { action: 'contest.preview', subject: contest(10, false) }, true],
    ['preview by other', otherUser, { action: 'contest.preview', subject: contest(10, false) }, false],
    ['preview by admin', viewers.admin, { action: 'contest.preview', subject: contest(10, false) }, true],
    ['unfrozen by user', otherUser, { action: 'contest.viewUnfrozen' }, false],
    ['unfrozen by admin', viewers.admin, { action: 'contest.viewUnfrozen' }, true],
    ['unfrozen by anonymous', viewers.anonymous, { action: 'contest.viewUnfrozen' }, false],
  ] as const)('contest: %s', (_name, viewer, request, expected) => {
    expect(can(viewer, request)).toBe(expected);
  });

  it.each([
    ['anonymous', 10, 20, [false, false, false]],
    ['banned', 11, 20, [false, false, false]],
    ['user', 10, 20, [true, true, false]],
    ['user', 20, 10, [false, true, false]],
    ['user', 20, 30, [false, false, false]],
    ['admin', 20, 30, [true, true, true]],
  ] as const)('forum: %s on a post of %s with a comment of %s', (who, postOwner, commentOwner, expected) => {
    const viewer = viewers[who];
    expect([
      can(viewer, { action: 'post.edit', subject: { ownerUuid: postOwner } }),
      can(viewer, {
        action: 'comment.delete',
        subject: { ownerUuid: commentOwner, postOwnerUuid: postOwner },
      }),
      can(viewer, { action: 'post.readAll' }),
    ]).toEqual(expected);
  });

  it.each([
    ['anonymous', false],
    ['user', false],
    ['banned', false],
    ['admin', true],
    ['boss', true],
  ] as const)('payment.manage: %s → %s', (who, expected) => {
    expect(can(viewers[who], { action: 'payment.manage' })).toBe(expected);
  });

  const course = (member: boolean) => ({ kind: 'course' as const, member });
  const plan = { kind: 'plan' as const, member: false };
  it.each([
    ['manage by admin', viewers.admin, { action: 'course.manage' }, true],
    ['manage by user', viewers.user, { action: 'course.manage' }, false],
    ['manage by anonymous', viewers.anonymous, { action: 'course.manage' }, false],
    ['course content, member', viewers.user, { action: 'course.viewContent', subject: course(true) }, true],
    [
      'course content, not a member',
      viewers.user,
      { action: 'course.viewContent', subject: course(false) },
      false,
    ],
    [
      'course content, anonymous',
      viewers.anonymous,
      { action: 'course.viewContent', subject: course(false) },
      false,
    ],
    [
      'course content, banned member',
      viewers.banned,
      { action: 'course.viewContent', subject: course(true) },
      false,
    ],
    ['course content, admin', viewers.admin, { action: 'course.viewContent', subject: course(false) }, true],
    ['plan content, anonymous', viewers.anonymous, { action: 'course.viewContent', subject: plan }, true],
    ['plan content, banned', viewers.banned, { action: 'course.viewContent', subject: plan }, false],
  ] as const)('course: %s', (_name, viewer, request, expected) => {
    expect(can(viewer, request)).toBe(expected);
  });

  it.each([
    ['anonymous', false],
    ['user', false],
    ['banned', false],
    ['admin', true],
    ['boss', true],
  ] as const)('announcement.manage: %s → %s', (who, expected) => {
    expect(can(viewers[who], { action: 'announcement.manage' })).toBe(expected);
  });
});

describe('submission.viewSharedCode (code replay)', () => {
  it.each([
    // who, shared, exposable → may read
    ['user', false, true, true], // own code (owner 10)
    ['admin', false, false, true],
    ['anonymous', false, true, false],
    ['anonymous', true, true, true],
    ['anonymous', true, false, false],
    ['banned', true, true, false],
    ['boss', false, true, true],
  ] as const)('%s, shared %s, exposable %s = %s', (who, shared, exposable, expected) => {
    const subject = { ownerUuid: 10, shared, exposable };
    expect(can(viewers[who], { action: 'submission.viewSharedCode', subject })).toBe(expected);
  });
});

describe('problem.viewTestDetails (issue 22)', () => {
  it.each([
    // who, the problem's author → sees every test's details
    ['anonymous', null, false],
    ['user', null, false],
    ['user', 10, true], // the author, even when no admin any more
    ['user', 99, false],
    ['banned', 11, false], // a banned author sees what everyone sees
    ['admin', null, true],
    ['boss', 99, true],
  ] as const)('%s, author %s = %s', (who, ownerUuid, expected) => {
    expect(can(viewers[who], { action: 'problem.viewTestDetails', subject: { ownerUuid } })).toBe(expected);
  });
  // Class problems (issue 27 part 3): a teacher edits only a class problem it wrote.
  it.each([
    ['admin, any problem', viewers.admin, { ownerUuid: null, classProblem: false, teacher: true }, true],
    ['teacher, own class problem', viewers.user, { ownerUuid: 10, classProblem: true, teacher: true }, true],
    [
      'teacher, other class problem',
      viewers.user,
      { ownerUuid: 99, classProblem: true, teacher: true },
      false,
    ],
    [
      'teacher, own public problem',
      viewers.user,
      { ownerUuid: 10, classProblem: false, teacher: true },
      false,
    ],
    [
      'plain user, own class problem',
      viewers.user,
      { ownerUuid: 10, classProblem: true, teacher: false },
      false,
    ],
    ['banned teacher', viewers.banned, { ownerUuid: 11, classProblem: true, teacher: true }, false],
  ] as const)('problem.edit: %s', (_name, viewer, subject, expected) => {
    expect(can(viewer, { action: 'problem.edit', subject })).toBe(expected);
    expect(can(viewer, { action: 'problem.create', subject: { teacher: subject.teacher } })).toBe(
      viewer.role === 2 || (viewer.role === 1 && subject.teacher),
    );
  });
});
