import type { CompetitionAddRequestRaw } from '@oj/shared';
import type { Client } from './helpers';

/**
 * Ends a running contest now, as an admin moving its end time would, instead of waiting for a
 * short contest to run out: `body` is what the contest was created with.
 */
export async function endContestNow(
  admin: Client,
  id: number,
  body: CompetitionAddRequestRaw,
): Promise<void> {
  // One millisecond ahead: a try stamped in this very millisecond (before the edit) stays inside
  // the contest, whose end is exclusive; returns once the end has passed, so a try made after the
  // call is practice. (At `now` itself, a try of the same millisecond fell outside: seen in CI.)
  const end = Date.now() + 1;
  const res = await admin.post(`/api/competition/admin/modify?competition_id=${id}`, {
    ...body,
    end_time: new Date(end).toISOString(),
  });
  if (res.code !== 0) throw new Error(`end contest ${id}: ${res.message}`);
  while (Date.now() <= end) await new Promise((r) => setImmediate(r));
}
