import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { HEATMAP_PIECES } from '../../lib/heatmap';
import {
  calendarDays,
  colourOf,
  dayText,
  monthStarts,
  type CalendarDay,
  type HeatmapCell,
} from './calendarGrid';
import './calendar-heatmap.css';

export type { HeatmapCell } from './calendarGrid';

const MONTHS = [
  '一月',
  '二月',
  '三月',
  '四月',
  '五月',
  '六月',
  '七月',
  '八月',
  '九月',
  '十月',
  '十一月',
  '十二月',
];
/** Every other day is named (周一 周三 周五), like the usual contribution calendars. */
const WEEKDAYS = ['周一', '', '周三', '', '周五', '', ''];
const LEFT = 40;
const RIGHT = 8;
const TOP = 22;
const ROW = 16;
const MIN_COLUMN = 10;
const MAX_COLUMN = 24;

/**
 * The daily-practice calendar: the personal centre's year, or a class's student page's last 365
 * days (`range` a year or [first, last] date). Drawn as SVG (ECharts' calendar was 140 KB brotli
 * for this): a column per week, Monday on top, the week's width following the box as ECharts'
 * 'auto' did. Below a narrow screen's minimum the calendar scrolls inside its box, showing the
 * latest weeks. Hovering or tapping a day names its tries and, when given, the accepted ones.
 */
export default function CalendarHeatmap({
  data,
  range,
}: {
  data: HeatmapCell[];
  range: string | [string, string];
}) {
  const { days, weeks } = useMemo(() => calendarDays(data, range), [data, range]);
  const months = useMemo(() => monthStarts(days), [days]);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [picked, setPicked] = useState<CalendarDay | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const column = Math.min(MAX_COLUMN, Math.max(MIN_COLUMN, (width - LEFT - RIGHT) / Math.max(weeks, 1)));
  const svgWidth = LEFT + RIGHT + column * weeks;
  useLayoutEffect(() => {
    // The latest days are the ones a reader looks for: on a narrow screen, show the right end.
    const el = box.current;
    if (el && el.scrollWidth > el.clientWidth) el.scrollLeft = el.scrollWidth;
  }, [svgWidth]);

  return (
    <div className="oj-heatmap">
      <div className="oj-heatmap-scroll" ref={box}>
        {width > 0 && (
          <svg
            width={svgWidth}
            height={TOP + ROW * 7}
            role="img"
            aria-label="每日练习日历"
            onMouseLeave={() => setPicked(null)}
          >
            {months.map((m) => (
              <text key={m.week} className="oj-heatmap-month" x={LEFT + m.week * column} y={14}>
                {MONTHS[m.month - 1]}
              </text>
            ))}
            {WEEKDAYS.map((name, row) =>
              name ? (
                <text key={row} className="oj-heatmap-weekday" x={LEFT - 6} y={TOP + row * ROW + 12}>
                  {name}
                </text>
              ) : null,
            )}
            {days.map((d) => (
              <rect
                key={d.date}
                className="oj-heatmap-day"
                data-date={d.date}
                data-count={d.count}
                x={LEFT + d.week * column + 1}
                y={TOP + d.weekday * ROW + 1}
                width={column - 2}
                height={ROW - 2}
                rx={2}
                fill={colourOf(d.count)}
                stroke={picked?.date === d.date ? '#1677ff' : undefined}
                onMouseEnter={() => setPicked(d)}
                onClick={() => setPicked(d)}
              >
                <title>{dayText(d)}</title>
              </rect>
            ))}
          </svg>
        )}
      </div>
      <div className="oj-heatmap-foot">
        <span className="oj-heatmap-picked" aria-live="polite">
          {picked ? dayText(picked) : ''}
        </span>
        <span className="oj-heatmap-legend">
          {HEATMAP_PIECES.map((p) => (
            <span key={p.label}>
              <i style={{ background: p.color }} />
              {p.label}
            </span>
          ))}
        </span>
      </div>
    </div>
  );
}
