import { describe, expect, it } from 'vitest';
import { LOGIN_NEEDED, loginPath, loginReason, safeRedirect } from './account';

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/user?tab=1')).toBe('/user?tab=1');
    expect(safeRedirect('//evil.example/x')).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('/user/login?redirect=/user')).toBe('/home');
    expect(safeRedirect(null)).toBe('/home');
  });
});

describe('loginReason', () => {
  it('says why for known reasons only', () => {
    expect(loginReason('submit')).toContain('登录后才能提交评测');
    expect(loginReason('toString')).toBeNull();
    expect(loginReason('<b>x</b>')).toBeNull();
    expect(loginReason(null)).toBeNull();
    // The route guard sends only `redirect`: a general message, not for a plain visit or /home.
    expect(loginReason(null, '/study/3')).toBe(LOGIN_NEEDED);
    expect(loginReason(null, '/home')).toBeNull();
    expect(loginReason('join-plan', '/study/3')).toContain('学习计划');
  });
  it('builds the path of a reason', () => {
    expect(loginPath('join-contest', '/competition/2')).toBe('/user/login?reason=join-contest&redirect=%2Fcompetition%2F2');
  });
});
