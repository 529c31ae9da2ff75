import { useState } from 'react';
import { Input, Select, Space, Table, Tooltip } from 'antd';
import Button from '../../../components/plain/Button';
import { Tag } from '../../../components/plain/Tag';
import { PlusOutlined } from '@ant-design/icons';
import { QUESTION_TYPE_NAMES, QUESTION_TYPES } from '@oj/shared/data/question-types';
import { MATH408_TAG_CATEGORIES, math408TagIndex, subjectOfTags } from '@oj/shared/data/math408-tags';
import type { Math408Row } from '../../../lib/contract';
import { useQuestionPicker } from '../../../api/math408';
import DifficultyTag from '../../../components/DifficultyTag';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';

export type ContestSubject = 'math' | '408';

/** The subjects (tag ids 1–7, one per category) of each kind of contest. */
export const SUBJECTS_OF: Record<ContestSubject, { id: number; name: string }[]> = {
  math: MATH408_TAG_CATEGORIES.filter((c) => c.category_id <= 3).map((c) => ({ id: c.category_id, name: c.category_name })),
  '408': MATH408_TAG_CATEGORIES.filter((c) => c.category_id >= 4).map((c) => ({ id: c.category_id, name: c.category_name })),
};

const SUBJECT_NAMES: Record<ContestSubject, string> = { math: '数学', '408': '408' };

interface Props {
  subject: ContestSubject;
  pickedIds: ReadonlySet<number>;
  full: boolean;
  onPick: (q: Math408Row) => void;
}

/**
 * The question picker of a math / 408 contest (issue 16: no more typing ids): the contest's own
 * subject only, searched by keyword and filtered by subject, type and difficulty. A question that
 * is tagged with both kinds is listed but cannot be added (the server refuses it too).
 */
export default function QuestionPicker({ subject, pickedIds, full, onPick }: Props) {
  const [keyword, setKeyword] = useState('');
  const [subjectTag, setSubjectTag] = useState<number | undefined>();
  const [type, setType] = useState<Math408Row['type'] | undefined>();
  const [difficulty, setDifficulty] = useState<number | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const q = {
    keyword: keyword || undefined,
    subject,
    tags_list: subjectTag ? [subjectTag] : undefined,
    type,
    difficulty,
    pageNum,
    pageSize: 8,
  };
  const { data, isFetching } = useQuestionPicker(q);
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPageNum(1);
  };

  return (
    <div data-testid="question-picker">
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          placeholder="搜索题目标题或内容"
          allowClear
          onSearch={(v) => filter(setKeyword)(v.trim())}
          style={{ width: 220 }}
          aria-label="搜索题目"
          data-testid="picker-search"
        />
        <Select
          allowClear
          placeholder="科目"
          value={subjectTag}
          onChange={filter(setSubjectTag)}
          options={SUBJECTS_OF[subject].map((s) => ({ value: s.id, label: s.name }))}
          style={{ width: 170 }}
          aria-label="科目"
          data-testid="picker-subject"
        />
        <Select
          allowClear
          placeholder="题型"
          value={type}
          onChange={filter(setType)}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))}
          style={{ width: 120 }}
          aria-label="题型"
        />
        <Select
          allowClear
          placeholder="难度"
          value={difficulty}
          onChange={filter(setDifficulty)}
          options={DIFFICULTY_STYLE.map((d, i) => ({ value: i, label: d.name }))}
          style={{ width: 100 }}
          aria-label="难度"
        />
      </Space>
      <Table<Math408Row>
        rowKey="question_id"
        size="small"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 560 }}
        locale={{ emptyText: '没有符合条件的题目' }}
        pagination={{
          current: pageNum,
          pageSize: 8,
          total: data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          size: 'small',
        }}
        columns={[
          {
            title: '题目',
            key: 'title',
            render: (_: unknown, r) => (
              <span>
                #{r.question_id} {r.title}
              </span>
            ),
          },
          {
            title: '标签',
            key: 'tags',
            width: 180,
            render: (_: unknown, r) => (
              <Space size={[2, 2]} wrap>
                {r.tags_list.slice(0, 3).map((t) => (
                  <Tag key={t} bordered={false} style={{ marginInlineEnd: 0 }}>
                    {math408TagIndex.byId(t)?.tag_name ?? t}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: '题型', dataIndex: 'type', width: 80, render: (t: Math408Row['type']) => QUESTION_TYPE_NAMES[t] },
          { title: '难度', dataIndex: 'difficulty', width: 70, render: (d: number) => <DifficultyTag difficulty={d} /> },
          {
            title: '',
            key: 'pick',
            width: 80,
            fixed: 'right',
            render: (_: unknown, r) => {
              const other = subjectOfTags(r.tags_list) !== subject;
              const picked = pickedIds.has(r.question_id);
              const button = (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={picked || other || full}
                  onClick={() => onPick(r)}
                  data-testid={`pick-${r.question_id}`}
                >
                  {picked ? '已选' : '添加'}
                </Button>
              );
              return other ? <Tooltip title={`不是${SUBJECT_NAMES[subject]}题目`}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
    </div>
  );
}
