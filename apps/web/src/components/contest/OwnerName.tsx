import type { CompetitionInfo } from '../../lib/contract';
import RatingName from '../rating/RatingName';

/**
 * A contest's author in their rating colour (unrated: black, like every name). Contests without
 * a stored author (the seed's) show 管理员. `link` = to the author's space (user site only).
 */
export default function OwnerName({
  contest,
  link = true,
}: {
  contest: Pick<CompetitionInfo, 'owner_uuid' | 'owner_name' | 'owner_rating' | 'owner_rated'>;
  link?: boolean;
}) {
  if (!contest.owner_name) return <>管理员</>;
  return (
    <span data-testid="contest-owner">
      <RatingName
        name={contest.owner_name}
        rating={contest.owner_rating}
        rated={contest.owner_rated}
        uuid={link ? (contest.owner_uuid ?? undefined) : undefined}
      />
    </span>
  );
}
