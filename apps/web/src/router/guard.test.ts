import { describe, expect, it } from 'vitest';
import { Role } from '@oj/shared';
import { combineMeta, guardRedirect } from './guard';

const anonymous = { uuid: -1, role: Role.NotLogin };
const user = { uuid: 7, role: Role.User };
const admin = { uuid: 1, role: Role.Admin };
const banned = { uuid: 9, role: Role.Ban };

describe('route guard (SPEC §6)', () => {
  it('lets everyone through public routes', () => {
    for (const u of [anonymous, user, admin, banned])
      expect(guardRedirect({ access: 0 }, u, '/problems')).toBeNull();
  });

  it('sends anonymous users to the login page with the wanted full path', () => {
    expect(guardRedirect({ access: 1 }, anonymous, '/competition/3/problem/2?tab=a#x')).toBe(
      '/user/login?redirect=%2Fcompetition%2F3%2Fproblem%2F2%3Ftab%3Da%23x',
    );
  });

  it('sends banned users to /404 and users lacking the role to /home', () => {
    expect(guardRedirect({ access: 1 }, banned, '/user')).toBe('/404');
    expect(guardRedirect({ access: 1, role: Role.Admin }, user, '/admin/users')).toBe('/home');
    expect(guardRedirect({ access: 1, role: Role.Admin }, admin, '/admin/users')).toBeNull();
    expect(guardRedirect({ access: 1 }, user, '/user')).toBeNull();
  });

  it('combines matched routes to the strictest requirement', () => {
    expect(combineMeta([{ access: 0 }, undefined, { access: 1, title: '个人中心' }])).toEqual({
      access: 1,
      role: undefined,
    });
    expect(combineMeta([{ role: Role.Admin }, { access: 0 }])).toEqual({ access: 0, role: Role.Admin });
  });
});
