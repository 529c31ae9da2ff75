import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { tierOf } from './tiers';

interface Props {
  name: string;
  rating: number;
  /** When given, the name links to the user's card. */
  uuid?: number;
}

/** A user name in the colour of its rating tier (SPEC §9), used wherever a name appears. */
export default function RatingName({ name, rating, uuid }: Props) {
  const tier = tierOf(rating);
  const text = tier.firstColor ? (
    <>
      <span style={{ color: tier.firstColor }}>{name.slice(0, 1)}</span>
      {name.slice(1)}
    </>
  ) : (
    name
  );
  const body = (
    <span className="oj-rating-name" style={{ color: tier.color, fontWeight: 600 }} data-tier={tier.name}>
      {text}
    </span>
  );
  return (
    <Tooltip title={`${tier.name} · Rating ${rating}`}>
      {uuid !== undefined && uuid > 0 ? <Link to={`/user/space/${uuid}`}>{body}</Link> : body}
    </Tooltip>
  );
}
