import { Skeleton, Typography } from 'antd';
import { useSimilarityPair } from '../../../api/similarity';
import type { SimilarityRegion } from '../../../lib/contract';
import './similarity.css';

const COLORS = ['#ffe58f', '#b7eb8f', '#91caff', '#ffadd2', '#d3adf7', '#87e8de', '#ffd591'];

/** Region number (for the colour) of each line, 1-based; 0 = not matched. */
function lineMarks(lines: number, regions: SimilarityRegion[], side: 'left' | 'right'): number[] {
  const marks = new Array<number>(lines + 1).fill(0);
  regions.forEach((r, i) => {
    // Where regions overlap (a k-gram spans the line where the next one starts) the first keeps it.
    for (let l = r[side][0]; l <= Math.min(r[side][1], lines); l++) if (!marks[l]) marks[l] = i + 1;
  });
  return marks;
}

function Code({ source, regions, side, title }: { source: string; regions: SimilarityRegion[]; side: 'left' | 'right'; title: string }) {
  const lines = source.split('\n');
  const marks = lineMarks(lines.length, regions, side);
  return (
    <div className="adm-sim-side">
      <Typography.Text strong>{title}</Typography.Text>
      <pre className="adm-sim-code" data-testid={`similarity-${side}`}>
        {lines.map((text, i) => {
          const m = marks[i + 1];
          return (
            <div key={i} className={m ? 'adm-sim-line adm-sim-hit' : 'adm-sim-line'} style={m ? { background: COLORS[(m - 1) % COLORS.length] } : undefined}>
              <span className="adm-sim-no">{i + 1}</span>
              {text || ' '}
            </div>
          );
        })}
      </pre>
    </div>
  );
}

/** Two programs side by side; each matched region has one colour on both sides. */
export default function SimilarityCompare({ pairId }: { pairId: number }) {
  const detail = useSimilarityPair(pairId);
  if (!detail.data) return <Skeleton active />;
  const { pair, left_source, right_source, regions } = detail.data;
  return (
    <div>
      <Typography.Paragraph type="secondary">同色的行是匹配的代码段（{regions.length} 段）。</Typography.Paragraph>
      <div className="adm-sim-compare">
        <Code source={left_source} regions={regions} side="left" title={`${pair.left.user.username} · 提交 ${pair.left.submission_id}`} />
        <Code source={right_source} regions={regions} side="right" title={`${pair.right.user.username} · 提交 ${pair.right.submission_id}`} />
      </div>
    </div>
  );
}
