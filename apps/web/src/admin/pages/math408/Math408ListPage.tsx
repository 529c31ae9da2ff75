import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { QUESTION_TYPE_NAMES, QUESTION_TYPES } from '@oj/shared/data/question-types';
import type { Math408AdminQuery, Math408AdminRow, QuestionType } from '../../../lib/contract';
import DifficultyTag from '../../../components/DifficultyTag';
import { notify } from '../../../lib/notify';
import { deleteQuestion, useAdminQuestions, useRefreshAdminQuestions } from '../../../api/math408';

const PAGE_SIZE = 10;

/** 数学/408 题目管理: search (hidden questions included), page, edit, view, delete with a confirmation. */
export default function Math408ListPage() {
  const navigate = useNavigate();
  const refresh = useRefreshAdminQuestions();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<QuestionType | undefined>();
  const [visibility, setVisibility] = useState<Math408AdminQuery['visibility']>();
  const [pageNum, setPageNum] = useState(1);
  const q = { keyword: keyword || undefined, type, visibility, pageNum, pageSize: PAGE_SIZE };
  const { data, isFetching } = useAdminQuestions(q);

  const remove = async (id: number) => {
    try {
      await deleteQuestion(id);
      notify.success(`题目 ${id} 已删除`);
      await refresh();
    } catch {
      // toast shown
    }
  };
  const filtered = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPageNum(1);
  };

  return (
    <Card data-testid="admin-math408-list">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            placeholder="题号、标题或内容"
            allowClear
            onSearch={(v) => filtered(setKeyword)(v.trim())}
            style={{ width: 240 }}
            data-testid="math408-search"
          />
          <Select<QuestionType>
            allowClear
            placeholder="题型"
            value={type}
            onChange={filtered(setType)}
            options={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_NAMES[t] }))}
            style={{ width: 120 }}
          />
          <Select<NonNullable<Math408AdminQuery['visibility']>>
            allowClear
            placeholder="可见性"
            value={visibility}
            onChange={filtered(setVisibility)}
            options={[
              { value: 'visible', label: '公开' },
              { value: 'hidden', label: '隐藏' },
            ]}
            style={{ width: 110 }}
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/math408/new')}
          data-testid="new-question"
        >
          新建题目
        </Button>
      </Space>
      <Table<Math408AdminRow>
        rowKey="question_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 题`,
        }}
        columns={[
          { title: '题号', dataIndex: 'question_id', width: 80 },
          {
            title: '题目',
            dataIndex: 'title',
            render: (title: string, r) => (
              <span>
                {title}
                {!r.visible && <Tag style={{ marginLeft: 6 }}>隐藏</Tag>}
              </span>
            ),
          },
          {
            title: '题型',
            dataIndex: 'type',
            width: 100,
            render: (t: QuestionType) => <Tag color="geekblue">{QUESTION_TYPE_NAMES[t]}</Tag>,
          },
          {
            title: '难度',
            dataIndex: 'difficulty',
            width: 80,
            render: (d: number) => <DifficultyTag difficulty={d} />,
          },
          { title: '作答数', dataIndex: 'answer_count', width: 90 },
          {
            title: '更新时间',
            dataIndex: 'update_time',
            width: 170,
            render: (t: string) => new Date(t).toLocaleString('zh-CN', { hour12: false }),
          },
          {
            title: '操作',
            key: 'ops',
            width: 200,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" onClick={() => navigate(`/math408/${r.question_id}/edit`)}>
                  编辑
                </Button>
                <Button type="link" href={`/problems/math408/${r.question_id}`} target="_blank">
                  查看
                </Button>
                <Popconfirm
                  title={`删除题目 ${r.question_id}？`}
                  description="题目从题库下架，已有作答记录保留。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(r.question_id)}
                >
                  <Button type="link" danger data-testid={`delete-question-${r.question_id}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
