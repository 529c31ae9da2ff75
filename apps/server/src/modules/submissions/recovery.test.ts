import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../index';
import { loginAsBoss, restartableOptions } from '../../../test/helpers';
import { submit, verdict } from '../../../test/problems';

describe('recovery at start-up', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-recovery-'));
  const options = restartableOptions(dataDir);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const login = loginAsBoss;

  it('re-queues submissions a crash left pending, and seeding stays idempotent', async () => {
    let server = await startServer(options);
    let id: number;
    let firstTotal: number;
    try {
      const c = await login(server.url);
      firstTotal = (await c.post<{ total: number }>('/api/problem/algorithm/search', { pageSize: 100 })).data
        .total;
      id = await submit(c, 1000, 'Python3', 'a, b = map(int, input().split())\nprint(a + b)\n');
      expect((await verdict(c, id)).status).toBe('AC');
    } finally {
      await server.close();
    }
    // What a crash mid-judging leaves behind: the row still PD, no results.
    const db = new SQLite(join(dataDir, 'oj.db'));
    db.prepare(
      "update submissions set status = 'PD', test_results = '[]', judge_time = null where id = ?",
    ).run(id);
    db.close();

    server = await startServer(options);
    try {
      const c = await login(server.url);
      const rec = await verdict(c, id);
      expect(rec.status).toBe('AC');
      expect(rec.test_results).toHaveLength(10);
      const bank = await c.post<{ total: number }>('/api/problem/algorithm/search', { pageSize: 100 });
      expect(bank.data.total).toBe(firstTotal); // ten demo problems + the hidden 408 programming one
      expect(firstTotal).toBe(11);
      expect((await c.post<{ total: number }>('/api/problem/math408/search')).data.total).toBe(15);
    } finally {
      await server.close();
    }
  }, 120_000);
});
