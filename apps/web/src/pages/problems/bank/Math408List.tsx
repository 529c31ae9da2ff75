import { useState } from 'react';
import { Input, Space, Table, Tag } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { QUESTION_TYPE_NAMES } from '@oj/shared/data/question-types';
import type { Math408Row } from '../../../lib/contract';
import { useMath408Bank } from '../../../api/math408';
import DifficultyTag from '../../../components/DifficultyTag';

/** The math / 408 bank (`/api/problem/math408/search`): each question opens /problems/math408/{id}. */
export default function Math408List() {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const q = { keyword: keyword || undefined, pageNum, pageSize: 10 };
  const { data, isFetching } = useMath408Bank(q);
  return (
    <div data-testid="math408-bank">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="搜索数学 / 408 题目"
          allowClear
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNum(1);
          }}
          style={{ width: 240 }}
        />
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
          onChange: setPageNum,
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
              <Link to={`/problems/math408/${r.question_id}`} data-testid="question-link">
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
