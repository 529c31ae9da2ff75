// `npm run bench search`: the aggregate search (issue 14) over 100 000 posts (through the post
// adapter, synthetic text), 10 000 problems and 10 000 users: build time, p50 / p95 of two-word
// Chinese queries (one category and `all`), time until a new post is findable through the outbox,
// and index size. SQLite; also PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Role, type SearchRequest } from '@oj/shared';
import { openDatabase } from '../src/db/kysely';
import { migrate } from '../src/db/migrate';
import { scoped } from '../src/db/scoped';
import type { Viewer } from '../src/lib/auth';
import { Outbox } from '../src/lib/outbox';
import { CP_TERMS } from '../src/modules/search/analyze';
import {
  createSearchService,
  postSource,
  type PostForIndex,
  SEARCH_TABLES,
  type SearchDoc,
  type SearchSource,
} from '../src/modules/search';
import { freshPostgresDatabase } from '../test/helpers';

const require = createRequire(import.meta.url);
const POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 100_000);
const PROBLEMS = 10_000;
const USERS = 10_000;
const QUERIES = 300;

// Deterministic text: jieba's dictionary words (ranks 100–30 000 by frequency, drawn with a Zipf-like
// skew, as real text is), a competitive-programming term now and then.
const VOCAB = readFileSync(join(dirname(require.resolve('@node-rs/jieba')), 'dict.txt'), 'utf8')
  .split('\n')
  .map((line) => line.split(' '))
  .filter(([w, f]) => /^\p{Script=Han}{2,4}$/u.test(w ?? '') && Number(f) > 0)
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .slice(100, 30_100)
  .map(([w]) => w);
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const word = () =>
  rand() < 0.03
    ? CP_TERMS[Math.floor(rand() * CP_TERMS.length)]
    : VOCAB[Math.floor(VOCAB.length * rand() ** 2.5)];
/**
 * What people type: two content words (uniform over the vocabulary below its 1 000 most frequent
 * words), half the time one of them a competitive-programming term. Broad queries of the most
 * frequent words are measured apart.
 */
const queryWords = () => {
  const content = () => VOCAB[1000 + Math.floor(rand() * (VOCAB.length - 1000))];
  return `${rand() < 0.5 ? CP_TERMS[Math.floor(rand() * CP_TERMS.length)] : content()} ${content()}`;
};
const text = (n: number) => Array.from({ length: n }, word).join(rand() < 0.5 ? '' : '，');

const posts = new Map<number, PostForIndex>();
const makePost = (id: number): PostForIndex => ({
  id,
  title: text(4 + Math.floor(rand() * 5)),
  content: text(40 + Math.floor(rand() * 120)),
  category: 1,
  problem_id: rand() < 0.3 ? 1 + Math.floor(rand() * PROBLEMS) : null,
  tags: [word()],
  author_id: 1 + Math.floor(rand() * USERS),
  thumbs: Math.floor(rand() * 50),
  comments: Math.floor(rand() * 20),
  create_time: new Date().toISOString(),
  searchable: true,
});
for (let i = 1; i <= POSTS; i++) posts.set(i, makePost(i));

const ranges = (n: number) =>
  async function* () {
    for (let i = 1; i <= n; i += 1000)
      yield Array.from({ length: Math.min(1000, n - i + 1) }, (_, k) => i + k);
  };
const synthetic = (n: number, make: (id: number) => SearchDoc): SearchSource => {
  const docs = new Map<number, SearchDoc>();
  for (let i = 1; i <= n; i++) docs.set(i, make(i));
  return { load: async (ids) => ids.flatMap((id) => docs.get(id) ?? []), allIds: ranges(n) };
};
const problems = synthetic(PROBLEMS, (id) => ({
  id,
  title: text(3),
  body: text(80),
  searchable: true,
  tags: [word()],
  visibility: { problem_id: id },
  filter: { difficulty: id % 4, source: 'original' },
  fields: { difficulty: id % 4 },
}));
const users = synthetic(USERS, (id) => ({
  id,
  title: `用户${text(1)}${id}`,
  body: text(10),
  searchable: true,
  names: [`user${id}`],
  fields: { rating: 1500 },
}));

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x: number) => `${x.toFixed(1)} ms`;
const anonymous: Viewer = { uuid: -1, role: Role.NotLogin, isBoss: false, sessionId: null };

