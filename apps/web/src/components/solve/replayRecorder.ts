import { ReplayRecorder, type ReplayWire } from '@oj/shared/replay';
import { ApiError } from '../../api/errors';
import type { Language } from '../../lib/contract';
import { notify } from '../../lib/notify';

/**
 * The code replay recorders of this tab, per problem and language: the solving page is kept alive,
 * so a recorder lives as long as the tab and collects everything typed between two submissions.
 */
const recorders = new Map<string, ReplayRecorder>();

/** The recorder of a problem and language, started at `text` when there is none yet. */
export function recorderFor(problemId: number, language: Language, text: string): ReplayRecorder {
  const key = `${problemId}:${language}`;
  let r = recorders.get(key);
  if (!r) {
    r = new ReplayRecorder(text);
    recorders.set(key, r);
  }
  return r;
}

/**
 * Sends a submission with the timeline since the last one (then starts the next timeline). Should
 * the server refuse the timeline itself (a recorder fault), the code goes without it: a replay must
 * never stop a submission. Other failures are toasted and thrown as usual.
 */
export async function sendWithReplay<T>(
  r: ReplayRecorder,
  code: string,
  send: (replay: ReplayWire | undefined, silent: boolean) => Promise<T>,
): Promise<T> {
  r.sync(code);
  r.mark('s');
  let res: T;
  try {
    res = await send(r.timeline(), true);
  } catch (err) {
    if (!(err instanceof ApiError && err.message.startsWith('代码回放'))) {
      notify.error(err instanceof Error ? err.message : String(err));
      throw err;
    }
    res = await send(undefined, false);
  }
  r.restart();
  return res;
}
