import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { CompetitionInfo, TeamView } from '../../../lib/contract';
import { adminDeleteTeam, adminSaveTeam, adminTeamUnofficial, teamList } from '../../../api/contest-teams';
import { notify } from '../../../lib/notify';
import { useServerData } from './useServerData';

interface TeamForm {
  name: string;
  affiliation?: string;
  unofficial?: boolean;
  /** Member accounts, one per line or separated by commas; the first is the captain. */
  members_text?: string;
}

const accountsOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,，、]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 队伍管理 of a team contest (issue 26 part 3): every team with its members, invite code and 打星;
 * admins create, edit (members by account, the first the captain), mark 打星 and delete teams at
 * any time.
 */
export default function TeamsDrawer({
  contest,
  onClose,
}: {
  contest: CompetitionInfo | null;
  onClose(): void;
}) {
  const id = contest?.competition_id ?? 0;
  const view = useServerData(contest ? id : null, teamList);
  const [editing, setEditing] = useState<TeamView | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<TeamForm>();

  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      notify.success(done);
      await view.reload();
      return true;
    } catch {
      return false; // toasted by the client
    } finally {
      setBusy(false);
    }
  };
  const open = (t: TeamView | 'new') => {
    form.resetFields();
    if (t !== 'new')
      form.setFieldsValue({
        name: t.name,
        affiliation: t.affiliation,
        unofficial: t.unofficial,
      });
    setEditing(t);
  };
  const save = async (v: TeamForm) => {
    const existing = editing === 'new' ? null : editing;
    // Editing with the accounts field left empty keeps the current members.
    const typed = accountsOf(v.members_text);
    const members = existing && !typed.length ? undefined : typed;
    const ok = await run(
      () =>
        adminSaveTeam({
          competition_id: id,
          team_id: existing?.team_id,
          name: v.name,
          affiliation: v.affiliation ?? '',
          unofficial: v.unofficial ?? false,
          members,
        }),
      '队伍已保存',
    );
    if (ok) setEditing(null);
  };

  return (
    <Drawer
      title={contest ? `队伍管理：${contest.name}` : '队伍管理'}
      open={contest !== null}
      onClose={onClose}
      // A phone gets the whole screen.
      size="min(900px, 100vw)"
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => open('new')} data-testid="team-admin-new">
          新建队伍
        </Button>
        <Typography.Text type="secondary">
          每队最多 {contest?.team_size ?? 0} 人；打星队伍参与排名，但不获得奖牌
        </Typography.Text>
      </Space>
      <div data-testid="admin-teams">
        <Table<TeamView>
          rowKey="team_id"
          size="small"
          loading={view.loading}
          dataSource={view.data ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          locale={{ emptyText: '还没有队伍' }}
          columns={[
            { title: '编号', dataIndex: 'team_id', width: 70 },
            {
              title: '队伍',
              key: 'name',
              render: (_: unknown, t) => (
                <Space direction="vertical" size={0}>
                  <b>{t.name}</b>
                  {t.affiliation && <Typography.Text type="secondary">{t.affiliation}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: '队员',
              key: 'members',
              render: (_: unknown, t) =>
                t.members.map((m) => (
                  <Tag key={m.uuid} color={m.captain ? 'gold' : undefined}>
                    {m.username}
                    {m.captain ? '（队长）' : ''}
                  </Tag>
                )),
            },
            { title: '邀请码', dataIndex: 'invite_code', width: 130 },
            {
              title: '打星',
              key: 'unofficial',
              width: 80,
              render: (_: unknown, t) => (
                <Switch
                  size="small"
                  aria-label={`${t.name} 打星`}
                  checked={t.unofficial}
                  onChange={(on) =>
                    void run(() => adminTeamUnofficial(id, t.team_id, on), on ? '已标记为打星' : '已取消打星')
                  }
                />
              ),
            },
            {
              title: '操作',
              key: 'ops',
              width: 130,
              render: (_: unknown, t) => (
                <Space>
                  <Button size="small" onClick={() => open(t)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除这支队伍？队员将退出本场比赛，提交不再计入排名"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => void run(() => adminDeleteTeam(id, t.team_id), '队伍已删除')}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Modal
        title={editing === 'new' ? '新建队伍' : '编辑队伍'}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<TeamForm> form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="name" label="队伍名称" rules={[{ required: true, message: '请输入队伍名称' }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="affiliation" label="学校/单位">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="members_text"
            label="队员账号"
            extra="每行一个账号（或用逗号分隔），第一个为队长；编辑时留空则保留现有队员，填写则替换为这些账号"
            rules={editing === 'new' ? [{ required: true, message: '请输入至少一个队员账号' }] : []}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name="unofficial" label="打星" valuePropName="checked">
            <Switch checkedChildren="打星" unCheckedChildren="正式" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
