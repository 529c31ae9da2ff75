import { Tag } from 'antd';
import { Role } from '../lib/contract';

export const ROLE_NAMES: Record<number, string> = {
  [Role.NotLogin]: '未登录',
  [Role.User]: '普通用户',
  [Role.Admin]: '管理员',
  [Role.Ban]: '已封禁',
};

const ROLE_COLORS: Record<number, string> = {
  [Role.User]: 'default',
  [Role.Admin]: 'blue',
  [Role.Ban]: 'red',
};

export default function RoleTag({ role, isBoss }: { role: number; isBoss?: boolean }) {
  if (isBoss) return <Tag color="gold">超级管理员</Tag>;
  return <Tag color={ROLE_COLORS[role] ?? 'default'}>{ROLE_NAMES[role] ?? `角色 ${role}`}</Tag>;
}
