import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { RATING_TIERS } from '../../../components/rating/tiers';
import { debounce } from '../heatmap';
import { formatDate } from '../../../lib/contestTime';
import { ratingAxis, tooltipLines, type RatingPoint } from './ratingChart';

echarts.use([LineChart, GridComponent, MarkAreaComponent, TooltipComponent, CanvasRenderer]);

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The rating history line (its own chunk: ECharts is large); tier bands behind the line, a click opens the contest. */
export default function RatingChart({ points }: { points: RatingPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
    const axis = ratingAxis(points);
    const bands = RATING_TIERS.map((t, i) => ({
      from: Math.max(t.min, axis.min),
      to: Math.min(RATING_TIERS[i + 1]?.min ?? Infinity, axis.max),
      color: t.color,
    })).filter((b) => b.from < b.to);
    chart.setOption({
      grid: { left: 50, right: 24, top: 20, bottom: 30 },
      tooltip: {
        trigger: 'item',
        formatter: (p: { dataIndex: number }) => tooltipLines(points[p.dataIndex]).map(escape).join('<br/>'),
      },
      // One point per contest, labelled by its date.
      xAxis: { type: 'category', boundaryGap: points.length < 2, data: points.map((p) => formatDate(p.time)) },
      yAxis: { type: 'value', min: axis.min, max: axis.max, interval: 100, splitLine: { show: false } },
      series: [
        {
          type: 'line',
          data: points.map((p) => p.rating),
          symbolSize: 10,
          lineStyle: { color: '#d4a017', width: 2 },
          itemStyle: { color: '#ffd666', borderColor: '#ad6800', borderWidth: 2 },
          markArea: {
            silent: true,
            data: bands.map((b) => [{ yAxis: b.from, itemStyle: { color: b.color, opacity: 0.12 } }, { yAxis: b.to }]),
          },
        },
      ],
    });
    chart.on('click', (e) => {
      const p = points[e.dataIndex];
      if (p) navigate(`/competition/${p.competitionId}`);
    });
    const onResize = debounce(() => chart.resize(), 200);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [points, navigate]);

  return <div ref={box} style={{ height: 280, width: '100%' }} data-testid="rating-chart" />;
}
