import { describe, expect, it } from 'vitest';
import { studentAccount, studentRowProblem } from './classes-rules';

describe('bulk student rows', () => {
  it('names the row and the reason of the first problem', () => {
    const check = (rows: { name: string; student_no: string }[]) => {
      const seen = new Set<string>();
      return rows.map((r, i) => studentRowProblem(r, i + 1, seen)).find(Boolean) ?? null;
    };
    expect(check([{ name: '张三', student_no: '2026001' }])).toBeNull();
    expect(check([{ name: '  ', student_no: '1' }])).toBe('第 1 行：姓名不能为空');
    expect(check([{ name: '张三', student_no: '' }])).toBe('第 1 行：学号不能为空');
    expect(
      check([
        { name: '张三', student_no: '1' },
        { name: '李四', student_no: '学号' },
      ]),
    ).toBe('第 2 行：学号只能包含字母和数字');
    expect(check([{ name: '张三', student_no: '1234567890123' }])).toBe('第 1 行：学号不能超过 12 个字符');
    expect(check([{ name: '一'.repeat(21), student_no: '1' }])).toBe('第 1 行：姓名不能超过 20 个字符');
    expect(check([{ name: '张\u202e三', student_no: '1' }])).toBe(
      '第 1 行：姓名不能包含改变文字方向的控制字符',
    );
    expect(
      check([
        { name: '甲', student_no: 'Ab1' },
        { name: '乙', student_no: 'aB1' },
      ]),
    ).toBe('第 2 行：学号 aB1 在名单中重复');
  });

  it('derives the account from the class and the student number, in lower case', () => {
    expect(studentAccount(12, ' 2026A01 ')).toBe('c12_2026a01');
  });
});
