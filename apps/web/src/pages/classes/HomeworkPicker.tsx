import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import type { HomeworkItemRef } from '../../lib/contract';
import { searchProblems } from '../../api/problems';
import { searchQuestions } from '../../api/math408';

/** A picked item as the select keeps it: `algorithm:1000` or `math408:5`, shown as "#id 标题". */
export interface PickedItem {
  value: string;
  label: string;
}

export const pickedValue = (kind: HomeworkItemRef['kind'], id: number) => `${kind}:${id}`;
export const pickedLabel = (kind: HomeworkItemRef['kind'], id: number, title: string) =>
  `${kind === 'math408' ? '数学/408 ' : ''}#${id} ${title}`;

/** The picked items in their order, as the homework's `items`. */
export function pickedRefs(picked: PickedItem[] | undefined): HomeworkItemRef[] {
  return (picked ?? []).flatMap((p) => {
    const [kind, id] = p.value.split(':');
    const n = Number(id);
    return (kind === 'algorithm' || kind === 'math408') && Number.isInteger(n) && n > 0
      ? [{ kind, id: n }]
      : [];
  });
}

type Group = { label: string; options: { value: string; label: string }[] };

/**
 * Finds bank problems (the bank search: title or number) and math / 408 questions (title) as the
 * teacher types, and keeps the picked ones in order (the form's `items`, labels included).
 */
export default function HomeworkPicker({
  value,
  onChange,
}: {
  value?: PickedItem[];
  onChange?: (v: PickedItem[]) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const [groups, setGroups] = useState<Group[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const kw = keyword.trim();
    if (!kw) {
      setGroups([]);
      return;
    }
    let live = true;
    // Wait for a pause in typing before asking both banks.
    const timer = setTimeout(() => {
      setLoading(true);
      void Promise.all([
        searchProblems({ keyword: kw, pageNum: 1, pageSize: 10 }).catch(() => null),
        searchQuestions({ keyword: kw, pageNum: 1, pageSize: 10 }).catch(() => null),
      ]).then(([problems, questions]) => {
        if (!live) return;
        setLoading(false);
        setGroups(
          [
            {
              label: '算法题',
              options: (problems?.records ?? []).map((p) => ({
                value: pickedValue('algorithm', p.problem_id),
                label: pickedLabel('algorithm', p.problem_id, p.chinese_name),
              })),
            },
            {
              label: '数学/408 题',
              options: (questions?.records ?? []).map((q) => ({
                value: pickedValue('math408', q.question_id),
                label: pickedLabel('math408', q.question_id, q.title),
              })),
            },
          ].filter((g) => g.options.length),
        );
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  return (
    <Select<PickedItem[]>
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      value={value}
      onChange={(v) => onChange?.(v.map((p) => ({ value: String(p.value), label: String(p.label) })))}
      onSearch={setKeyword}
      options={groups}
      notFoundContent={
        loading ? <Spin size="small" /> : keyword.trim() ? '没有找到题目' : '输入标题或题号搜索'
      }
      placeholder="按标题或题号搜索算法题和数学/408 题"
      style={{ width: '100%' }}
      data-testid="homework-picker"
      aria-label="搜索题目"
    />
  );
}
