import { describe, expect, it } from 'vitest';
import { nameRule } from './nameRule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = (value: unknown) => (nameRule('昵称') as { validator: Validator }).validator({}, value);

describe('the name rule of the forms', () => {
  it('refuses what the server refuses, with the same words', async () => {
    await expect(validate('\u200b\u200b')).rejects.toThrow('昵称不能只由空白或不可见字符组成');
    await expect(validate('abc\u202e')).rejects.toThrow('昵称不能包含改变文字方向的控制字符');
    await expect(validate('小明')).resolves.toBeUndefined();
    await expect(validate(undefined)).resolves.toBeUndefined();
  });
});
