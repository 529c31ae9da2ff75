import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useStarProblem, useStarredIds } from '../api/problem-lists';
import { isLoggedIn, useUserStore } from '../stores/user';
import './favourite-star.css';

/**
 * The 收藏 star of a bank problem (the bank list and the problem page). Signed-in users only; every
 * star of a page shares one read of the viewer's starred ids.
 */
export default function FavouriteStar({
  problemId,
  withLabel = false,
}: {
  problemId: number;
  withLabel?: boolean;
}) {
  const user = useUserStore((s) => s.user);
  const signedIn = isLoggedIn(user);
  const { data: starred } = useStarredIds(signedIn);
  const star = useStarProblem();
  if (!signedIn) return null;
  const on = starred?.includes(problemId) ?? false;
  return (
    <button
      type="button"
      className={`oj-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? '取消收藏' : '收藏'}
      title={on ? '取消收藏' : '收藏'}
      data-testid={`star-${problemId}`}
      disabled={star.isPending || !starred}
      onClick={() => star.mutate({ id: problemId, on: !on })}
    >
      {on ? <StarFilled /> : <StarOutlined />}
      {withLabel && <span className="oj-star-label">{on ? '已收藏' : '收藏'}</span>}
    </button>
  );
}
