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
});
