import { useState } from 'react';
import { Input, Modal } from 'antd';
import Popconfirm from '../../../components/plain/Popconfirm';
import Button from '../../../components/plain/Button';

/**
 * The parts of JoinButton that only some states need, in a chunk of their own (antd's Modal, Input
 * and Popconfirm with its Form-bearing Tooltip): a contest list shows 报名 buttons, not these.
 */

/** 报名 with a password: the dialog that asks for it. */
export function PasswordDialog({
  contestName,
  open,
  busy,
  onJoin,
  onClose,
}: {
  contestName: string;
  open: boolean;
  busy: boolean;
  onJoin: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <Modal
      title={`报名「${contestName}」`}
      open={open}
      okText="报名"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => onJoin(password)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>这场比赛需要密码才能报名。</p>
      <Input.Password
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onPressEnter={() => onJoin(password)}
        placeholder="请输入比赛密码"
        autoFocus
        data-testid="join-password"
      />
    </Modal>
  );
}

/** 取消报名, confirmed first. */
export function CancelJoin({
  contestId,
  size,
  busy,
  onCancel,
}: {
  contestId: number;
  size?: 'small' | 'middle';
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <Popconfirm title="确定取消报名？" okText="取消报名" cancelText="再想想" onConfirm={onCancel}>
      <Button size={size} loading={busy} data-testid={`cancel-join-${contestId}`}>
        取消报名
      </Button>
    </Popconfirm>
  );
}
