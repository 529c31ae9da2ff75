import { Link } from 'react-router';
import { ratingText, tierOf } from './tiers';

interface Props {
  name: string;
  rating: number;
  /**
   * Whether the user has an applied rated contest (the API's `rated`); false shows the name as
   * unrated. Every API row with a name carries it: pass it. (Omitted = rated, for older callers.)
   */
  rated?: boolean;
  /** When given, the name links to the user's card. */
  uuid?: number;
}

/**
 * A user name in the colour of its rating tier (SPEC §9), used wherever a name appears. The tier
 * hint is the native `title`: antd's Tooltip would pull rc-trigger and rc-form (~23 KB gzip) into
 * every page's first load, and a CSS hint would be clipped inside scrolling tables.
 */
export default function RatingName({ name, rating, rated = true, uuid }: Props) {
  const tier = tierOf(rating, rated);
  const text = tier.firstColor ? (
    <>
      <span style={{ color: tier.firstColor }}>{name.slice(0, 1)}</span>
      {name.slice(1)}
    </>
  ) : (
    name
  );
  const body = (
    <span
      className="oj-rating-name"
      style={{ color: tier.color, fontWeight: 600 }}
      data-tier={tier.name}
      data-rating={ratingText(rating, rated)}
      title={rated ? `${tier.name} · Rating ${rating}` : '未评级：还没有计分比赛的成绩'}
    >
      {text}
    </span>
  );
  return uuid !== undefined && uuid > 0 ? <Link to={`/user/space/${uuid}`}>{body}</Link> : body;
}

/** A post's or a comment's author (the API's `author`), linked to their card. */
export function AuthorName({
  author,
}: {
  author: { username: string; rating: number; rated: boolean; uuid: number };
}) {
  return <RatingName name={author.username} rating={author.rating} rated={author.rated} uuid={author.uuid} />;
}
