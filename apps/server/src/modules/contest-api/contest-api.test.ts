import type { CompetitionAddRequestRaw } from '@oj/shared';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  type Client,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../../test/helpers';
import { verdict } from '../../../test/problems';

// Issue 26 part 7: the ICPC CCS Contest API (2023-06). Shapes of every endpoint, who sees what
// (anonymous, another user, a participant, an admin; a password contest, an upcoming one; a frozen
// contest's verdicts), the event feed (backlog in order, live, resumed), the package and tokens.

const C = '/api/competition';
const CCS = '/api/ccs';
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const AB_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG_PY = 'print(0)\n';

type Json = Record<string, unknown>;
type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'string?' | 'number?' | 'array?';

/** Required fields and their JSON types, as the specification's tables give them. */
const SHAPES: Record<string, Record<string, Kind>> = {
  contest: {
    id: 'string',
    name: 'string',
    start_time: 'string',
    duration: 'string',
    scoreboard_type: 'string',
    penalty_time: 'number',
  },
  'judgement-types': { id: 'string', name: 'string', penalty: 'boolean', solved: 'boolean' },
  languages: { id: 'string', name: 'string', entry_point_required: 'boolean', extensions: 'array' },
  problems: {
    id: 'string',
    label: 'string',
    name: 'string',
    ordinal: 'number',
    time_limit: 'number',
    test_data_count: 'number',
  },
  organizations: { id: 'string', name: 'string' },
  teams: { id: 'string', name: 'string', label: 'string', organization_id: 'string?', group_ids: 'array' },
  accounts: { id: 'string', username: 'string', type: 'string', team_id: 'string' },
  state: {
    started: 'string?',
    frozen: 'string?',
    ended: 'string?',
    thawed: 'string?',
    finalized: 'string?',
    end_of_updates: 'string?',
  },
  submissions: {
    id: 'string',
    language_id: 'string',
    problem_id: 'string',
    team_id: 'string',
    time: 'string',
    contest_time: 'string',
    files: 'array',
  },
  judgements: {
    id: 'string',
    submission_id: 'string',
    judgement_type_id: 'string?',
    start_time: 'string',
    start_contest_time: 'string',
    end_time: 'string?',
    end_contest_time: 'string?',
  },
  runs: {
    id: 'string',
    judgement_id: 'string',
    ordinal: 'number',
    judgement_type_id: 'string',
    time: 'string',
    contest_time: 'string',
    run_time: 'number',
  },
  clarifications: { id: 'string', text: 'string', time: 'string', contest_time: 'string' },
  awards: { id: 'string', citation: 'string', team_ids: 'array?' },
  scoreboard: { time: 'string', contest_time: 'string', state: 'object', rows: 'array' },
};
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}(:\d{2})?)$/;
const RELTIME = /^-?\d+:[0-5]\d:[0-5]\d\.\d{3}$/;
const ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$/;

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  return Array.isArray(v) ? 'array' : typeof v;
}

/** The problems of `o` against `shape`: missing fields, wrong types, bad times and ids. */
function shapeErrors(type: string, o: Json): string[] {
  const errors: string[] = [];
  for (const [k, want] of Object.entries(SHAPES[type])) {
    const got = kindOf(o[k]);
    const ok = want.endsWith('?') ? got === 'null' || got === want.slice(0, -1) || !(k in o) : got === want;
    if (!ok) errors.push(`${type}.${k}: ${got}, want ${want}`);
  }
  for (const [k, v] of Object.entries(o)) {
    if (typeof v !== 'string') continue;
    const relative = k.endsWith('contest_time') || k === 'duration' || k === 'scoreboard_freeze_duration';
    if (relative && !RELTIME.test(v)) errors.push(`${type}.${k}: not a RELTIME ${v}`);
    if (!relative && (k === 'time' || k.endsWith('_time')) && !TIME.test(v))
      errors.push(`${type}.${k}: not a TIME ${v}`);
    if ((k === 'id' || k.endsWith('_id')) && k !== 'judgement_type_id' && !ID.test(v))
      errors.push(`${type}.${k}: not an ID ${v}`);
  }
  return errors;
}

const basic = (account: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${account}:${password}`).toString('base64')}`,
});

