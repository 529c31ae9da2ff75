import { describe, expect, it } from 'vitest';
import { firstBroken } from './formRules';
import { accountRules, codeRules, confirmPasswordRules, emailRules, passwordRules } from '../../lib/account';

describe('firstBroken (the plain forms’ rules)', () => {
  it('answers the first broken rule’s message, in the order given', () => {
    expect(firstBroken('', accountRules)).toBe('请输入账号');
    expect(firstBroken('   ', accountRules)).toBe('请输入账号');
    expect(firstBroken('a!', accountRules)).toBe('账号只能由 4 到 20 位字母、数字或下划线组成');
    expect(firstBroken('stu_2026', accountRules)).toBeNull();
  });

  it('checks lengths, email addresses and codes as the server does', () => {
    expect(firstBroken('12345', passwordRules)).toBe('密码至少 6 位');
    expect(firstBroken('x'.repeat(200), passwordRules)).toMatch(/^密码最多 \d+ 位$/);
    expect(firstBroken('123456', passwordRules)).toBeNull();
    for (const bad of ['a@b', 'a b@c.cn', '@c.cn', 'a@.cn', 'a@c.'])
      expect(firstBroken(bad, emailRules), bad).toBe('邮箱格式不正确');
    expect(firstBroken('stu@example.edu.cn', emailRules)).toBeNull();
    expect(firstBroken('12345a', codeRules)).toBe('验证码是 6 位数字');
    expect(firstBroken('012345', codeRules)).toBeNull();
  });

  it('compares a confirmation with the field it names', () => {
    expect(firstBroken('', confirmPasswordRules, { password: 'abcdef' })).toBe('请再次输入密码');
    expect(firstBroken('abcdeg', confirmPasswordRules, { password: 'abcdef' })).toBe('两次输入的密码不一致');
    expect(firstBroken('abcdef', confirmPasswordRules, { password: 'abcdef' })).toBeNull();
  });

  it('leaves an empty optional field alone', () => {
    expect(firstBroken('', [{ pattern: /^\d+$/, message: '只能是数字' }])).toBeNull();
  });
});

describe('firstBroken: addresses and text problems', () => {
  it('takes full web addresses only', () => {
    const rules = [{ type: 'url' as const, message: '请输入完整的网址' }];
    for (const bad of [
      'example.com',
      'https://',
      'javascript:alert(1)',
      'http://localhost',
      'https://a b.cn',
    ])
      expect(firstBroken(bad, rules), bad).toBe('请输入完整的网址');
    for (const good of ['https://example.com', 'http://oj.example.edu.cn/x?y=1'])
      expect(firstBroken(good, rules), good).toBeNull();
  });

  it('names the field before what its problem check finds', () => {
    const rules = [
      { problem: (v: string) => (v.includes('\u202e') ? '不能含有控制字符' : null), message: '昵称' },
    ];
    expect(firstBroken('a\u202eb', rules)).toBe('昵称不能含有控制字符');
    expect(firstBroken('小明', rules)).toBeNull();
  });
});
