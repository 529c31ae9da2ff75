import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { HeatmapChart } from 'echarts/charts';
import { CalendarComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { debounce, HEATMAP_PIECES } from '../lib/heatmap';

echarts.use([HeatmapChart, CalendarComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** ECharts' day names, Sunday first; blank days keep their row but print nothing (issue 29). */
const WEEKDAY_LABELS = ['', '周一', '', '周三', '', '周五', ''];

/** One calendar cell: [date, submissions, accepted ones (optional)]. */
export type HeatmapCell = [string, number] | [string, number, number];

/**
 * The daily-practice calendar itself: the personal centre's year, or a class's student page's last
 * 365 days (`range` a year or [first, last] date). The tooltip names the tries and, when given, the
 * accepted ones.
 */
export default function CalendarHeatmap({
  data,
  range,
}: {
  data: HeatmapCell[];
  range: string | [string, string];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      tooltip: {
        formatter: (p: { value: HeatmapCell }) =>
          `${p.value[0]}<br/>练习 ${p.value[1]} 次${p.value.length > 2 ? `，通过 ${p.value[2]} 次` : ''}`,
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
        range,
        top: 30,
        left: 40,
        right: 20,
        cellSize: ['auto', 16],
        // Seven labels on 14 px rows touched each other: every other day is named (周一 周三 周五),
        // like the usual contribution calendars, with room between them.
        dayLabel: { nameMap: WEEKDAY_LABELS, firstDay: 1, color: '#8c8c8c', fontSize: 11 },
        monthLabel: { nameMap: 'ZH', color: '#8c8c8c' },
        yearLabel: { show: false },
        itemStyle: { color: '#ebedf0', borderColor: '#fff', borderWidth: 2 },
        splitLine: { show: false },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data }],
    });
    const onResize = debounce(() => chart.resize(), 200);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [data, range]);
  return <div ref={box} style={{ height: 200, width: '100%' }} />;
}
