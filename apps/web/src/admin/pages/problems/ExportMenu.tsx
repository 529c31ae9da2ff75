import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TransferFormat } from '../../../lib/contract';
import { exportProblems, saveFile } from '../../../api/problem-transfer';
import { notify } from '../../../lib/notify';

const ITEMS: { key: TransferFormat; label: string }[] = [
  { key: 'hydro', label: 'HydroOJ 题目包（zip）' },
  { key: 'fps', label: 'FPS XML' },
];

/** 导出: the given problems as a HydroOJ zip or an FPS XML file (one problem or the selection). */
export default function ExportMenu({
  ids,
  label = '导出',
  link = false,
}: {
  ids: number[];
  label?: string;
  link?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (format: TransferFormat) => {
    setBusy(true);
    try {
      const file = await exportProblems(ids, format);
      saveFile(file.blob, file.filename);
      if (file.warnings.length) notify.warning(file.warnings.join('；'));
      else notify.success(`已导出 ${ids.length} 道题目`);
    } catch (e) {
      notify.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={!ids.length || busy}
      trigger={['click']}
      menu={{ items: ITEMS, onClick: ({ key }) => void run(key as TransferFormat) }}
    >
      <Button
        type={link ? 'link' : 'default'}
        icon={link ? undefined : <DownloadOutlined />}
        loading={busy}
        data-testid="export-menu"
      >
        {label}
      </Button>
    </Dropdown>
  );
}
