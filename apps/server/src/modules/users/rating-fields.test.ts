import type {
  AdminUserPage,
  CompetitionAddRequestRaw,
  CurrentUser,
  PublicUser,
  RankPage,
  RecordPage,
  SubmissionRecord,
  TopUser,
  UserPage,
} from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { endContestNow } from '../../../test/contests';
import { verdict } from '../../../test/problems';

const C = '/api/competition';
const P = '/api/problem/algorithm';
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const AB_PY_WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const unrated = { rating: 1400, rated: false };

/**
 * Every place that shows a user's name also sends `rating` and `rated` (issue #6): a user without an
 * applied rated contest is unrated at 1400 everywhere, and becomes rated once a rated contest of
 * theirs is applied (and unrated again when it is rolled back).
 */
describe.each(backends())('ratings next to names on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
  }, 60_000);
  afterAll(() => ts?.close());

  it('a new user is unrated at 1400 on the login user, card, search and admin list', async () => {
    const { client, uuid } = await ts.register('rf_new');
    expect((await client.get<CurrentUser>('/api/user/current')).data).toMatchObject(unrated);
    expect((await ts.client().post<PublicUser>(`/api/user/search/uuid?uuid=${uuid}`)).data).toMatchObject({
      uuid,
      ...unrated,
    });
    const found = await ts
      .client()
      .post<UserPage>('/api/user/search', { keyword: 'rf_new', pageNum: 1, pageSize: 10 });
    expect(found.data.records).toEqual([expect.objectContaining({ uuid, ...unrated })]);
    const listed = await admin.post<AdminUserPage>('/api/user/admin/getPage', {
      keyword: 'rf_new',
      pageNum: 1,
      pageSize: 10,
    });
    expect(listed.data.records).toEqual([expect.objectContaining({ uuid, ...unrated })]);
    expect((await ts.client().get<CurrentUser>('/api/user/current')).data.rated).toBe(false);
  });

  it('records, the scoreboard and the rating lists carry the author’s rating; applying a contest rates them', async () => {
    const a = await ts.register('rf_a');
    const b = await ts.register('rf_b');
    const idle = await ts.register('rf_idle'); // joins, never submits: not a contestant, stays unrated
    const body: CompetitionAddRequestRaw = {
      name: '评级测试赛',
      description: '',
      type: 1,
      start_time: iso(-60_000),
      end_time: iso(3600_000),
      problems: [{ problem_id: 1000 }],
    };
    const created = await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add?status=1`, body);
    expect(created.code).toBe(0);
    const id = created.data.competition_id;
    for (const p of [a, b, idle])
      expect((await p.client.post(`${C}/join?competition_id=${id}`)).code).toBe(0);
    const submit = (p: { client: Client }, source: string) =>
      p.client.post<{ submission_id: number }>(`${P}/judge/submit`, {
        problem_id: 1000,
        language: 'Python3',
        source_code: source,
        competition_id: id,
        index: 0,
      });
    const sa = (await submit(a, AB_PY)).data.submission_id;
    const sb = (await submit(b, AB_PY_WRONG)).data.submission_id;
    expect(await verdict(a.client, sa)).toMatchObject({ uuid: a.uuid, username: 'rf_a', ...unrated });
    await verdict(b.client, sb);

    const rank = async () =>
      (await ts.client().post<RankPage>(`${C}/search/rank/pageNum?competition_id=${id}&pageNum=1`)).data
        .records;
    expect(await rank()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uuid: a.uuid, ...unrated }),
        expect.objectContaining({ uuid: idle.uuid, ...unrated }),
      ]),
    );
    const list = async () =>
      (await ts.client().get<RecordPage>(`${P}/records?problem_id=1000&pageNum=1&pageSize=50`)).data.records;
    expect((await list()).find((r) => r.submission_id === sb)).toMatchObject({ uuid: b.uuid, ...unrated });
    const mine = await a.client.post<RecordPage>(
      `${C}/search/records/pageNum?competition_id=${id}&pageNum=1`,
    );
    expect(mine.data.records).toEqual([expect.objectContaining({ submission_id: sa, ...unrated })]);

    // The contest ends and its ratings are applied (marking it rated runs what the periodic job does).
    await endContestNow(admin, id, body);
    expect((await admin.post(`${C}/admin/rated?competition_id=${id}&rated=1`)).code).toBe(0);
    const ratedA = { rating: 1496, rated: true };
    const ratedB = { rating: 1302, rated: true };
    expect((await a.client.get<CurrentUser>('/api/user/current')).data).toMatchObject(ratedA);
    expect((await ts.client().post<PublicUser>(`/api/user/search/uuid?uuid=${b.uuid}`)).data).toMatchObject(
      ratedB,
    );
    expect(
      (await ts.client().get<SubmissionRecord>(`${P}/records/recordId?submission_id=${sa}`)).data,
    ).toMatchObject(ratedA);
    expect((await list()).find((r) => r.submission_id === sb)).toMatchObject(ratedB);
    expect(await rank()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uuid: a.uuid, ...ratedA }),
        expect.objectContaining({ uuid: b.uuid, ...ratedB }),
        expect.objectContaining({ uuid: idle.uuid, ...unrated }),
      ]),
    );
    const top = (await ts.client().post<TopUser[]>(`${C}/search/top`)).data;
    expect(top.find((t) => t.uuid === a.uuid)).toMatchObject(ratedA);
    expect(top.some((t) => t.uuid === idle.uuid)).toBe(false);
    const page = await ts
      .client()
      .post<{ records: TopUser[] }>(`${C}/search/rating/page?pageNum=1&pageSize=50`);
    expect(page.data.records.every((t) => t.rated)).toBe(true);
    expect(page.data.records.map((t) => t.uuid)).toEqual(expect.arrayContaining([a.uuid, b.uuid]));
    expect((await idle.client.get<CurrentUser>('/api/user/current')).data).toMatchObject(unrated);

    // Rolled back: the only rated contest of a and b is gone, so they are unrated at 1400 again.
    expect((await admin.post(`${C}/admin/rated?competition_id=${id}&rated=0`)).code).toBe(0);
    expect((await a.client.get<CurrentUser>('/api/user/current')).data).toMatchObject(unrated);
    expect((await list()).find((r) => r.submission_id === sb)).toMatchObject(unrated);
  }, 120_000);
});
