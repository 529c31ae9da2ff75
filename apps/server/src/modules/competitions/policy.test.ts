import { Role } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../lib/auth';
import { canContest } from './policy';

const v = (uuid: number, role: Role): Viewer => ({ uuid, role, isBoss: false, sessionId: 's' });
const admin = v(1, Role.Admin);
const owner = v(2, Role.User);
const other = v(3, Role.User);
const bannedOwner = v(2, Role.Ban);

describe('contest policy (role × action × owner)', () => {
  it.each([
    ['create', ANONYMOUS, { action: 'contest.create' }, false],
    ['create', other, { action: 'contest.create' }, true],
    ['create', bannedOwner, { action: 'contest.create' }, false],
    ['administer', other, { action: 'contest.administer' }, false],
    ['administer', admin, { action: 'contest.administer' }, true],
    ['edit before start', owner, { action: 'contest.edit', subject: { ownerUuid: 2, started: false } }, true],
    ['edit after start', owner, { action: 'contest.edit', subject: { ownerUuid: 2, started: true } }, false],
    [
      'edit by admin after start',
      admin,
      { action: 'contest.edit', subject: { ownerUuid: 2, started: true } },
      true,
    ],
    [
      'edit by another user',
      other,
      { action: 'contest.edit', subject: { ownerUuid: 2, started: false } },
      false,
    ],
    [
      'edit by banned owner',
      bannedOwner,
      { action: 'contest.edit', subject: { ownerUuid: 2, started: false } },
      false,
    ],
    [
      'preview by owner',
      owner,
      { action: 'contest.preview', subject: { ownerUuid: 2, started: false } },
      true,
    ],
    [
      'preview by other',
      other,
      { action: 'contest.preview', subject: { ownerUuid: 2, started: false } },
      false,
    ],
    ['unfrozen by user', other, { action: 'contest.viewUnfrozen' }, false],
    ['unfrozen by admin', admin, { action: 'contest.viewUnfrozen' }, true],
  ] as const)('%s', (_name, viewer, request, expected) => {
    expect(canContest(viewer, request)).toBe(expected);
  });
});
