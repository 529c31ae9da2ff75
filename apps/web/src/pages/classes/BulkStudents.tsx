import { useState } from 'react';
import { Alert, Input, Space, Upload } from 'antd';
import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import Button from '../../components/plain/Button';
import { studentAccount, studentRowProblem, type ClassSummary } from '../../lib/contract';
import { bulkStudents, readSheet, useRefreshClasses } from '../../api/classes';
import { notify } from '../../lib/notify';

/** One student per line: 姓名, then 学号 after a comma, a tab (pasted from Excel) or spaces. */
export function parseStudents(text: string): { name: string; student_no: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/\t|,|，|\s+/);
      return { name: name.trim(), student_no: rest.join('').trim() };
    });
}

/** Saves a downloaded workbook under a name. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 批量创建学生账号 (the class's teacher): paste 姓名 and 学号 (or read an .xlsx sheet into the box),
 * check every row here as the server will, then make the accounts and download them with their
 * initial passwords (shown only this once; each student changes it at first login).
 */
export default function BulkStudents({ c }: { c: ClassSummary }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshClasses();
  const rows = parseStudents(text);
  const seen = new Set<string>();
  const problem = rows.map((r, i) => studentRowProblem(r, i + 1, seen)).find(Boolean) ?? null;

  const upload = async (file: File) => {
    try {
      const read = await readSheet(c.class_id, file);
      setText(read.map((r) => `${r.name}\t${r.student_no}`).join('\n'));
    } catch {
      // The server's message was shown.
    }
    return false;
  };

  const submit = async () => {
    setBusy(true);
    try {
      save(await bulkStudents(c.class_id, rows), `${c.name}-学生账号.xlsx`);
      notify.success(`已创建 ${rows.length} 个账号并加入班级，账号与初始密码已导出`);
      setText('');
      await refresh();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '创建失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title="批量创建学生账号">
      <Typography.Paragraph className="class-meta">
        每行一人：姓名与学号之间用逗号、Tab 或空格分隔（可直接从 Excel 粘贴两列），也可以上传 .xlsx
        表格（姓名、学号两列）。账号为 {studentAccount(c.class_id, '学号')}，初始密码随机生成并导出为
        Excel，仅导出这一次；学生首次登录必须修改密码。任何一行有误则整批都不创建。
      </Typography.Paragraph>
      <Input.TextArea
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'张三，2026001\n李四，2026002'}
        data-testid="class-bulk-list"
      />
      {problem && <Alert type="error" showIcon style={{ marginTop: 8 }} message={problem} />}
      <Space wrap style={{ marginTop: 8 }}>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={(f) => upload(f)}>
          <Button>上传 Excel 名单</Button>
        </Upload>
        <Button
          type="primary"
          disabled={!rows.length || !!problem}
          loading={busy}
          onClick={() => void submit()}
        >
          {rows.length ? `创建 ${rows.length} 个账号并导出` : '创建并导出'}
        </Button>
      </Space>
    </Card>
  );
}
