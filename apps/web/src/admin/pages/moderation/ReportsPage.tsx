import { useState } from 'react';
import {
  Button,
  InputNumber,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_KINDS,
  type ReportAction,
  type ReportStatus,
  type ReportView,
} from '../../../lib/contract';
import { handleReport, useRefreshReports, useReports } from '../../../api/moderation';
import { notify } from '../../../lib/notify';

const label = (list: readonly { value: string; label: string }[], v: string | null) =>
  list.find((x) => x.value === v)?.label ?? '—';
const STATUS_COLORS: Record<ReportStatus, string> = {
  open: 'orange',
  dismissed: 'default',
  actioned: 'green',
};

/** The reported post or comment as the forum describes it (null: it is gone). */
function TargetCell({ row }: { row: ReportView }) {
  const kind = label(REPORT_TARGET_KINDS, row.kind);
  if (!row.target)
    return (
      <Typography.Text type="secondary">
        {kind} {row.target_id}（已不存在）
      </Typography.Text>
    );
  return (
    <div className="adm-report-target">
      <div>
        <Tag>{kind}</Tag>
        {/* The user site, in a new tab: the content as readers see it. */}
        {row.target.link.startsWith('/') ? (
          <a href={row.target.link} target="_blank" rel="noopener noreferrer">
            {row.target.title}
          </a>
        ) : (
          row.target.title
        )}
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
        {row.target.excerpt}
      </Typography.Paragraph>
      <Typography.Text type="secondary">作者：{row.target.author?.username ?? '—'}</Typography.Text>
    </div>
  );
}

/** 举报处理: reports by status with a preview of their target; dismiss, hide, delete or mute the author. */
export default function ReportsPage() {
  const [status, setStatus] = useState<ReportStatus | 'all'>('open');
  const [pageNum, setPageNum] = useState(1);
  const [muteDays, setMuteDays] = useState<number | null>(7);
  const reports = useReports(status, pageNum);
  const refresh = useRefreshReports();

  const act = async (row: ReportView, action: ReportAction) => {
    try {
      await handleReport({
        report_id: row.report_id,
        action,
        ...(action === 'mute' ? { mute_days: muteDays ?? 1 } : {}),
      });
      notify.success(`举报 ${row.report_id} 已${label(REPORT_ACTIONS, action)}`);
      await refresh();
    } catch {
      // toasted by the client
    }
  };

  const confirm = (row: ReportView, action: ReportAction, title: string, danger = true) => (
    <Popconfirm
      title={title}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger }}
      onConfirm={() => act(row, action)}
    >
      <Button size="small" danger={danger} data-testid={`report-${action}-${row.report_id}`}>
        {label(REPORT_ACTIONS, action)}
      </Button>
    </Popconfirm>
  );

  const columns: TableProps<ReportView>['columns'] = [
    { title: '编号', dataIndex: 'report_id', width: 70 },
    { title: '被举报内容', key: 'target', width: 320, render: (_, row) => <TargetCell row={row} /> },
    {
      title: '原因',
      key: 'reason',
      render: (_, row) => (
        <div>
          <Tag color="red">{label(REPORT_REASONS, row.reason)}</Tag>
          {row.detail && <div className="adm-report-detail">{row.detail}</div>}
        </div>
      ),
    },
    { title: '举报人', dataIndex: 'reporter', render: (p: ReportView['reporter']) => p?.username ?? '—' },
    {
      title: '举报时间',
      dataIndex: 'create_time',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATUS_COLORS[row.status]}>{label(REPORT_STATUSES, row.status)}</Tag>
          {row.handler && (
            <Typography.Text type="secondary">
              {row.handler.username}：{label(REPORT_ACTIONS, row.action)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) =>
        row.status !== 'open' ? null : (
          <Space wrap style={{ width: 180 }}>
            {confirm(row, 'dismiss', '确定驳回这条举报吗？', false)}
            {confirm(row, 'hide', '确定隐藏被举报的内容吗？')}
            {confirm(row, 'delete', '确定删除被举报的内容吗？')}
            {confirm(row, 'mute', `确定禁言作者 ${muteDays ?? 1} 天吗？`)}
          </Space>
        ),
    },
  ];

  return (
    <div data-testid="admin-reports">
      <div className="adm-toolbar">
        <Segmented<ReportStatus | 'all'>
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPageNum(1);
          }}
          options={[
            ...REPORT_STATUSES.map((s) => ({ value: s.value, label: s.label })),
            { value: 'all', label: '全部' },
          ]}
        />
        <Space>
          禁言天数
          <InputNumber
            min={1}
            max={3650}
            value={muteDays}
            onChange={setMuteDays}
            addonAfter="天"
            style={{ width: 120 }}
          />
        </Space>
      </div>
      <Table<ReportView>
        rowKey="report_id"
        columns={columns}
        dataSource={reports.data?.records ?? []}
        loading={reports.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageNum,
          pageSize: reports.data?.pageSize ?? 10,
          total: reports.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        locale={{ emptyText: '没有这类举报' }}
      />
    </div>
  );
}
