import { describe, expect, it } from 'vitest';
import { UserModifyRequest } from './api/users';
import { findControlChar, nameTextProblem } from './text-rules';

describe('text rules', () => {
  it('refuses control, bidi and invisible-only names, and keeps ordinary ones', () => {
    expect(nameTextProblem('张三 Zhang')).toBeNull();
    expect(nameTextProblem('a\u200db')).toBeNull(); // a joiner inside visible text (emoji sequences)
    expect(nameTextProblem('ab\u0000')).toBe('不能包含控制字符');
    expect(nameTextProblem('x\u001b[31m')).toBe('不能包含控制字符');
    expect(nameTextProblem('\u0085')).toBe('不能包含控制字符');
    expect(nameTextProblem('abc\u202egnp.exe')).toBe('不能包含改变文字方向的控制字符');
    expect(nameTextProblem('\u2066a\u2069')).toBe('不能包含改变文字方向的控制字符');
    expect(nameTextProblem('\u200b\u200c\ufeff')).toBe('不能只由空白或不可见字符组成');
    expect(nameTextProblem('\u3000 \u3164')).toBe('不能只由空白或不可见字符组成');
  });

  it('finds the first control character anywhere in a request, allowing tabs and line breaks', () => {
    expect(findControlChar({ a: 'x\ty\r\nz', b: [1, 'ok', { c: null }] })).toBeNull();
    expect(findControlChar({ a: 'fine', b: [{ c: 'ok' }, { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findControlChar({ 'k\u0007': 1 })).toEqual(['k\u0007']);
    expect(findControlChar('\u007f')).toEqual([]);
  });

  it('puts the rules into the shared schemas the sites use too', () => {
    const res = UserModifyRequest.safeParse({ username: '\u200b\u200b' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('昵称不能只由空白或不可见字符组成');
    expect(UserModifyRequest.safeParse({ username: '小明' }).success).toBe(true);
  });
});
