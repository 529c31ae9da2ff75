import { useEffect, useRef } from 'react';
import { Card, Empty, Spin, Typography } from 'antd';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useDailyPractice } from '../../api/users-queries';
import { debounce, HEATMAP_PIECES, heatmapData, totalPractice } from './heatmap';

echarts.use([HeatmapChart, CalendarComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** The yearly daily-practice calendar of the personal centre (its own chunk: ECharts is large). */
export default function PracticeHeatmap() {
  const year = new Date().getFullYear();
  const counts = useDailyPractice(year);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!box.current || !counts.data) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      tooltip: {
        formatter: (p: { value: [string, number] }) => `${p.value[0]}<br/>练习 ${p.value[1]} 次`,
      },
      visualMap: {
        type: 'piecewise',
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        pieces: HEATMAP_PIECES,
        itemWidth: 12,
        itemHeight: 12,
        textStyle: { color: '#8c8c8c' },
      },
      calendar: {
        range: String(year),
        top: 30,
        left: 40,
        right: 20,
        cellSize: ['auto', 14],
        dayLabel: { nameMap: 'ZH', firstDay: 1, color: '#8c8c8c' },
        monthLabel: { nameMap: 'ZH', color: '#8c8c8c' },
        yearLabel: { show: false },
        itemStyle: { color: '#ebedf0', borderColor: '#fff', borderWidth: 2 },
        splitLine: { show: false },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: heatmapData(counts.data, year) }],
    });
    const onResize = debounce(() => chart.resize(), 200);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [counts.data, year]);

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
      {counts.isLoading && <Spin />}
      {counts.isError && <Empty description="练习记录暂时无法加载" />}
      {counts.data && <div ref={box} style={{ height: 190, width: '100%' }} />}
    </Card>
  );
}
