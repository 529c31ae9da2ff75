import { Tag } from '../../../components/plain/Tag';
import type { RankRow } from '../../../lib/contract';
import './medals.css';

const MEDALS = { gold: '金牌', silver: '银牌', bronze: '铜牌' } as const;

/** The row class of a medal row (its background in the medal's colour) on the final board. */
export const medalRowClass = (r: RankRow) => (r.medal ? `oj-sb-medal-${r.medal}` : '');

/** The rank cell: the rank, the medal of the final board, and 打星 (ranked, no medal, no rating). */
export default function MedalRank({ row }: { row: RankRow }) {
  return (
    <span className="oj-sb-rank" data-medal={row.medal ?? ''}>
      {row.unofficial ? <span title="打星：参与排名，不参与奖牌和积分">*{row.rank}</span> : row.rank}
      {row.medal && (
        <Tag className={`oj-medal oj-medal-${row.medal}`} data-testid="medal">
          {MEDALS[row.medal]}
        </Tag>
      )}
      {row.unofficial && (
        <Tag className="oj-medal" data-testid="unofficial">
          打星
        </Tag>
      )}
    </span>
  );
}
