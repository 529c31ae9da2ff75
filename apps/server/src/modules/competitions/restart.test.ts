import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RankPage } from '@oj/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../index';
import { loginAsBoss, restartableOptions } from '../../../test/helpers';
import { verdict } from '../../../test/problems';

const C = '/api/competition';

/** The scoreboard lives in memory: a restarted server must rebuild it from the database. */
describe('scoreboard after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-contest-restart-'));
  const options = restartableOptions(dataDir);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const login = loginAsBoss;

  it('rebuilds the ranking from the stored submissions', async () => {
    let server = await startServer(options);
    let admin = await login(server.url);
    const created = await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, {
      name: '重启测试',
      type: 1,
      start_time: new Date(Date.now() - 5 * 60_000).toISOString(),
      end_time: new Date(Date.now() + 3600_000).toISOString(),
      problems: [{ problem_id: 1000 }],
    });
    const id = created.data.competition_id;
    expect((await admin.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const sub = await admin.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: 'a, b = map(int, input().split())\nprint(a + b)\n',
      competition_id: id,
      index: 0,
    });
    expect((await verdict(admin, sub.data.submission_id)).status).toBe('AC');
    const board = async () =>
      (await admin.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`)).data;
    // The verdict reaches the board asynchronously.
    await expect.poll(async () => (await board()).records[0]).toMatchObject({ rank: 1, solved: 1 });
    const before = await board();
    await server.close();

    server = await startServer(options);
    try {
      // A running contest's board is loaded while the server starts, not by the first request.
      expect(server.ctx.competitions.boards.loaded(id)).toBe(true);
      admin = await login(server.url);
      const after = (await admin.post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}`)).data;
      expect(
        after.records.map(({ rank, solved, penalty, cells }) => ({ rank, solved, penalty, cells })),
      ).toEqual(before.records.map(({ rank, solved, penalty, cells }) => ({ rank, solved, penalty, cells })));
    } finally {
      await server.close();
    }
  }, 120_000);
});
