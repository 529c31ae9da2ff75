import { Suspense, useMemo } from 'react';
import { Col, Row, Statistic } from 'antd';
import Card from '../../../components/plain/Card';
import Button from '../../../components/plain/Button';
import Empty from '../../../components/plain/Empty';
import { DownloadOutlined } from '@ant-design/icons';
import { useMyJoins } from '../../../api/competitions';
import RatingName from '../../../components/rating/RatingName';
import { ratingText, tierOf } from '../../../components/rating/tiers';
import { useUserStore } from '../../../stores/user';
import JoinRecordCard from './JoinRecordCard';
import { ratingPoints } from './ratingChart';
import { download, recordsCsv } from './exportRecords';
import { notify } from '../../../lib/notify';
import './competition-tab.css';
import { lazyScoped } from '../../../lib/antdScope';

// ECharts loads with the chart only.
const RatingChart = lazyScoped(() => import('./RatingChart'));

/** The personal centre's 比赛 tab: rating summary, rating history chart, competition record card. */
export default function CompetitionTab() {
  const user = useUserStore((s) => s.user);
  const all = useMyJoins(0);
  const points = useMemo(() => ratingPoints(all.data ?? []), [all.data]);
  const best = points.reduce((m, p) => Math.max(m, p.rating), user.rating);
  const tier = tierOf(user.rating, user.rated);
  // 保存 keeps what this tab shows: every competition record (not only the card's page), as CSV.
  const save = () => {
    const records = all.data ?? [];
    download(`${user.account}-比赛记录.csv`, recordsCsv(records));
    notify.success(`已保存 ${records.length} 条比赛记录`);
  };

  return (
    <Row gutter={[20, 20]} data-testid="competition-tab">
      <Col span={24}>
        <Card
          title="比赛面板"
          extra={
            <Button
              icon={<DownloadOutlined />}
              onClick={save}
              disabled={!all.data}
              title="把比赛记录保存为 CSV 文件"
              data-testid="competition-save"
            >
              保存
            </Button>
          }
        >
          <Row>
            <Col span={8}>
              <Statistic
                title="当前 Rating"
                valueRender={() => (
                  <RatingName
                    name={ratingText(user.rating, user.rated)}
                    rating={user.rating}
                    rated={user.rated}
                  />
                )}
              />
            </Col>
            <Col span={8}>
              <Statistic
                title="段位"
                valueRender={() => <span style={{ color: tier.color }}>{tier.name}</span>}
              />
            </Col>
            <Col span={8}>
              <Statistic title="最高 Rating" value={ratingText(best, user.rated)} groupSeparator="" />
            </Col>
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <Card title="Rating 曲线">
          {points.length ? (
            <Suspense fallback={<div style={{ height: 280 }} />}>
              <RatingChart points={points} />
            </Suspense>
          ) : (
            <Empty description="参加计分比赛后这里会显示 Rating 变化" />
          )}
        </Card>
      </Col>
      <Col span={24}>
        <JoinRecordCard />
      </Col>
    </Row>
  );
}
