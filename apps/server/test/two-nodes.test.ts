import type { RankPage } from '@oj/shared';
import { encryptPassword } from '@oj/shared';
import { describe, expect, it } from 'vitest';
import { Client, TEST_PASSWORD } from './helpers';
import { submit, verdict } from './problems';
import { openSse } from './sse-client';
import { TWO_NODES, twoNodeInstall } from './two-node-install';

const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * Two server nodes of one install (one PostgreSQL database, one Redis): node A judges, node B
 * judges nothing. Verdicts reach B's streams and B's live scoreboard through the event bus, and
 * each node hears each change once, whichever node stored it.
 */
describe.skipIf(!TWO_NODES)('two server nodes of one install', () => {
  const nodes = twoNodeInstall({ rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });

  it('streams and the scoreboard of the other node see a verdict once', async () => {
    const { a, b } = nodes;
    const admin = await a.login(a.admin.account, a.admin.password);
    const created = await admin.post<{ competition_id: number }>('/api/competition/admin/algorithm/add', {
      name: '双节点赛',
      description: '',
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: 1000 }],
    });
    const contestId = created.data.competition_id;
    const { client: onA, uuid } = await a.register('nodes_user');
    expect((await onA.post(`/api/competition/join?competition_id=${contestId}`)).code).toBe(0);
    // The same session on node B (sessions live in Redis).
    const onB = onA.on(b.url);
    const rankOnB = () =>
      onB
        .get<RankPage>(`/api/competition/search/rank/pageNum?competition_id=${contestId}`)
        .then((r) => r.data);
    expect((await rankOnB()).records.map((r) => [r.uuid, r.solved])).toEqual([[uuid, 0]]);

    const streams = [a.url, b.url].map((url) =>
      openSse(`${url}/api/problem/algorithm/records/user/stream?problem_id=1000`, onA),
    );
    const rankStream = openSse(
      `${b.url}/api/competition/search/rank/stream?competition_id=${contestId}`,
      onB,
    );
    for (const s of streams) await s.until((e) => e.event === 'ready');
    const before = Number(rankStream.events[await rankStream.until((e) => e.event === 'rank')].data.version);

    const first = await onA.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
      problem_id: 1000,
      language: 'Python3',
      source_code: AB_PY,
      competition_id: contestId,
      index: 0,
    });
    expect(first.code).toBe(0);
    const id = first.data.submission_id;
    expect((await verdict(onA, id)).status).toBe('AC');
    // A later change from the same node marks the end: events of one publisher arrive in order.
    const marker = await submit(onA, 1000, 'Python3', AB_PY);
    for (const s of streams) {
      await s.until((e) => e.event === 'changed' && e.data.submission_id === marker);
      const changes = s.events.filter((e) => e.event === 'changed' && e.data.submission_id === id);
      expect(changes.map((e) => e.data.status)).toEqual(['PD', 'AC']);
      s.close();
    }
    await expect.poll(async () => (await rankOnB()).records[0].solved, { timeout: 30_000 }).toBe(1);
    await rankStream.until((e) => e.event === 'rank' && Number(e.data.version) > before);
    rankStream.close();
    await verdict(onA, marker);
  }, 120_000);

  it('share the install keys: a password encrypted with one node’s key logs in through the other', async () => {
    const { a, b } = nodes;
    const keyOf = async (url: string) =>
      ((await (await fetch(`${url}/api/getPublicKey`)).json()) as { data: string }).data;
    const key = await keyOf(a.url);
    expect(await keyOf(b.url)).toBe(key);
    await a.register('nodes_keys');
    const login = await new Client(b.url).post('/api/user/login', {
      account: 'nodes_keys',
      password: await encryptPassword(key, TEST_PASSWORD),
    });
    expect(login.code, login.message).toBe(0);
  });
});
