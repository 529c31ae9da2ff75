import type { CompetitionInfo } from '../../../lib/contract';
import { notify } from '../../../lib/notify';

/**
 * 导出比赛数据包: the ICPC contest package of a programming contest (the Contest API's answers as
 * files, every submission's code, the event feed; docs/contest-api.md), fetched with the admin's
 * session and saved by the browser.
 */
export async function downloadContestPackage(c: CompetitionInfo): Promise<void> {
  try {
    const res = await fetch(`/api/ccs/contests/${c.competition_id}/package`, { credentials: 'include' });
    if (!res.ok || !res.headers.get('content-type')?.includes('zip')) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? `导出失败（HTTP ${res.status}）`);
    }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${c.name}-比赛数据包.zip`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    notify.error(e instanceof Error ? e.message : '导出失败');
  }
}
