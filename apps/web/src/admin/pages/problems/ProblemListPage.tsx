import { useState } from 'react';
import { Button, Card, Input, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import { ImportOutlined, PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { BankRow, BankSort } from '../../../lib/contract';
import { deleteProblem, rejudge, useAdminProblems, useRefreshAdminProblems } from '../../../api/problems';
import DifficultyTag from '../../../components/DifficultyTag';
import { SOURCE_NAMES } from '../../../components/verdicts';
import { notify } from '../../../lib/notify';
import ExportMenu from './ExportMenu';
import SetDailyButton from './SetDailyButton';
import TeacherProblemList from './TeacherProblemList';
import { Role } from '../../../lib/contract';
import { useUserStore } from '../../../stores/user';

/**
 * 题目管理: administrators see the bank (AdminProblemList); a teacher only its class problems
 * (issue 27 part 3).
 */
export default function ProblemListPage() {
  const teacherOnly = useUserStore((s) => s.user.role !== Role.Admin);
  return teacherOnly ? <TeacherProblemList /> : <AdminProblemList />;
}

/** The bank: search, page, edit, delete (with confirm), set the daily problem, rejudge a submission, import, export. */
function AdminProblemList() {
  const navigate = useNavigate();
  const refresh = useRefreshAdminProblems();
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [submissionId, setSubmissionId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  // Newest first by default: a problem just made is on the first page, not the last.
  const [sort, setSort] = useState<{ by: BankSort; order: 'asc' | 'desc' }>({ by: 'time', order: 'desc' });
  const q = { keyword: keyword || undefined, pageNum, pageSize: 10, sort: sort.by, order: sort.order };
  const sortOrderOf = (by: BankSort) =>
    sort.by === by ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const { data, isFetching } = useAdminProblems(q);

  const remove = async (id: number) => {
    try {
      await deleteProblem(id);
      notify.success(`题目 ${id} 已删除`);
      await refresh();
    } catch {
      // toast shown
    }
  };
  const rejudgeOne = async () => {
    if (!submissionId) return;
    try {
      const r = await rejudge({ submission_id: submissionId });
      notify.success(`已重新加入评测队列：${r.count} 个提交`);
    } catch {
      // toast shown
    }
  };

  return (
    <Card data-testid="admin-problem-list">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            placeholder="题号或题目名称"
            allowClear
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
            style={{ width: 260 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/problems/new')}
            data-testid="new-problem"
          >
            新建题目
          </Button>
          <Button
            icon={<ImportOutlined />}
            onClick={() => navigate('/problems/import')}
            data-testid="import-problems"
          >
            导入题目
          </Button>
          <ExportMenu
            ids={selected}
            label={selected.length ? `导出所选（${selected.length}）` : '导出所选'}
          />
        </Space>
        <Space.Compact>
          <InputNumber
            min={1}
            placeholder="提交编号"
            value={submissionId}
            onChange={(v) => setSubmissionId(v)}
            style={{ width: 140 }}
          />
          <Button icon={<RedoOutlined />} onClick={() => void rejudgeOne()} disabled={!submissionId}>
            重判提交
          </Button>
        </Space.Compact>
      </Space>
      <Table<BankRow>
        rowKey="problem_id"
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 题`,
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            setPageNum(pagination.current ?? 1);
            return;
          }
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const by = s?.columnKey as BankSort | undefined;
          // A third click clears antd's order: back to the default, newest first.
          setSort(
            by && s.order
              ? { by, order: s.order === 'ascend' ? 'asc' : 'desc' }
              : { by: 'time', order: 'desc' },
          );
          setPageNum(1);
        }}
        columns={[
          {
            title: '题号',
            key: 'id',
            dataIndex: 'problem_id',
            width: 90,
            sorter: true,
            sortOrder: sortOrderOf('id'),
            sortDirections: ['ascend', 'descend', 'ascend'],
          },
          {
            title: '题目',
            key: 'title',
            dataIndex: 'chinese_name',
            sorter: true,
            sortOrder: sortOrderOf('title'),
            sortDirections: ['ascend', 'descend', 'ascend'],
            render: (name: string, r) => (
              <span>
                {name}
                {!r.visible && <Tag style={{ marginLeft: 6 }}>隐藏</Tag>}
              </span>
            ),
          },
          {
            title: '难度',
            dataIndex: 'difficulty',
            width: 80,
            render: (d: number) => <DifficultyTag difficulty={d} />,
          },
          {
            title: '来源',
            dataIndex: 'source_name',
            width: 100,
            render: (s: string) => SOURCE_NAMES[s] ?? s,
          },
          { title: '提交', dataIndex: 'submit_num', width: 80 },
          {
            title: '创建时间',
            key: 'time',
            dataIndex: 'create_time',
            width: 150,
            sorter: true,
            sortOrder: sortOrderOf('time'),
            sortDirections: ['descend', 'ascend', 'descend'],
            render: (t: string) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '—'),
          },
          {
            title: '通过率',
            dataIndex: 'pass_rate',
            width: 90,
            render: (r: number) => `${(r * 100).toFixed(1)}%`,
          },
          {
            title: '操作',
            key: 'ops',
            width: 300,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" onClick={() => navigate(`/problems/${r.problem_id}/edit`)}>
                  编辑
                </Button>
                <Button type="link" onClick={() => navigate(`/problems/${r.problem_id}/verify`)}>
                  验证
                </Button>
                <Button type="link" href={`/problems/algorithm/${r.problem_id}`} target="_blank">
                  查看
                </Button>
                <SetDailyButton problemId={r.problem_id} />
                <ExportMenu ids={[r.problem_id]} link />
                <Popconfirm
                  title={`删除题目 ${r.problem_id}？`}
                  description="题目与测试数据会被删除，不能恢复。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(r.problem_id)}
                >
                  <Button type="link" danger>
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