/** A GET of the Contest API: its status and plain JSON body. */
async function ccs<T = unknown>(ts: TestServer, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${ts.url}${CCS}${path}`, { headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

interface FeedEvent {
  type: string;
  id: string | null;
  data: Json | Json[] | null;
  token: string | null;
}

/** An open event feed: the events read so far, and a wait for a condition on them (no sleeps). */
async function openFeed(ts: TestServer, path: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${ts.url}${CCS}${path}`, { headers, signal: abort.signal });
  const events: FeedEvent[] = [];
  let blankLines = 0;
  let wake = () => {};
  if (res.ok)
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.trim()) events.push(JSON.parse(line) as FeedEvent);
          else blankLines++;
        }
        wake();
      }
    })().catch(() => {});
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    events,
    blankLines: () => blankLines,
    async until(what: string, done: (events: FeedEvent[]) => boolean, timeoutMs = 60_000): Promise<void> {
      const end = Date.now() + timeoutMs;
      while (!done(events)) {
        if (Date.now() > end) throw new Error(`event feed: no ${what} after ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 1000).unref();
        });
      }
    },
    close: () => abort.abort(),
  };
}

/** Start and end from one instant: the duration is exact. */
const contest = (
  over: Partial<CompetitionAddRequestRaw> = {},
  now = Date.now(),
): CompetitionAddRequestRaw => ({
  name: '接口测试赛',
  description: '',
  type: 1,
  start_time: new Date(now - 10 * MIN).toISOString(),
  end_time: new Date(now + 60 * MIN).toISOString(),
  // The last 65 of 70 minutes: every try of the test is behind the freeze.
  freeze_minutes: 65,
  problems: [{ problem_id: 1000 }, { problem_id: 1001 }],
  ...over,
});

async function submitTo(c: Client, contestId: number, source: string, index = 0): Promise<number> {
  const res = await c.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
    problem_id: 1000 + index,
    language: 'Python3',
    source_code: source,
    competition_id: contestId,
    index,
  });
  if (res.code !== 0) throw new Error(`submit: ${res.message}`);
  return res.data.submission_id;
}

describe.each(backends())('the ICPC Contest API on $name', (backend) => {
  let ts: TestServer;
  let admin: Client;
  let alice: { client: Client; uuid: number };
  let bob: { client: Client; uuid: number };
  let carol: { client: Client; uuid: number };
  let frozenId = 0;
  let aliceAc = 0;
  let bobWa = 0;
  const asAdmin = () => basic(ts.admin.account, ts.admin.password);
  const asUser = (account: string) => basic(account, TEST_PASSWORD);

  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: { submit: { max: 1000, windowMs: 60_000 } } });
    admin = await ts.login(ts.admin.account, ts.admin.password);
    alice = await ts.register('ccs_alice');
    bob = await ts.register('ccs_bob');
    carol = await ts.register('ccs_carol');
    expect(
      (await alice.client.post('/api/user/modify', { username: 'Alice', school: '北京大学' })).code,
    ).toBe(0);
    frozenId = (await admin.post<{ competition_id: number }>(`${C}/admin/algorithm/add`, contest())).data
      .competition_id;
    for (const u of [alice, bob])
      expect((await u.client.post(`${C}/join?competition_id=${frozenId}`)).code).toBe(0);
    aliceAc = await submitTo(alice.client, frozenId, AB_PY);
    bobWa = await submitTo(bob.client, frozenId, WRONG_PY);
    expect((await verdict(alice.client, aliceAc)).status).toBe('AC');
    expect((await verdict(bob.client, bobWa)).status).toBe('WA');
  }, 180_000);
  afterAll(() => ts?.close());

  it('answers every endpoint in the specification’s shapes', async () => {
    const api = await ccs<Json>(ts, '');
    expect(api.body).toMatchObject({ version: '2023-06', version_url: expect.any(String) });
    const list = await ccs<Json[]>(ts, '/contests');
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.id)).toContain(String(frozenId));
    const base = `/contests/${frozenId}`;
    const one = await ccs<Json>(ts, base, asAdmin());
    expect(shapeErrors('contest', one.body)).toEqual([]);
    expect(one.body).toMatchObject({
      duration: '1:10:00.000',
      scoreboard_freeze_duration: '1:05:00.000',
      scoreboard_type: 'pass-fail',
    });
    expect(shapeErrors('state', (await ccs<Json>(ts, `${base}/state`)).body)).toEqual([]);
    const counts: Record<string, number> = {};
    for (const type of Object.keys(SHAPES).filter((t) => !['contest', 'state', 'scoreboard'].includes(t))) {
      const res = await ccs<Json[]>(ts, `${base}/${type}`, asAdmin());
      expect(res.status, type).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      counts[type] = res.body.length;
      for (const o of res.body) expect(shapeErrors(type, o), type).toEqual([]);
      if (res.body[0]) {
        const single = await ccs<Json>(ts, `${base}/${type}/${String(res.body[0].id)}`, asAdmin());
        expect(single.body, `${type}/{id}`).toEqual(res.body[0]);
      }
    }
    expect(counts).toMatchObject({
      problems: 2,
      teams: 2,
      accounts: 2,
      organizations: 1,
      submissions: 2,
      judgements: 2,
    });
    expect(counts.runs).toBeGreaterThan(1);
    expect((await ccs<Json[]>(ts, `${base}/groups`)).body.map((g) => g.id)).toEqual([
      'observers',
      'participants',
    ]);
    const teams = (await ccs<Json[]>(ts, `${base}/teams`, asAdmin())).body;
    expect(teams.find((t) => t.id === String(alice.uuid))).toMatchObject({
      name: 'Alice',
      organization_id: expect.stringMatching(/^org-/),
      group_ids: ['participants'],
    });
    // Filtering on an ID property.
    const bobs = (await ccs<Json[]>(ts, `${base}/submissions?team_id=${bob.uuid}`, asAdmin())).body;
    expect(bobs.map((s) => s.id)).toEqual([String(bobWa)]);
    const board = await ccs<Json>(ts, `${base}/scoreboard`, asAdmin());
    expect(shapeErrors('scoreboard', board.body)).toEqual([]);
    const rows = board.body.rows as Json[];
    expect(rows[0]).toMatchObject({
      rank: 1,
      team_id: String(alice.uuid),
      score: { num_solved: 1, total_time: expect.any(Number) },
    });
    const access = await ccs<{ capabilities: string[]; endpoints: { type: string }[] }>(
      ts,
      `${base}/access`,
      asAdmin(),
    );
    expect(access.body.capabilities).toEqual([]);
    expect(access.body.endpoints.map((e) => e.type)).toEqual(
      expect.arrayContaining(['contest', 'submissions', 'event-feed']),
    );
    expect((await ccs<Json>(ts, `${base}/account`, asUser('ccs_alice'))).body).toMatchObject({
      id: String(alice.uuid),
      type: 'team',
      team_id: String(alice.uuid),
    });
    // An admin's own account is an `admin` one; anonymous callers have none.
    expect((await ccs<Json>(ts, `${base}/account`, asAdmin())).body).toMatchObject({ type: 'admin' });
    expect((await ccs(ts, `${base}/account`)).status).toBe(404);
    expect((await ccs(ts, `${base}/nonsense`)).status).toBe(404);
    expect((await ccs(ts, '/contests/999999')).status).toBe(404);
  });

  it('follows the freeze for everyone but admins, as the board does', async () => {
    const base = `/contests/${frozenId}`;
    const verdicts = async (headers: Record<string, string>) => {
      const list = (await ccs<Json[]>(ts, `${base}/judgements`, headers)).body;
      return Object.fromEntries(list.map((j) => [j.submission_id, j.judgement_type_id]));
    };
    expect(await verdicts(asAdmin())).toEqual({ [aliceAc]: 'AC', [bobWa]: 'WA' });
    expect(await verdicts(asUser('ccs_carol'))).toEqual({ [aliceAc]: null, [bobWa]: null });
    expect(await verdicts({})).toEqual({ [aliceAc]: null, [bobWa]: null });
    // A participant sees their own verdict, as on the record page.
    expect(await verdicts(asUser('ccs_alice'))).toEqual({ [aliceAc]: 'AC', [bobWa]: null });
    // No runs of hidden verdicts; the board shows them pending.
    const runs = (await ccs<Json[]>(ts, `${base}/runs`, asUser('ccs_carol'))).body;
    expect(runs).toEqual([]);
    const row = ((await ccs<Json>(ts, `${base}/scoreboard`, asUser('ccs_carol'))).body.rows as Json[]).find(
      (r) => r.team_id === String(alice.uuid),
    )!;
    expect((row.problems as Json[])[0]).toMatchObject({ solved: false, num_pending: 1 });
    expect(row.score).toMatchObject({ num_solved: 0 });
    const awards = (await ccs<Json[]>(ts, `${base}/awards`, asUser('ccs_carol'))).body;
    expect(awards.find((a) => a.id === 'winner')).toMatchObject({ team_ids: [] });
    expect(
      (await ccs<Json[]>(ts, `${base}/awards`, asAdmin())).body.find((a) => a.id === 'winner'),
    ).toMatchObject({
      team_ids: [String(alice.uuid)],
    });
    const state = (await ccs<Json>(ts, `${base}/state`)).body;
    expect(state).toMatchObject({
      started: expect.any(String),
      frozen: expect.any(String),
      ended: null,
      thawed: null,
    });
  });

  it('keeps password contests to those who joined, and upcoming ones to their managers', async () => {
    const locked = (
      await admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '密码赛', password: 'pw-123', freeze_minutes: 0 }),
      )
    ).data.competition_id;
    const later = (
      await admin.post<{ competition_id: number }>(
        `${C}/admin/algorithm/add`,
        contest({ name: '未开始', start_time: iso(60 * MIN), end_time: iso(120 * MIN), freeze_minutes: 0 }),
      )
    ).data.competition_id;
    for (const id of [locked, later]) {
      // The contest object itself is as public as the contest list.
      expect((await ccs(ts, `/contests/${id}`)).status).toBe(200);
      for (const headers of [{}, asUser('ccs_carol')])
        for (const path of ['problems', 'teams', 'submissions', 'scoreboard', 'event-feed'])
          expect((await ccs(ts, `/contests/${id}/${path}`, headers)).status, `${id}/${path}`).toBe(403);
      expect((await ccs<Json[]>(ts, `/contests/${id}/problems`, asAdmin())).body).toHaveLength(2);
    }
    const refused = await ccs<Json>(ts, `/contests/${locked}/problems`, asUser('ccs_carol'));
    expect(refused.body).toMatchObject({ code: 403, message: expect.stringContaining('密码') });
    expect((await carol.client.post(`${C}/join?competition_id=${locked}&password=pw-123`)).code).toBe(0);
    expect((await ccs(ts, `/contests/${locked}/problems`, asUser('ccs_carol'))).status).toBe(200);
    // Wrong credentials: 401 with the basic challenge.
    const wrong = await ccs(ts, `/contests/${frozenId}/teams`, basic('ccs_carol', 'not-the-password'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
  });

  it('streams the event feed: the backlog in order, new submissions live, and resumes by token', async () => {
    const path = `/contests/${frozenId}/event-feed`;
    const feed = await openFeed(ts, path, asAdmin());
    expect(feed.status).toBe(200);
    expect(feed.contentType).toMatch(/^application\/x-ndjson/);
    await feed.until('awards', (e) => e.some((x) => x.type === 'awards'));
    const backlog = [...feed.events];
    expect(backlog[0].type).toBe('contest');
    const firstOf = (type: string, id?: string) =>
      backlog.findIndex((e) => e.type === type && (id === undefined || e.id === id));
    for (const type of ['judgement-types', 'languages', 'problems', 'teams'])
      expect(firstOf(type), type).toBeLessThan(firstOf('submissions'));
    expect(firstOf('submissions', String(aliceAc))).toBeLessThan(firstOf('judgements', String(aliceAc)));
    expect(backlog.find((e) => e.type === 'judgements' && e.id === String(bobWa))?.data).toMatchObject({
      judgement_type_id: 'WA',
    });
    const tokens = backlog.map((e) => e.token!);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    const last = tokens[tokens.length - 1];

    // Live: a new submission and then its verdict arrive on the open feed.
    const live = await submitTo(bob.client, frozenId, AB_PY);
    await feed.until('the new verdict', (e) =>
      e.some(
        (x) =>
          x.type === 'judgements' && x.id === String(live) && (x.data as Json).judgement_type_id === 'AC',
      ),
    );
    const liveEvents = feed.events.slice(backlog.length);
    expect(
      liveEvents.findIndex((e) => e.type === 'submissions' && e.id === String(live)),
    ).toBeGreaterThanOrEqual(0);
    feed.close();

    // Resumed after the backlog's last token: the new submission, nothing of the backlog again.
    const resumed = await openFeed(ts, `${path}?since_token=${encodeURIComponent(last)}`, asAdmin());
    await resumed.until('the resumed verdict', (e) =>
      e.some(
        (x) =>
          x.type === 'judgements' && x.id === String(live) && (x.data as Json).judgement_type_id === 'AC',
      ),
    );
    const before = new Map(backlog.map((e) => [`${e.type}/${e.id}`, JSON.stringify(e.data)]));
    const repeats = resumed.events.filter((e) => before.get(`${e.type}/${e.id}`) === JSON.stringify(e.data));
    expect(repeats).toEqual([]);
    expect(resumed.events.some((e) => e.type === 'submissions' && e.id === String(live))).toBe(true);
    resumed.close();
    expect((await ccs(ts, `${path}?since_token=bogus`, asAdmin())).status).toBe(400);
  }, 120_000);

  it('reveals the frozen verdicts on the public feed when an admin unfreezes (the Resolver’s reveal)', async () => {
    const feed = await openFeed(ts, `/contests/${frozenId}/event-feed`, asUser('ccs_carol'));
    await feed.until('awards', (e) => e.some((x) => x.type === 'awards'));
    const judged = feed.events.filter((e) => e.type === 'judgements');
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.every((e) => (e.data as Json).judgement_type_id === null)).toBe(true);
    expect((await admin.post(`${C}/admin/unfreeze?competition_id=${frozenId}`)).code).toBe(0);
    await feed.until('the revealed verdict', (e) =>
      e.some(
        (x) =>
          x.type === 'judgements' && x.id === String(aliceAc) && (x.data as Json).judgement_type_id === 'AC',
      ),
    );
    feed.close();
  }, 60_000);

  it('exports the contest package to admins, with bearer tokens they create', async () => {
    // By an admin's session (the management site) or basic credentials (a script).
    const bySession = await fetch(`${ts.url}${CCS}/tokens`, {
      method: 'POST',
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ days: 7 }),
    });
    expect(((await bySession.json()) as { token: string }).token).toMatch(/^ccs1\./);
    const raw = await fetch(`${ts.url}${CCS}/tokens`, {
      method: 'POST',
      headers: { ...asAdmin(), 'content-type': 'application/json' },
      body: JSON.stringify({ days: 7 }),
    });
    const made = (await raw.json()) as { token: string; expires: string };
    expect(made.token).toMatch(/^ccs1\./);
    const bearer = { authorization: `Bearer ${made.token}` };
    expect(
      (await ccs<Json[]>(ts, `/contests/${frozenId}/judgements`, bearer)).body.every(
        (j) => j.judgement_type_id !== null,
      ),
    ).toBe(true);
    expect((await ccs(ts, '/contests', { authorization: 'Bearer ccs1.1.1.x' })).status).toBe(401);
    const userToken = await fetch(`${ts.url}${CCS}/tokens`, {
      method: 'POST',
      headers: { ...asUser('ccs_carol'), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(userToken.status).toBe(403);

    expect((await ccs(ts, `/contests/${frozenId}/package`, asUser('ccs_alice'))).status).toBe(403);
    const pkg = await fetch(`${ts.url}${CCS}/contests/${frozenId}/package`, { headers: bearer });
    expect(pkg.status).toBe(200);
    const names = await zipNames(Buffer.from(await pkg.arrayBuffer()));
    expect(names).toEqual(
      expect.arrayContaining([
        'api.json',
        'contest.json',
        'problems.json',
        'teams.json',
        'submissions.json',
        'judgements.json',
        'scoreboard.json',
        'event-feed.ndjson',
        `submissions/${aliceAc}/files.zip`,
      ]),
    );
    const files = await fetch(`${ts.url}${CCS}/contests/${frozenId}/submissions/${aliceAc}/files`, {
      headers: asAdmin(),
    });
    expect(await zipNames(Buffer.from(await files.arrayBuffer()))).toEqual(['main.py']);
    expect(
      (
        await fetch(`${ts.url}${CCS}/contests/${frozenId}/submissions/${aliceAc}/files`, {
          headers: asUser('ccs_alice'),
        })
      ).status,
    ).toBe(403);
  });
});

function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
