import { useState } from 'react';
import { Avatar, List, Segmented, Switch } from 'antd';
import Card from '../../../components/plain/Card';
import { Typography } from '../../../components/plain/Typography';
import Empty from '../../../components/plain/Empty';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  useSaveSocialSettings,
  useSocialList,
  useSocialSettings,
  useVisitors,
  type SocialList,
} from '../../../api/social';
import RatingName from '../../../components/rating/RatingName';
import { DEFAULT_AVATAR } from '../../../config';
import type { SocialUser } from '../../../lib/contract';
import './social.css';

type Which = SocialList | 'visitors';

const VIEWS: { value: Which; label: string; empty: string; time: string }[] = [
  { value: 'friends', label: '好友', empty: '还没有好友：互相关注的人会出现在这里', time: '成为好友' },
  { value: 'following', label: '关注', empty: '还没有关注任何人，去用户名片页点「关注」吧', time: '关注于' },
  { value: 'followers', label: '粉丝', empty: '还没有人关注你', time: '关注于' },
  { value: 'visitors', label: '最近访客', empty: '最近还没有人访问你的名片', time: '访问于' },
];

function UserRows(props: {
  rows: SocialUser[];
  total: number;
  page: number;
  onPage(p: number): void;
  time: string;
  empty: string;
  loading: boolean;
}) {
  return (
    <List
      loading={props.loading}
      dataSource={props.rows}
      locale={{ emptyText: <Empty description={props.empty} /> }}
      pagination={
        props.total > 10
          ? { current: props.page, total: props.total, pageSize: 10, onChange: props.onPage, size: 'small' }
          : false
      }
      renderItem={(u) => (
        <List.Item data-testid="social-row">
          <List.Item.Meta
            avatar={<Avatar src={u.avatar || DEFAULT_AVATAR} />}
            title={
              <Link to={`/user/space/${u.uuid}`}>
                <RatingName name={u.username || u.account} rating={u.rating} rated={u.rated} />
              </Link>
            }
            description={`@${u.account} · ${props.time} ${dayjs(u.time).format('YYYY-MM-DD HH:mm')}`}
          />
        </List.Item>
      )}
    />
  );
}

function VisitorSwitch() {
  const settings = useSocialSettings();
  const save = useSaveSocialSettings();
  return (
    <label className="oj-social-switch">
      <Switch
        size="small"
        checked={settings.data?.record_visitors ?? true}
        loading={settings.isLoading || save.isPending}
        onChange={(on) => save.mutate(on)}
        data-testid="record-visitors"
      />
      <span>记录访客</span>
    </label>
  );
}

/** The personal centre's 好友 tab: friends (mutual follows), following, followers and recent visitors. */
export default function SocialTab() {
  const [which, setWhich] = useState<Which>('friends');
  const [page, setPage] = useState(1);
  const view = VIEWS.find((v) => v.value === which) ?? VIEWS[0];
  const list = useSocialList(which === 'visitors' ? 'friends' : which, page, which !== 'visitors');
  const visits = useVisitors(page, 10, which === 'visitors');
  const data = which === 'visitors' ? visits.data : list.data;
  const off = which === 'visitors' && visits.data?.enabled === false;
  return (
    <Card className="oj-social-tab" data-testid="social-tab">
      <div className="oj-social-bar">
        <Segmented
          value={which}
          onChange={(v) => {
            setWhich(v);
            setPage(1);
          }}
          options={VIEWS.map((v) => ({ value: v.value, label: v.label }))}
        />
        {which === 'visitors' && <VisitorSwitch />}
      </div>
      {off ? (
        <Empty description="你已关闭访客记录：别人访问你的名片时不会被记录" />
      ) : (
        <UserRows
          rows={data?.records ?? []}
          total={data?.total ?? 0}
          page={page}
          onPage={setPage}
          time={view.time}
          empty={view.empty}
          loading={which === 'visitors' ? visits.isLoading : list.isLoading}
        />
      )}
      <Typography.Paragraph type="secondary" className="oj-social-note">
        每位访客每天记一次；被封禁的用户不会出现在列表和人数中。
      </Typography.Paragraph>
    </Card>
  );
}
