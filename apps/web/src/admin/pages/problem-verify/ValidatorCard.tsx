import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, Card, Drawer, Popconfirm, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { removeValidator, setValidator } from '../../../api/jury';
import type { JuryValidator, ValidatorChecked } from '../../../lib/contract';
import { notify } from '../../../lib/notify';
import { SourceEditor } from './SolutionDrawer';

const TEMPLATE = `#include "testlib.h"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    int n = inf.readInt(1, 100000, "n");
    inf.readEoln();
    inf.readEof();
}
`;

/** The problem's input validator: what it is, set / change it (compiled and run on the tests now), remove it. */
export default function ValidatorCard({
  problemId,
  validator,
  onChanged,
}: {
  problemId: number;
  validator: JuryValidator | null;
  onChanged: () => Promise<unknown>;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [checked, setChecked] = useState<ValidatorChecked | null>(null);

  const save = async () => {
    if (source === null) return;
    setSaving(true);
    try {
      const r = await setValidator(problemId, source, validator?.protocol);
      setChecked(r);
      notify.success(r.invalid.length ? '输入校验器已保存，但现有测试数据有未通过的' : '输入校验器已保存');
      setSource(null);
      await onChanged();
    } catch {
      // toast shown (a validator that does not compile says why)
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    try {
      await removeValidator(problemId);
      notify.success('输入校验器已移除');
      setChecked(null);
      await onChanged();
    } catch {
      // toast shown
    }
  };

  return (
    <Card title="输入校验器" data-testid="validator-card">
      <Typography.Paragraph type="secondary">
        设置后，每次上传测试数据都会先用它检查每个输入文件（testlib 的
        registerValidation，C++，从标准输入读取； 退出码 0 表示合法），不合法的上传会被拒绝并指出文件。
      </Typography.Paragraph>
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        <Button
          type="primary"
          onClick={() => setSource(validator?.source ?? TEMPLATE)}
          data-testid="edit-validator"
        >
          {validator ? '修改校验器' : '设置校验器'}
        </Button>
        {validator && (
          <Popconfirm
            title="移除输入校验器？"
            okText="移除"
            cancelText="取消"
            onConfirm={() => void remove()}
          >
            <Button danger>移除</Button>
          </Popconfirm>
        )}
      </Space>
      {validator ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            更新于 {dayjs(validator.update_time).format('YYYY-MM-DD HH:mm')}
            {validator.protocol === 'kattis' && '；Kattis 协议：退出码 42 表示合法'}
            {validator.files.length > 0 && `；附带文件 ${validator.files.map((f) => f.name).join('、')}`}
          </Typography.Paragraph>
          <pre className="verify-source" data-testid="validator-source">
            {validator.source}
          </pre>
        </>
      ) : (
        <Typography.Text type="secondary" data-testid="validator-none">
          未设置输入校验器
        </Typography.Text>
      )}
      {checked && (
        <Alert
          style={{ marginTop: 12 }}
          data-testid="validator-checked"
          type={checked.invalid.length ? 'warning' : 'success'}
          showIcon
          message={
            checked.invalid.length
              ? `现有 ${checked.checked} 组测试数据中有 ${checked.invalid.length} 组未通过校验`
              : `现有 ${checked.checked} 组测试数据均通过校验`
          }
          description={checked.invalid.map((v) => (
            <div key={v.index}>
              第 {v.index} 组：{v.message}
            </div>
          ))}
        />
      )}
      <Drawer
        title={validator ? '修改输入校验器' : '设置输入校验器'}
        size="min(760px, 100vw)"
        open={source !== null}
        onClose={() => setSource(null)}
        extra={
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="save-validator">
            编译并保存
          </Button>
        }
      >
        <Upload showUploadList={false} beforeUpload={(f) => (void f.text().then(setSource), false)}>
          <Button size="small" icon={<UploadOutlined />} style={{ marginBottom: 8 }}>
            从文件读取
          </Button>
        </Upload>
        <SourceEditor value={source ?? ''} onChange={setSource} language="C++" />
      </Drawer>
    </Card>
  );
}
