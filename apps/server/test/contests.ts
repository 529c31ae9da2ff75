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
  const res = await admin.post(`/api/competition/admin/modify?competition_id=${id}`, {
    ...body,
    end_time: new Date().toISOString(),
  });
  if (res.code !== 0) throw new Error(`end contest ${id}: ${res.message}`);
}
