import { describe, expect, it } from 'vitest';
import { UserModifyRequest } from './api/users';
import { findRequestTextProblem, MAX_NESTING, nameTextProblem } from './text-rules';

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
    const at = (v: unknown) => findRequestTextProblem(v)?.path ?? null;
    expect(findRequestTextProblem({ a: 'x\ty\r\nz', b: [1, 'ok', { c: null }] })).toBeNull();
    expect(at({ a: 'fine', b: [{ c: 'ok' }, { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(at({ 'k\u0007': 1 })).toEqual(['k\u0007']);
    expect(findRequestTextProblem('\u007f')).toEqual({
      path: [],
      problem: '不能包含控制字符',
      tooDeep: false,
    });
  });

  it('refuses lone surrogates, in values and keys, and keeps paired ones (emoji)', () => {
    expect(findRequestTextProblem({ a: '😀 \ud83d\ude00', b: ['𠮷'] })).toBeNull();
    const problem = '不能包含无效的 Unicode 字符（不成对的代理项）';
    expect(findRequestTextProblem({ a: 'a\ud800b' })).toEqual({ path: ['a'], problem, tooDeep: false });
    expect(findRequestTextProblem({ a: ['x', '\udc00'] })?.path).toEqual(['a', 1]);
    expect(findRequestTextProblem({ a: 'ab\ud83d' })?.problem).toBe(problem);
    expect(findRequestTextProblem({ 'k\udfff': 1 })?.path).toEqual(['k\udfff']);
    expect(nameTextProblem('名\ud800')).toBe(problem);
  });

  it('walks 100 000 levels of nesting without recursion and stops at the bound', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const found = findRequestTextProblem({ profile: deep });
    expect(found).toMatchObject({ tooDeep: true, problem: `嵌套层数过多（不能超过 ${MAX_NESTING} 层）` });
    expect(found?.path).toHaveLength(MAX_NESTING);
    expect(found?.path[0]).toBe('profile');
    // Exactly at the bound is fine: the request object is level 1.
    let ok: unknown = 1;
    for (let i = 1; i < MAX_NESTING; i++) ok = [ok];
    expect(findRequestTextProblem({ a: ok })).toBeNull();
    expect(findRequestTextProblem({ a: [ok] })?.tooDeep).toBe(true);
  });

  it('puts the rules into the shared schemas the sites use too', () => {
    const res = UserModifyRequest.safeParse({ username: '\u200b\u200b' });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0].message).toBe('昵称不能只由空白或不可见字符组成');
    expect(UserModifyRequest.safeParse({ username: '小明' }).success).toBe(true);
  });
});
