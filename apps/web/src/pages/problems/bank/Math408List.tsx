import { Input, Select, Space, Table } from 'antd';
import { Tag } from '../../../components/plain/Tag';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { QUESTION_TYPE_NAMES, QUESTION_TYPES } from '@oj/shared/data/question-types';
import type { Math408Row } from '../../../lib/contract';
import { type BankFilter, useMath408Bank } from '../../../api/math408';
import DifficultyTag from '../../../components/DifficultyTag';
import { DIFFICULTY_STYLE } from '../../../components/verdicts';
import { filterFromParams, filterSearch, SUBJECT_OPTIONS } from '../../../components/math408/bankFilter';

/**
 * The math / 408 bank (`/api/problem/math408/search`), its filter in the address next to `bank=math408`:
 * each question opens /problems/math408/{id} with that filter (上一题 / 下一题 stay within it).
 */
export default function Math408List() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const { data, isFetching } = useMath408Bank({ ...filter, pageNum, pageSize: 10 });
  const search = filterSearch(filter);

  /** A filter change starts again at page 1; the bank tab stays chosen. */
  const update = (patch: Partial<BankFilter>, page = 1) => {
    const next = filterSearch({ ...filter, ...patch });
    const p = new URLSearchParams(next);
    p.set('bank', 'math408');
    if (page > 1) p.set('pageNum', String(page));
    setParams(p);
  };

  return (
    <div data-testid="math408-bank">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="搜索数学 / 408 题目"
          allowClear
          defaultValue={filter.keyword}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
          style={{ width: 220 }}
        />
        <Select
          allowClear
          placeholder="科目"
          value={filter.subject}
          onChange={(v) => update({ subject: v })}
          options={SUBJECT_OPTIONS}
          style={{ width: 100 }}
        />
        <Select
          allowClear
          placeholder="题型"
          value={filter.type}
          onChange={(v) => update({ type: v })}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))}
          style={{ width: 110 }}
        />
        <Select
          allowClear
          placeholder="难度"
          value={filter.difficulty}
          onChange={(v) => update({ difficulty: v })}
          options={DIFFICULTY_STYLE.map((d, i) => ({ value: i, label: d.name }))}
          style={{ width: 100 }}
        />
        <Link to="/problems/math408/wrong" data-testid="math408-wrong-link">
          错题本
        </Link>
        <Link to={`/problems/math408/exam${search}`} data-testid="math408-exam-link">
          考试模式
        </Link>
      </Space>
      <Table<Math408Row>
        rowKey="question_id"
        size="middle"
        loading={isFetching}
        dataSource={data?.records ?? []}
        locale={{ emptyText: '没有符合条件的题目' }}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: data?.total ?? 0,
          onChange: (p) => update({}, p),
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 题`,
        }}
        columns={[
          {
            title: '状态',
            dataIndex: 'my_status',
            width: 60,
            align: 'center',
            render: (s: Math408Row['my_status']) =>
              s === 'solved' ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} />
              ) : s === 'tried' ? (
                <MinusCircleOutlined style={{ color: '#faad14' }} />
              ) : null,
          },
          {
            title: '题目',
            dataIndex: 'title',
            render: (t: string, r) => (
              <Link to={`/problems/math408/${r.question_id}${search}`} data-testid="question-link">
                {r.question_id}. {t}
              </Link>
            ),
          },
          {
            title: '题型',
            dataIndex: 'type',
            width: 100,
            render: (t: Math408Row['type']) => <Tag color="geekblue">{QUESTION_TYPE_NAMES[t]}</Tag>,
          },
          {
            title: '难度',
            dataIndex: 'difficulty',
            width: 70,
            render: (d: number) => <DifficultyTag difficulty={d} />,
          },
        ]}
      />
    </div>
  );
}
