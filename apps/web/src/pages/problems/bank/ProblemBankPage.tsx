import { useMemo, useState } from 'react';
import { Button, Col, Input, Row, Select, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { AlgorithmQueryInput, BankRow } from '../../../lib/contract';
import { useBank, useTagGroups } from '../../../api/problems';
import DifficultyTag from '../../../components/DifficultyTag';
import { DIFFICULTY_STYLE, SOURCE_NAMES } from '../../../components/verdicts';
import BankSidebar from './BankSidebar';
import Math408List from './Math408List';
import TagPicker from './TagPicker';
import { bankQueryFromParams, paramsFromBankQuery } from './query';
import '../problems.css';

function StatusIcon({ status }: { status: BankRow['my_status'] }) {
  if (status === 'solved')
    return (
      <Tooltip title="已通过">
        <CheckCircleFilled style={{ color: '#52c41a' }} data-status="solved" />
      </Tooltip>
    );
  if (status === 'tried')
    return (
      <Tooltip title="尝试过">
        <MinusCircleOutlined style={{ color: '#faad14' }} data-status="tried" />
      </Tooltip>
    );
  return <span data-status="none" />;
}

/** /problems: the algorithm bank with filters kept in the address (SPEC §2), the daily problem and sums. */
export default function ProblemBankPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => bankQueryFromParams(params), [params]);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const bankKind = params.get('bank') === 'math408' ? 'math408' : 'algorithm';
  const bank = useBank(query);
  const { data: groups = [] } = useTagGroups();
  const tagNames = useMemo(
    () => new Map(groups.flatMap((g) => g.tags.map((t) => [t.tag_id, t.tag_name] as const))),
    [groups],
  );

  /** Every filter change starts again at page 1 (SPEC §2). */
  const update = (patch: Partial<AlgorithmQueryInput>, keepPage = false) =>
    setParams(paramsFromBankQuery({ ...query, ...patch, pageNum: keepPage ? patch.pageNum : 1 }));

  const columns = [
    {
      title: '状态',
      dataIndex: 'my_status',
      width: 60,
      align: 'center' as const,
      render: (s: BankRow['my_status']) => <StatusIcon status={s} />,
    },
    {
      title: '题目',
      key: 'title',
      render: (_: unknown, r: BankRow) => (
        <Link to={`/problems/algorithm/${r.problem_id}`} data-testid="problem-link">
          {r.problem_id}. {r.chinese_name}
          {!r.visible && <Tag style={{ marginLeft: 6 }}>隐藏</Tag>}
        </Link>
      ),
    },
    {
      title: '标签',
      dataIndex: 'tags_list',
      render: (tags: number[]) =>
        tags.slice(0, 3).map((id) => (
          <Tag key={id} bordered={false}>
            {tagNames.get(id) ?? `#${id}`}
          </Tag>
        )),
    },
    { title: '来源', dataIndex: 'source_name', width: 100, render: (s: string) => SOURCE_NAMES[s] ?? s },
    {
      title: '难度',
      dataIndex: 'difficulty',
      width: 70,
      render: (d: number) => <DifficultyTag difficulty={d} />,
    },
    {
      title: '通过率',
      dataIndex: 'pass_rate',
      width: 110,
      render: (rate: number, r: BankRow) => (
        <Tooltip title={`通过 ${r.accept_num} / 提交 ${r.submit_num}`}>{(rate * 100).toFixed(1)}%</Tooltip>
      ),
    },
  ];

  return (
    <div className="oj-container oj-problems" data-testid="problem-bank">
      <Row gutter={20}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <div className="oj-panel">
            <Tabs
              activeKey={bankKind}
              onChange={(k) => setParams(k === 'math408' ? { bank: 'math408' } : {})}
              items={[
                {
                  key: 'algorithm',
                  label: '算法题库',
                  children: (
                    <>
                      <Space wrap style={{ marginBottom: 16 }}>
                        <Input.Search
                          placeholder="搜索题号或题目名称"
                          allowClear
                          value={keyword}
                          onChange={(e) => setKeyword(e.target.value)}
                          onSearch={(v) => update({ keyword: v.trim() || undefined })}
                          style={{ width: 240 }}
                          data-testid="bank-keyword"
                        />
                        <Select
                          placeholder="难度"
                          allowClear
                          style={{ width: 110 }}
                          value={query.difficulty as number | undefined}
                          onChange={(d?: number) => update({ difficulty: d })}
                          options={DIFFICULTY_STYLE.map((s, i) => ({
                            value: i,
                            label: <span style={{ color: s.color }}>{s.name}</span>,
                          }))}
                          data-testid="bank-difficulty"
                        />
                        <Select
                          mode="multiple"
                          placeholder="来源"
                          allowClear
                          style={{ minWidth: 140 }}
                          value={query.source_list as string[]}
                          onChange={(s: string[]) =>
                            update({ source_list: s as AlgorithmQueryInput['source_list'] })
                          }
                          options={Object.entries(SOURCE_NAMES).map(([value, label]) => ({ value, label }))}
                        />
                        <TagPicker
                          value={query.tags_list as number[]}
                          onChange={(t) => update({ tags_list: t })}
                        />
                        <Button
                          icon={<ReloadOutlined />}
                          onClick={() => {
                            setKeyword('');
                            setParams({});
                          }}
                        >
                          重置
                        </Button>
                      </Space>
                      <Table<BankRow>
                        rowKey="problem_id"
                        size="middle"
                        loading={bank.isFetching}
                        dataSource={bank.data?.records ?? []}
                        columns={columns}
                        locale={{ emptyText: '没有符合条件的题目' }}
                        pagination={{
                          current: Number(query.pageNum ?? 1),
                          pageSize: Number(query.pageSize ?? 10),
                          total: bank.data?.total ?? 0,
                          showSizeChanger: false,
                          showTotal: (t) => `共 ${t} 题`,
                          onChange: (pageNum) => update({ pageNum }, true),
                        }}
                      />
                    </>
                  ),
                },
                {
                  key: 'math408',
                  label: '数学 / 408',
                  children: bankKind === 'math408' ? <Math408List /> : null,
                },
              ]}
            />
          </div>
        </Col>
        <Col flex="300px">
          <BankSidebar />
        </Col>
      </Row>
    </div>
  );
}
