// `npm run bench forum`: the forum under load (autocannon, 10 connections) with 100 000 posts in the
// database (inserted in bulk next to the running server) and one post with 500 comments (100 top-level
// comments with 4 replies each): the post list, a problem's solutions, one post and its comments.
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { startBenchServer } from './lib/bank-server';

const POSTS = 100_000;
const CATEGORIES = ['solution', 'answer', 'discussion', 'requirement'] as const;

const server = await startBenchServer();
try {
  const made = await server.post<{ post_id: number }>('/api/posts/add', {
    title: '评论很多的帖子',
    content: '# 标题\n\n正文 $a+b$。\n\n```cpp\nint main(){}\n```',
    category: 'discussion',
  });
  if (made.code !== 0) throw new Error(made.message);
  const hot = made.data.post_id;

  const t0 = performance.now();
  const db = new SQLite(join(server.dataDir, 'oj.db'));
  db.pragma('busy_timeout = 5000');
  const insertPost = db.prepare(
    `insert into posts (title, content, category, problem_id, tags, author_id, thumbs, comments, readings,
       hot_base, hot, create_time, update_time) values (?, ?, ?, ?, '[]', 1, ?, 0, 0, ?, ?, ?, ?)`,
  );
  const insertComment = db.prepare(
    `insert into comments (post_id, parent_id, author_id, content, thumbs, create_time) values (?, ?, 1, ?, 0, ?)`,
  );
  const start = Date.now() - POSTS * 60_000;
  db.transaction(() => {
    for (let i = 0; i < POSTS; i++) {
      const category = CATEGORIES[i % 4];
      const problem = category === 'solution' || category === 'answer' ? 1000 + (i % 10) : null;
      const time = new Date(start + i * 60_000).toISOString();
      const base = Math.floor(Date.parse(time) / 3_600_000 / 6);
      const thumbs = i % 17;
      insertPost.run(
        `帖子 ${i}`,
        `第 ${i} 篇帖子的正文，讲一讲思路。`.repeat(4),
        category,
        problem,
        thumbs,
        base,
        base + 4 * thumbs,
        time,
        time,
      );
    }
    const now = new Date().toISOString();
    for (let t = 0; t < 100; t++) {
      const top = insertComment.run(hot, null, `第 ${t} 楼`, now).lastInsertRowid;
      for (let r = 0; r < 4; r++) insertComment.run(hot, top, `回复 ${r}`, now);
    }
    db.prepare('update posts set comments = 500 where id = ?').run(hot);
  })();
  db.close();
  console.log(
    `inserted ${POSTS} posts and 500 comments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  async function run(title: string, path: string, body?: object) {
    const res = await autocannon({
      url: `${server.url}${path}`,
      method: 'POST',
      connections: 10,
      duration: 6,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (res.non2xx || res.errors) throw new Error(`${title}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    console.log(
      `${title}: ${Math.round(res.requests.average)} req/s, p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms`,
    );
  }
  await run('post list, first page (all categories)', '/api/posts/search', { pageNum: 1, pageSize: 20 });
  await run('post list, discussion, page 100', '/api/posts/search', {
    category: 'discussion',
    pageNum: 100,
    pageSize: 20,
  });
  await run(
    'solutions of a problem, hot',
    '/api/posts/post/answer/problemId?problem_id=1000&status=1&pageNum=1',
  );
  await run('the post with 500 comments', `/api/posts/search/postsId?post_id=${hot}`);
  await run(
    'its comments, first page (20 floors + replies)',
    `/api/posts/search/comment?post_id=${hot}&pageNum=1`,
  );
  await run('its comments, last page', `/api/posts/search/comment?post_id=${hot}&pageNum=5`);
} finally {
  await server.stop();
}