async function run(label: string, pgUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'oj-search-bench-'));
  const pg = pgUrl ? await freshPostgresDatabase(pgUrl) : null;
  const db = await openDatabase({ databaseUrl: pg?.url ?? '', dataDir });
  await migrate(db.db as never, db.dialect);
  const outbox = new Outbox(db.db, (err) => console.error(err));
  const search = createSearchService({
    db: scoped(db.db, SEARCH_TABLES),
    dialect: db.dialect,
    outbox,
    hiddenProblems: () => db.db.selectFrom('problems').select('id').where('visible', '=', 0),
    solutions: { locks: async () => ({ contest: [], policy: [] }), refusal: async () => null },
    userIdByAccount: async () => undefined,
    briefs: async () => new Map(),
    onError: (err) => console.error(err),
    sources: {
      post: postSource(async (ids) => ids.flatMap((id) => posts.get(id) ?? []), ranges(POSTS)),
      problem: problems,
      user: users,
    },
    membership: async () => [],
  });

  let t0 = performance.now();
  await search.reindex();
  const buildS = (performance.now() - t0) / 1000;
  console.log(
    `[${label}] index built: ${POSTS} posts, ${PROBLEMS} problems, ${USERS} users in ${buildS.toFixed(1)} s`,
  );

  const query = (category: SearchRequest['category'], keyword: string) =>
    search.search(anonymous, { keyword, category, pageNum: 1, pageSize: 10, sourceList: [], tagsList: [] });
  for (const category of ['post', 'all'] as const) {
    seed = 1000; // the same queries for each category and database
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < QUERIES; i++) {
      const keyword = queryWords();
      t0 = performance.now();
      const res = await query(category, keyword);
      if (i >= 20) times.push(performance.now() - t0); // the first ones warm the caches
      hits += res.total;
    }
    console.log(
      `[${label}] two-word Chinese query, category ${category}: p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))}, ` +
        `max ${ms(Math.max(...times))} (mean ${Math.round(hits / QUERIES)} matches)`,
    );
  }

  {
    const times: number[] = [];
    let hits = 0;
    seed = 2000;
    for (let i = 0; i < 40; i++) {
      const keyword = `${VOCAB[Math.floor(rand() * 30)]} ${VOCAB[Math.floor(rand() * 30)]}`;
      t0 = performance.now();
      hits += (await query('post', keyword)).total;
      times.push(performance.now() - t0);
    }
    console.log(
      `[${label}] broad query (two of the 30 most frequent words), category post: p50 ${ms(pct(times, 0.5))}, ` +
        `p95 ${ms(pct(times, 0.95))} (mean ${Math.round(hits / 40)} matches)`,
    );
  }

  // A new post through the outbox (poke after the write, as the forum's writes will): time until found.
  outbox.start();
  const lags: number[] = [];
  for (let i = 0; i < 20; i++) {
    const id = POSTS + 1 + i;
    posts.set(id, { ...makePost(id), title: `全新帖子 标记词${id}` });
    t0 = performance.now();
    await outbox.add(db.db, 'post', id);
    for (;;) {
      const res = await query('post', `标记词${id}`);
      if (res.records.some((r) => r.id === id)) break;
      if (performance.now() - t0 > 5000) throw new Error(`post ${id} not findable after 5 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    lags.push(performance.now() - t0);
  }
  await outbox.stop();
  console.log(`[${label}] new post findable after: p50 ${ms(pct(lags, 0.5))}, max ${ms(Math.max(...lags))}`);
  console.log(`[${label}] index size: ${((await search.sizeBytes()) / 1024 / 1024).toFixed(1)} MiB`);
  await db.close();
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

await run('sqlite');
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
if (pgUrl) await run('postgres', pgUrl);
