import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { setLanguageFactors, useAdminLanguages, useRefreshLanguages } from '../../../api/languages';
import { LANGUAGE_FACTOR_MAX, LANGUAGE_FACTOR_MIN, type LanguageStatus } from '../../../lib/contract';
import { notify } from '../../../lib/notify';

/** Where a language stands on this install, in words. */
function stateTag(l: LanguageStatus) {
  if (l.available) return <Tag color="green">可用</Tag>;
  if (l.enabled) return <Tag color="red">已启用，未安装</Tag>;
  if (l.installed) return <Tag color="blue">已安装，未启用</Tag>;
  return <Tag>未启用</Tag>;
}

/**
 * 评测语言: each language the judge knows, installed / enabled / missing, with the command that
 * installs it (`npm start` runs it as root once `OJ_LANGUAGES` names the language), and its time
 * and memory factors (a problem's limits are multiplied by them for that language).
 */
export default function LanguagesPage() {
  const list = useAdminLanguages();
  const refresh = useRefreshLanguages();
  const [editing, setEditing] = useState<LanguageStatus | null>(null);
  const [factors, setFactors] = useState({ time: 1, memory: 1 });
  const [saving, setSaving] = useState(false);

  const open = (l: LanguageStatus) => {
    setEditing(l);
    setFactors({ time: l.time_factor, memory: l.memory_factor });
  };
  const save = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      await setLanguageFactors({
        language: editing.name,
        time_factor: factors.time,
        memory_factor: factors.memory,
      });
      notify.success(`${editing.name} 的倍率已保存`);
      setEditing(null);
      await refresh();
    } catch {
      // the error toast says why
    } finally {
      setSaving(false);
    }
  };

  const columns: TableProps<LanguageStatus>['columns'] = [
    { title: '语言', dataIndex: 'name', width: 110, render: (n: string) => <b>{n}</b> },
    { title: '状态', key: 'state', width: 140, render: (_, l) => stateTag(l) },
    {
      title: '版本',
      dataIndex: 'version',
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '安装命令（root）',
      dataIndex: 'install_command',
      render: (cmd: string, l) =>
        l.installed || !cmd ? (
          <Typography.Text type="secondary">已安装</Typography.Text>
        ) : (
          <Typography.Text code copyable>
            {cmd}
          </Typography.Text>
        ),
    },
    { title: '时间倍率', dataIndex: 'time_factor', width: 90, render: (f: number) => `×${f}` },
    { title: '内存倍率', dataIndex: 'memory_factor', width: 90, render: (f: number) => `×${f}` },
    {
      title: '操作',
      key: 'edit',
      width: 100,
      render: (_, l) => (
        <Button size="small" onClick={() => open(l)} data-testid={`factors-${l.name}`}>
          设置倍率
        </Button>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="languages-admin">
      <Alert
        type="info"
        showIcon
        message="启用更多语言"
        description={
          <>
            C、C++、Python3、Java、Go、JavaScript 始终启用。其他语言写进环境变量{' '}
            <Typography.Text code>OJ_LANGUAGES</Typography.Text>（如{' '}
            <Typography.Text code>OJ_LANGUAGES=Rust,Pascal,Kotlin</Typography.Text>，或{' '}
            <Typography.Text code>all</Typography.Text>），以 root 身份重新{' '}
            <Typography.Text code>npm start</Typography.Text> 即会安装并启用。当前设置：
            <Typography.Text code>{list.data?.setting || '（空）'}</Typography.Text>
            {list.data?.unknown.length ? `，其中无法识别：${list.data.unknown.join('、')}` : ''}
          </>
        }
      />
      <Table<LanguageStatus>
        rowKey="name"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.languages ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 1000 }}
      />
      <Modal
        open={editing !== null}
        title={`${editing?.name ?? ''} 的时间与内存倍率`}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
      >
        <Typography.Paragraph type="secondary">
          用这门语言提交时，题目的时间限制和内存限制分别乘以这两个倍率（1 为不变），题目页会在限制旁注明。
        </Typography.Paragraph>
        <Space>
          时间倍率
          <InputNumber
            min={LANGUAGE_FACTOR_MIN}
            max={LANGUAGE_FACTOR_MAX}
            step={0.5}
            value={factors.time}
            onChange={(v) => setFactors((f) => ({ ...f, time: v ?? 1 }))}
            data-testid="time-factor"
          />
          内存倍率
          <InputNumber
            min={LANGUAGE_FACTOR_MIN}
            max={LANGUAGE_FACTOR_MAX}
            step={0.5}
            value={factors.memory}
            onChange={(v) => setFactors((f) => ({ ...f, memory: v ?? 1 }))}
            data-testid="memory-factor"
          />
        </Space>
      </Modal>
    </Space>
  );
}
