import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { AdminUserRow } from '../lib/contract';
import { useUserPicker } from '../api/users-queries';

/** Waits until the keyword has stopped changing for `ms` before asking the server. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const label = (u: AdminUserRow) =>
  `${u.account}${u.username && u.username !== u.account ? `（${u.username}）` : ''} · 用户编号 ${u.uuid}`;

/**
 * Picks a user by account, nickname, e-mail or uuid through the admin user search
 * (`/api/user/admin/getPage`, admins only), limited to `role` (plain users for promoting).
 */
export default function UserPicker(props: {
  value: number | null;
  /** The chosen user's number, and its row (for naming it in messages). */
  onChange(uuid: number | null, user?: AdminUserRow): void;
  role?: number;
  placeholder?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useSettled(keyword.trim());
  const found = useUserPicker(q, props.role);
  return (
    <Select<number>
      showSearch
      allowClear
      value={props.value ?? undefined}
      placeholder={props.placeholder ?? '搜索用户：账号、昵称或用户编号'}
      filterOption={false}
      onSearch={setKeyword}
      onChange={(v) =>
        props.onChange(
          v ?? null,
          found.data?.records.find((u) => u.uuid === v),
        )
      }
      loading={found.isFetching}
      notFoundContent={q ? (found.isFetching ? '搜索中…' : '没有找到用户') : '输入账号、昵称或用户编号搜索'}
      options={(found.data?.records ?? []).map((u) => ({ value: u.uuid, label: label(u) }))}
      style={{ width: 300, maxWidth: '100%' }}
      data-testid="admin-user-picker"
    />
  );
}
