import { List, Spin } from 'antd';
import Button from '../../components/plain/Button';
import Empty from '../../components/plain/Empty';
import { Tag } from '../../components/plain/Tag';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { ClassSummary } from '../../lib/contract';
import { useClassContests } from '../../api/competitions';
import { RuleTag } from '../../components/contest/RuleTag';

const STATES = {
  running: { label: '进行中', color: 'green' },
  upcoming: { label: '即将开始', color: 'blue' },
  ended: { label: '已结束', color: 'default' },
} as const;

/**
 * 比赛 (issue 27 part 3; docs/classes.md): the class's contests (班级比赛) with their rule, start and
 * state, each linking to the contest page; the teacher and TAs create one with this class chosen.
 */
export default function ClassContests({ c }: { c: ClassSummary }) {
  const list = useClassContests(c.class_id);
  const navigate = useNavigate();
  return (
    <>
      {c.can_manage && (
        <Button
          type="primary"
          style={{ marginBottom: 12 }}
          onClick={() => navigate(`/competition/user/add/1/info?class_id=${c.class_id}`)}
          data-testid="class-contest-create"
        >
          创建班级比赛
        </Button>
      )}
      {list.isLoading ? (
        <Spin />
      ) : !list.data?.length ? (
        <Empty description="还没有班级比赛" />
      ) : (
        <List
          dataSource={list.data}
          renderItem={(k) => (
            <List.Item data-testid="class-contest-item">
              <div style={{ width: '100%', minWidth: 0 }}>
                <Link
                  to={`/competition/${k.competition_id}`}
                  style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  data-testid={`class-contest-link-${k.competition_id}`}
                >
                  {k.name}
                </Link>
                <div className="class-meta" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
                  <RuleTag rule={k.rule} />
                  <Tag color={STATES[k.state].color}>{STATES[k.state].label}</Tag>
                  {k.joined && <Tag color="green">已报名</Tag>}
                  <span>开始 {dayjs(k.start_time).format('YYYY-MM-DD HH:mm')}</span>
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
