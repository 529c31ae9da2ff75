import { describe, expect, it } from 'vitest';
import { openSse } from './sse-client';
import { TWO_NODES, twoNodeInstall } from './two-node-install';

const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * Two nodes of one install (PostgreSQL + Redis): a question asked on node A reaches the admin's
 * stream open on node B, and the public answer given on node B reaches the participant's stream on
 * node A, once each (issue 18).
 */
describe.skipIf(!TWO_NODES)('clarifications across two server nodes', () => {
  const nodes = twoNodeInstall();

  it('a question and its answer cross the nodes live', async () => {
    const { a, b } = nodes;
    const admin = await a.login(a.admin.account, a.admin.password);
    const created = await admin.post<{ competition_id: number }>('/api/competition/admin/algorithm/add', {
      name: '双节点答疑',
      description: '',
      type: 1,
      start_time: iso(-10 * MIN),
      end_time: iso(60 * MIN),
      problems: [{ problem_id: 1000 }],
    });
    const id = created.data.competition_id;
    const student = await a.register('two_node_asker');
    expect((await student.client.post(`/api/competition/join?competition_id=${id}`)).code).toBe(0);

    const adminOnB = admin.on(b.url);
    const adminStream = openSse(`${b.url}/api/clarifications/stream?competition_id=${id}`, adminOnB);
    const studentStream = openSse(`${a.url}/api/clarifications/stream?competition_id=${id}`, student.client);
    await adminStream.until((e) => e.event === 'clarification');
    await studentStream.until((e) => e.event === 'clarification');

    const q = await student.client.post<{ id: number }>('/api/clarifications/ask', {
      competition_id: id,
      problem_index: 0,
      question: '跨节点提问',
    });
    expect(q.code).toBe(0);
    await adminStream.until((e) => e.event === 'clarification' && e.data.unread === 1, 1, 10_000);
    const answered = await adminOnB.post('/api/clarifications/answer', {
      clarification_id: q.data.id,
      answer: '跨节点回复',
      public: true,
    });
    expect(answered.code).toBe(0);
    await studentStream.until((e) => e.event === 'clarification' && e.data.unread === 1, 1, 10_000);
    await adminStream.until((e) => e.event === 'clarification' && e.data.unread === 0, 2, 10_000);
    // Each change heard once on each stream: the question was private (the student's own stream
    // heard it as theirs), then the answer.
    expect(adminStream.events.map((e) => e.data.unread)).toEqual([0, 1, 0]);
    expect(studentStream.events.map((e) => e.data.unread)).toEqual([0, 0, 1]);
    adminStream.close();
    studentStream.close();
  });
});
