import { useState } from 'react';
import { Button, Form, Input, List, Space } from 'antd';
import Card from '../../../components/plain/Card';
import Popconfirm from '../../../components/plain/Popconfirm';
import { Typography } from '../../../components/plain/Typography';
import { Tag } from '../../../components/plain/Tag';
import { useLocation, useNavigate } from 'react-router';
import type { CompetitionInfo } from '../../../lib/contract';
import {
  addTeamMember,
  createTeam,
  dissolveTeam,
  joinTeam,
  leaveTeam,
  removeTeamMember,
  useMyTeam,
  useRefreshTeams,
} from '../../../api/contest-teams';
import { notify } from '../../../lib/notify';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { loginPath } from '../../../lib/account';

/**
 * 队伍 of a team contest (issue 26 part 3): without a team, create one (name, 学校/单位) or join
 * one with an invite code; with one, its members, the invite code (the captain passes it on), and
 * before the start the captain's add / remove / dissolve and the others' 退出队伍.
 */
export default function TeamPanel({ contest }: { contest: CompetitionInfo }) {
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = isLoggedIn(user);
  const id = contest.competition_id;
  const { data } = useMyTeam(id, loggedIn);
  const refresh = useRefreshTeams();
  const [busy, setBusy] = useState(false);
  const [account, setAccount] = useState('');

  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await what();
      notify.success(done);
      await refresh();
    } catch {
      // the client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  const title = `队伍（每队最多 ${contest.team_size} 人）`;
  if (!loggedIn)
    return (
      <Card size="small" title={title} data-testid="team-panel">
        <Button type="primary" onClick={() => navigate(loginPath('join-contest', location.pathname))}>
          登录后创建或加入队伍
        </Button>
      </Card>
    );
  const team = data?.team;
  if (!team) {
    if (contest.state === 'ended')
      return (
        <Card size="small" title={title} data-testid="team-panel">
          比赛已结束
        </Card>
      );
    return (
      <Card size="small" title={title} data-testid="team-panel">
        <div className="oj-team-forms">
          <Form
            layout="vertical"
            onFinish={(v: { name: string; affiliation?: string; password?: string }) =>
              void run(() => createTeam(id, v.name, v.affiliation ?? '', v.password), '队伍已创建')
            }
          >
            <Typography.Text strong>创建队伍（你将成为队长）</Typography.Text>
            <Form.Item name="name" label="队伍名称" rules={[{ required: true, message: '请输入队伍名称' }]}>
              <Input maxLength={64} data-testid="team-name" />
            </Form.Item>
            <Form.Item name="affiliation" label="学校/单位">
              <Input maxLength={100} data-testid="team-affiliation" />
            </Form.Item>
            {contest.has_password && (
              <Form.Item
                name="password"
                label="比赛密码"
                rules={[{ required: true, message: '请输入比赛密码' }]}
              >
                <Input.Password />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={busy} data-testid="team-create">
              创建队伍
            </Button>
          </Form>
          <Form
            layout="vertical"
            onFinish={(v: { code: string }) => void run(() => joinTeam(id, v.code), '已加入队伍')}
          >
            <Typography.Text strong>凭邀请码加入队伍</Typography.Text>
            <Form.Item name="code" label="邀请码" rules={[{ required: true, message: '请输入邀请码' }]}>
              <Input maxLength={32} data-testid="team-code" />
            </Form.Item>
            <Button htmlType="submit" loading={busy} data-testid="team-join">
              加入队伍
            </Button>
          </Form>
        </div>
      </Card>
    );
  }
  const captain = team.captain_uuid === user.uuid;
  const editable = data.editable;
  return (
    <Card
      size="small"
      data-testid="team-panel"
      title={
        <Space wrap>
          <span data-testid="my-team-name">{team.name}</span>
          {team.affiliation && <Tag>{team.affiliation}</Tag>}
          {team.unofficial && <Tag color="default">打星</Tag>}
        </Space>
      }
    >
      <div style={{ marginBottom: 8 }}>
        邀请码：
        <Typography.Text copyable strong data-testid="team-invite-code">
          {team.invite_code}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          把邀请码发给队友，他们即可加入
        </Typography.Text>
      </div>
      <List
        size="small"
        dataSource={team.members}
        renderItem={(m) => (
          <List.Item
            actions={
              captain && editable && !m.captain
                ? [
                    <Popconfirm
                      key="remove"
                      title={`确定移除 ${m.username}？`}
                      okText="移除"
                      cancelText="取消"
                      onConfirm={() => void run(() => removeTeamMember(id, m.uuid), '已移除队员')}
                    >
                      <Button size="small" danger>
                        移除
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <span data-testid="team-member">{m.username}</span>
            {m.captain && (
              <Tag color="gold" style={{ marginLeft: 8 }}>
                队长
              </Tag>
            )}
          </List.Item>
        )}
      />
      <Space wrap style={{ marginTop: 8 }}>
        {captain && contest.state !== 'ended' && team.members.length < contest.team_size && (
          <Space.Compact>
            <Input
              placeholder="队员账号"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              style={{ width: 140 }}
            />
            <Button
              loading={busy}
              disabled={!account.trim()}
              onClick={() =>
                void run(() => addTeamMember(id, account.trim()), '已添加队员').then(() => setAccount(''))
              }
            >
              添加队员
            </Button>
          </Space.Compact>
        )}
        {editable && captain && (
          <Popconfirm
            title="确定解散队伍？所有队员将退出本场比赛"
            okText="解散"
            cancelText="取消"
            onConfirm={() => void run(() => dissolveTeam(id), '队伍已解散')}
          >
            <Button danger loading={busy}>
              解散队伍
            </Button>
          </Popconfirm>
        )}
        {editable && !captain && (
          <Popconfirm
            title="确定退出队伍？"
            okText="退出"
            cancelText="取消"
            onConfirm={() => void run(() => leaveTeam(id), '已退出队伍')}
          >
            <Button loading={busy}>退出队伍</Button>
          </Popconfirm>
        )}
      </Space>
    </Card>
  );
}
