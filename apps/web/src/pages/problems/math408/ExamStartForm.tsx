import { useState, type FormEvent } from 'react';
import Button from '../../../components/plain/Button';
import { FormItem, TextInput } from '../../../components/plain/Form';
import { NativeSelect } from '../../../components/NativeSelect';
import { QUESTION_TYPE_NAMES } from '@oj/shared/data/question-types';
import { MATH408_EXAM_MAX } from '@oj/shared/data/math408-practice';
import type { BankFilter } from '../../../api/math408';
import { SUBJECT_OPTIONS } from '../../../components/math408/bankFilter';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';

/** What 开始考试 draws: a filter of the bank, how many questions, and the minutes allowed. */
export type ExamSettings = BankFilter & { count: number; minutes: number };

type NumberField = 'count' | 'minutes';
const NUMBERS: Record<NumberField, { name: string; max: number }> = {
  count: { name: '题目数量', max: MATH408_EXAM_MAX },
  minutes: { name: '限时', max: 600 },
};

/** The message of a number field, or undefined when it holds a whole number in its range. */
function numberError(field: NumberField, text: string): string | undefined {
  const { name, max } = NUMBERS[field];
  if (!text.trim()) return `请填写${name}`;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? undefined : `${name}须是 1 到 ${max} 的整数`;
}

const TYPE_OPTIONS = (['single', 'multiple', 'short'] as const).map((t) => ({
  value: t,
  label: QUESTION_TYPE_NAMES[t],
}));
const DIFFICULTY_OPTIONS = DIFFICULTY_STYLE.map((d, i) => ({ value: i, label: d.name }));

/**
 * 考试模式's settings, with plain parts (native selects, number boxes): the page's first load
 * carries none of antd's Form, Select and InputNumber. A number is checked as it changes and on
 * 开始考试, as antd's Form did.
 */
export default function ExamStartForm({
  initial,
  busy,
  onStart,
}: {
  initial: BankFilter;
  busy: boolean;
  onStart: (settings: ExamSettings) => void;
}) {
  const [filter, setFilter] = useState<BankFilter>(initial);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({ count: '10', minutes: '30' });
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const pick = (change: Partial<BankFilter>) => setFilter((f) => ({ ...f, ...change }));
  const setNumber = (field: NumberField, text: string) => {
    setNumbers((n) => ({ ...n, [field]: text }));
    setErrors((e) => ({ ...e, [field]: numberError(field, text) }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      count: numberError('count', numbers.count),
      minutes: numberError('minutes', numbers.minutes),
    };
    setErrors(found);
    if (found.count || found.minutes) return;
    onStart({
      ...filter,
      keyword: filter.keyword?.trim() || undefined,
      count: Number(numbers.count),
      minutes: Number(numbers.minutes),
    });
  };
  const number = (field: NumberField) => (
    <FormItem
      label={`${NUMBERS[field].name}${field === 'minutes' ? '（分钟）' : ''}`}
      required
      error={errors[field]}
    >
      <TextInput
        type="number"
        inputMode="numeric"
        min={1}
        max={NUMBERS[field].max}
        step={1}
        value={numbers[field]}
        onChange={(e) => setNumber(field, e.target.value)}
        invalid={!!errors[field]}
        aria-label={NUMBERS[field].name}
        style={{ width: 120 }}
        data-testid={`exam-${field}`}
      />
    </FormItem>
  );
  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: 420 }} aria-label="考试设置">
      <FormItem label="关键词">
        <TextInput
          value={filter.keyword ?? ''}
          onChange={(e) => pick({ keyword: e.target.value })}
          placeholder="题目标题或内容"
          aria-label="关键词"
          data-testid="exam-keyword"
        />
      </FormItem>
      <FormItem label="科目">
        <NativeSelect
          value={filter.subject}
          onChange={(subject) => pick({ subject })}
          onClear={() => pick({ subject: undefined })}
          clearLabel="全部"
          options={SUBJECT_OPTIONS as { value: 'math' | '408'; label: string }[]}
          style={{ width: '100%' }}
          aria-label="科目"
        />
      </FormItem>
      <FormItem label="题型">
        <NativeSelect
          value={filter.type}
          onChange={(type) => pick({ type })}
          onClear={() => pick({ type: undefined })}
          clearLabel="单选、多选与简答"
          options={TYPE_OPTIONS}
          style={{ width: '100%' }}
          aria-label="题型"
        />
      </FormItem>
      <FormItem label="难度">
        <NativeSelect
          value={filter.difficulty}
          onChange={(difficulty) => pick({ difficulty })}
          onClear={() => pick({ difficulty: undefined })}
          clearLabel="全部"
          options={DIFFICULTY_OPTIONS}
          style={{ width: '100%' }}
          aria-label="难度"
        />
      </FormItem>
      <div className="oj-wrap-row" style={{ alignItems: 'flex-start', gap: 16 }}>
        {number('count')}
        {number('minutes')}
      </div>
      <Button type="primary" htmlType="submit" loading={busy}>
        开始考试
      </Button>
    </form>
  );
}
