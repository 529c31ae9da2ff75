import { useMemo } from 'react';
import Card from '../../components/plain/Card';
import { Typography } from '../../components/plain/Typography';
import Empty from '../../components/plain/Empty';
import Skeleton from '../../components/plain/Skeleton';
import { useDailyPractice } from '../../api/users-queries';
import CalendarHeatmap from '../../components/heatmap/CalendarHeatmap';
import { heatmapData, totalPractice } from './heatmap';

/** The yearly daily-practice calendar of the personal centre (its own chunk, shared with a class's student page). */
export default function PracticeHeatmap() {
  const year = new Date().getFullYear();
  const counts = useDailyPractice(year);
  const data = useMemo(() => (counts.data ? heatmapData(counts.data, year) : []), [counts.data, year]);

  return (
    <Card
      title={`${year} 年每日练习`}
      extra={
        counts.data && (
          <Typography.Text type="secondary">共提交 {totalPractice(counts.data)} 次</Typography.Text>
        )
      }
      style={{ marginTop: 20 }}
      data-testid="practice-heatmap"
    >
      {counts.isLoading && <Skeleton active />}
      {counts.isError && <Empty description="练习记录暂时无法加载" />}
      {counts.data && <CalendarHeatmap data={data} range={String(year)} />}
    </Card>
  );
}
