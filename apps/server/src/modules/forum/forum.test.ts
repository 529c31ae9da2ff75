import type { CommentPage, PostDetail, PostEdit, PostPage, ThumbState } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../../events';
import { backends, type Client, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients } from '../../../test/problems';

const P = '/api/posts';
const LIMITS = {
  post: { max: 1000, windowMs: 60_000 },
  comment: { max: 1000, windowMs: 60_000 },
};

const solution = (over: object = {}) => ({
  title: '两数之和的题解',
  content: '读入 $a$ 和 $b$，输出和。\n\n```cpp\nint main(){}\n```',
  category: 'solution',
  problem_id: 1000,
  tags: ['模拟'],
  ...over,
});

async function add(c: Client, body: object): Promise<number> {
  const res = await c.post<{ post_id: number }>(`${P}/add`, body);
  if (res.code !== 0) throw new Error(`add: ${res.message}`);
  return res.data.post_id;
}

const detail = (c: Client, id: number) => c.post<PostDetail>(`${P}/search/postsId?post_id=${id}`);
const ids = (page: PostPage) => page.records.map((r) => r.post_id);

describe.each(backends())('forum on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  let other: Client;
  let otherUuid: number;
  const events: { name: string; payload: unknown }[] = [];
  beforeAll(async () => {
    ts = await startTestServer(backend, { rateLimits: LIMITS });
    c = await roleClients(ts, 'forum');
    ({ client: other, uuid: otherUuid } = await ts.register('forum_other'));
    const bus = ts.server.ctx.bus;
    for (const name of ['post.changed', 'comment.added'] as const)
      bus.on(name, (payload: DomainEvents[typeof name]) => void events.push({ name, payload }));
  }, 60_000);
  afterAll(() => ts?.close());

  it('writes need a login and an unbanned account; reading does not', async () => {
    expect((await c.anon.post(`${P}/add`, solution())).status).toBe(401);
    // A ban ends the account's sessions: the banned client is refused like a stranger.
    const refused = (res: { status: number }) => expect([401, 403]).toContain(res.status);
    refused(await c.banned.post(`${P}/add`, solution()));
    const id = await add(c.user, solution());
    const read = await detail(c.anon, id);
    expect(read.code).toBe(0);
    expect(read.data).toMatchObject({
      title: '两数之和的题解',
      category: 'solution',
      problem_id: 1000,
      can_edit: false,
    });
    expect(read.data.author.username).toBe('forum_user');
    expect((await c.anon.post(`${P}/post/thumbs?post_id=${id}&status=1`)).status).toBe(401);
    refused(await c.banned.post(`${P}/post/thumbs?post_id=${id}&status=1`));
    expect((await c.anon.post(`${P}/post/comment/add`, { post_id: id, content: 'x' })).status).toBe(401);
    refused(await c.banned.post(`${P}/post/comment/add`, { post_id: id, content: 'x' }));
    refused(await c.banned.post(`${P}/top?post_id=${id}`));
    expect((await c.anon.post(`${P}/search`, {})).code).toBe(0);
    expect((await c.anon.post(`${P}/search/comment?post_id=${id}`)).code).toBe(0);
  });

  it('validates posts with messages naming the field', async () => {
    const cases: [object, RegExp][] = [
      [solution({ title: '' }), /标题不能为空/],
      [solution({ title: 'x'.repeat(101) }), /标题不能超过 100 个字符/],
      [solution({ content: '  ' }), /内容不能为空/],
      [solution({ category: 'news' }), /分类必须是/],
      [solution({ problem_id: undefined }), /题解和问答必须指明题目编号/],
      [solution({ problem_id: 99999 }), /题目 99999 不存在/],
      [solution({ category: 'requirement' }), /需求不能关联题目/],
    ];
    for (const [body, msg] of cases) {
      const res = await c.user.post(`${P}/add`, body);
      expect([res.status, res.message]).toEqual([400, expect.stringMatching(msg)]);
    }
  });

  it('lets the author or an admin edit and delete, keeping the history for admins', async () => {
    events.length = 0;
    const id = await add(c.user, solution({ title: '初版' }));
    const edit = { ...solution({ title: '第二版', content: '改过的内容' }), post_id: id };
    expect((await other.post(`${P}/modify`, edit)).status).toBe(403);
    expect((await c.anon.post(`${P}/modify`, edit)).status).toBe(401);
    expect((await c.user.post(`${P}/modify`, edit)).code).toBe(0);
    expect((await c.admin.post(`${P}/modify`, { ...edit, title: '管理员改过' })).code).toBe(0);
    expect((await c.user.post(`${P}/modify`, { ...edit, category: 'discussion' })).status).toBe(400);
    expect((await detail(c.anon, id)).data.title).toBe('管理员改过');

    expect((await c.user.post(`${P}/history?post_id=${id}`)).status).toBe(403);
    const hist = await c.admin.post<PostEdit[]>(`${P}/history?post_id=${id}`);
    expect(hist.data.map((h) => h.title)).toEqual(['第二版', '初版']);
    expect(hist.data[1].editor.username).toBe('forum_user');

    expect((await other.post(`${P}/delete?post_id=${id}`)).status).toBe(403);
    expect((await c.user.post(`${P}/delete?post_id=${id}`)).code).toBe(0);
    expect((await detail(c.anon, id)).status).toBe(404);
    expect((await c.user.post(`${P}/delete?post_id=${id}`)).status).toBe(404);
    const actions = events
      .filter((e) => e.name === 'post.changed')
      .map((e) => (e.payload as DomainEvents['post.changed']).action);
    expect(actions).toEqual(['created', 'edited', 'edited', 'deleted']);
    const created = events[0].payload as DomainEvents['post.changed'];
    expect(created).toMatchObject({ post_id: id, by: c.userUuid, author_id: c.userUuid, problem_id: 1000 });
    expect(created.content).toContain('读入');
    // Every change went through the outbox in its transaction (search indexing).
    const indexed = await ts.server.ctx.forum.postsForIndex([id, 999999]);
    expect(indexed).toHaveLength(1);
    expect(indexed[0]).toMatchObject({ id, title: '管理员改过', searchable: false });
  });

  it("lists a problem's solutions and Q&A pinned first, sorted by hot, new or thumbs", async () => {
    const a = await add(c.user, solution({ problem_id: 1001, title: '甲' }));
    const b = await add(other, solution({ problem_id: 1001, title: '乙' }));
    const q = await add(other, solution({ problem_id: 1001, title: '问', category: 'answer' }));
    expect((await other.post(`${P}/post/thumbs?post_id=${a}&status=1`)).data).toEqual({
      thumbed: true,
      thumbs: 1,
    });
    const list = async (status: number, sort: string) =>
      (
        await c.anon.post<PostPage>(
          `${P}/post/answer/problemId?problem_id=1001&status=${status}&pageNum=1&sort=${sort}`,
        )
      ).data;
    expect(ids(await list(1, 'new'))).toEqual([b, a]);
    expect(ids(await list(1, 'thumbs'))).toEqual([a, b]);
    expect(ids(await list(1, 'hot'))).toEqual([a, b]);
    expect(ids(await list(0, 'hot'))).toEqual([q]);
    // Pinning: admins only; pinned first whatever the order.
    expect((await c.user.post(`${P}/top?post_id=${b}`)).status).toBe(403);
    expect((await c.anon.post(`${P}/top?post_id=${b}`)).status).toBe(401);
    expect((await c.admin.post(`${P}/top?post_id=${b}`)).code).toBe(0);
    expect(ids(await list(1, 'thumbs'))).toEqual([b, a]);
    expect((await list(1, 'thumbs')).records[0].pinned).toBe(true);
    expect((await c.admin.post(`${P}/top/cancel?post_id=${b}`)).code).toBe(0);
    expect(ids(await list(1, 'thumbs'))).toEqual([a, b]);
  });

  it("searches by keyword, category and problem, and lists a user's posts", async () => {
    const d = await add(other, { title: '关于 100% 的讨论', content: '正文', category: 'discussion' });
    const r = await add(other, { title: '希望增加暗色主题', content: '夜间看题', category: 'requirement' });
    const search = async (body: object) => (await c.anon.post<PostPage>(`${P}/search`, body)).data;
    expect(ids(await search({ keyword: '100%' }))).toEqual([d]);
    expect(ids(await search({ keyword: '暗色', category: 'requirement' }))).toEqual([r]);
    expect(ids(await search({ keyword: '暗色', category: 'discussion' }))).toEqual([]);
    expect((await search({ problem_id: 1001, category: 'solution' })).total).toBe(2);
    const page = await search({ pageNum: 1, pageSize: 2 });
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    const mine = (await c.anon.post<PostPage>(`${P}/search/page?pageNum=1&uuid=${otherUuid}`)).data;
    expect(mine.records.every((p) => p.author.uuid === otherUuid)).toBe(true);
    expect(ids(mine).slice(0, 2)).toEqual([r, d]);
    // Requirement status: admins only, requirements only.
    expect((await c.user.post(`${P}/requirement/status?post_id=${r}&status=adopted`)).status).toBe(403);
    expect((await c.admin.post(`${P}/requirement/status?post_id=${d}&status=adopted`)).status).toBe(400);
    expect((await c.admin.post(`${P}/requirement/status?post_id=${r}&status=bogus`)).status).toBe(400);
    expect((await c.admin.post(`${P}/requirement/status?post_id=${r}&status=developing`)).code).toBe(0);
    expect((await detail(c.anon, r)).data.requirement_status).toBe('developing');
  });

  it('comments with one level of replies; delete by author, post author or admin', async () => {
    events.length = 0;
    const id = await add(c.user, { title: '讨论帖', content: '说说看', category: 'discussion' });
    const addC = (who: Client, body: object) =>
      who.post<{ comment_id: number }>(`${P}/post/comment/add`, body);
    const top = (await addC(other, { post_id: id, content: '第一条' })).data.comment_id;
    const reply = (await addC(c.user, { post_id: id, content: '回复', parent_id: top })).data.comment_id;
    const deep = (await addC(c.admin, { post_id: id, content: '回复的回复', parent_id: reply })).data
      .comment_id;
    expect((await addC(c.user, { post_id: id, content: ' ' })).status).toBe(400);
    expect((await addC(c.user, { post_id: id, content: 'x', parent_id: 999999 })).status).toBe(400);
    const page = (await c.user.post<CommentPage>(`${P}/search/comment?post_id=${id}`)).data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ comment_id: top, content: '第一条', can_delete: true });
    expect(page.records[0].content_html).toBe('<p>第一条</p>\n');
    expect(page.records[0].replies[0].content_html).toBe('<p>回复</p>\n');
    expect(page.records[0].replies.map((r) => [r.comment_id, r.parent_id])).toEqual([
      [reply, top],
      [deep, top],
    ]);
    expect((await detail(c.anon, id)).data.comments).toBe(3);
    const added = events.filter((e) => e.name === 'comment.added').map((e) => e.payload);
    expect(added[2]).toMatchObject({
      comment_id: deep,
      post_id: id,
      post_author_id: c.userUuid,
      parent_author_id: otherUuid,
    });

    // Comment thumbs: idempotent; the post id must match.
    const thumbC = (who: Client, cid: number, status: number, pid = id) =>
      who.post<ThumbState>(`${P}/post/comment/thumbs?comment_id=${cid}&post_id=${pid}&status=${status}`);
    expect((await thumbC(c.user, top, 1)).data).toEqual({ thumbed: true, thumbs: 1 });
    expect((await thumbC(c.user, top, 1)).data).toEqual({ thumbed: true, thumbs: 1 });
    expect((await thumbC(other, top, 1)).data.thumbs).toBe(2);
    expect((await thumbC(other, top, 0)).data.thumbs).toBe(1);
    expect((await thumbC(c.user, top, 1, 999999)).status).toBe(404);
    expect(
      (await c.anon.post(`${P}/post/comment/thumbs?comment_id=${top}&post_id=${id}&status=1`)).status,
    ).toBe(401);

    // Deleting: a stranger may not; the comment's author, the post's author and admins may.
    const del = (who: Client, cid: number) => who.post(`${P}/post/comment/delete?comment_id=${cid}`);
    const stranger = (await ts.register('forum_stranger')).client;
    expect((await del(stranger, reply)).status).toBe(403);
    expect((await del(c.anon, reply)).status).toBe(401);
    expect((await del(c.admin, deep)).code).toBe(0);
    expect((await del(c.user, top)).code).toBe(0); // the post's author
    let after = (await c.anon.post<CommentPage>(`${P}/search/comment?post_id=${id}`)).data;
    expect(after.records[0]).toMatchObject({ deleted: true, content: '', content_html: '' });
    expect(after.records[0].replies.map((r) => r.comment_id)).toEqual([reply]);
    expect((await del(c.user, reply)).code).toBe(0); // its author
    after = (await c.anon.post<CommentPage>(`${P}/search/comment?post_id=${id}`)).data;
    expect(after.total).toBe(0);
    expect((await detail(c.anon, id)).data.comments).toBe(0);
  });

  it('sends posts and comments rendered by the server: math typeset, code coloured, no markup of the writer', async () => {
    const text =
      '和为 $a+b$\n\n```cpp\nint a = 1 < 2;\n```\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>';
    const id = await add(c.user, { title: '渲染', content: text, category: 'discussion' });
    for (const who of [c.anon, other]) {
      const post = (await detail(who, id)).data;
      expect(post.content).toBe(text);
      expect(post.content_html).toContain('class="katex"');
      // Code coloured by the server (the page needs no highlight.js), text escaped.
      expect(post.content_html).toContain('<code data-lang="cpp"><span class="hljs-type">int</span> a =');
      expect(post.content_html).toContain('&lt; <span class="hljs-number">2</span>;');
      expect(post.content_html).not.toContain('<script');
      expect(post.content_html).not.toContain('<img');
      expect(post.content_html).toContain('&lt;script&gt;');
    }
    await other.post(`${P}/post/comment/add`, { post_id: id, content: '<b>粗</b> **粗** $x$' });
    const [comment] = (await c.anon.post<CommentPage>(`${P}/search/comment?post_id=${id}`)).data.records;
    expect(comment.content_html).toContain('&lt;b&gt;粗&lt;/b&gt; <strong>粗</strong>');
    expect(comment.content_html).toContain('class="katex"');
    // An edit is what readers get next (no stale rendering).
    const edited = { title: '渲染', content: '改成 **新的**', category: 'discussion', post_id: id };
    expect((await c.user.post(`${P}/modify`, edited)).code).toBe(0);
    expect((await detail(c.anon, id)).data.content_html).toBe('<p>改成 <strong>新的</strong></p>\n');
  });

  it('locks (no comments) and hides (only author and admins) posts', async () => {
    const id = await add(c.user, { title: '要被锁的帖', content: '内容', category: 'discussion' });
    expect((await c.user.post(`${P}/lock?post_id=${id}`)).status).toBe(403);
    expect((await c.admin.post(`${P}/lock?post_id=${id}`)).code).toBe(0);
    const refused = await other.post(`${P}/post/comment/add`, { post_id: id, content: '还能评论吗' });
    expect([refused.status, refused.message]).toEqual([403, '帖子已被锁定，不能再评论']);
    expect((await c.admin.post(`${P}/lock/cancel?post_id=${id}`)).code).toBe(0);
    expect((await other.post(`${P}/post/comment/add`, { post_id: id, content: '可以了' })).code).toBe(0);

    expect((await other.post(`${P}/hide?post_id=${id}`)).status).toBe(403);
    expect((await c.admin.post(`${P}/hide?post_id=${id}`)).code).toBe(0);
    expect((await detail(other, id)).status).toBe(404);
    expect((await detail(c.anon, id)).status).toBe(404);
    expect((await detail(c.user, id)).data.hidden).toBe(true);
    expect((await detail(c.admin, id)).code).toBe(0);
    const all = (await c.anon.post<PostPage>(`${P}/search`, { pageSize: 100 })).data;
    expect(ids(all)).not.toContain(id);
    const managed = (await c.admin.post<PostPage>(`${P}/admin/search`, { state: 'hidden' })).data;
    expect(ids(managed)).toContain(id);
    expect((await c.user.post(`${P}/admin/search`, {})).status).toBe(403);
    expect((await c.admin.post(`${P}/hide/cancel?post_id=${id}`)).code).toBe(0);
    expect((await detail(other, id)).code).toBe(0);
    const actions = events
      .filter((e) => e.name === 'post.changed' && (e.payload as { post_id: number }).post_id === id)
      .map((e) => (e.payload as DomainEvents['post.changed']).action);
    expect(actions).toEqual(['created', 'locked', 'unlocked', 'hidden', 'shown']);
  });

  it('counts a reading once per reader per day', async () => {
    const id = await add(c.user, { title: '阅读数', content: '内容', category: 'discussion' });
    await detail(other, id);
    await detail(other, id);
    await detail(c.user, id);
    expect((await detail(c.admin, id)).data.readings).toBe(3);
  });

  it('keeps thumbs exact and idempotent under 20 concurrent requests', async () => {
    const id = await add(c.user, { title: '点赞', content: '内容', category: 'discussion' });
    const voters = [other, c.user, c.admin];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => voters[i % 3].post(`${P}/post/thumbs?post_id=${id}&status=1`)),
    );
    const state = await other.post<ThumbState>(`${P}/post/thumbStatus?post_id=${id}`);
    expect(state.data).toEqual({ thumbed: true, thumbs: 3 });
    expect((await c.anon.post<ThumbState>(`${P}/post/thumbStatus?post_id=${id}`)).data).toEqual({
      thumbed: false,
      thumbs: 3,
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        voters[i % 3].post(`${P}/post/thumbs?post_id=${id}&status=${i % 3 === 2 ? 1 : 0}`),
      ),
    );
    expect((await c.admin.post<ThumbState>(`${P}/post/thumbStatus?post_id=${id}`)).data).toEqual({
      thumbed: true,
      thumbs: 1,
    });
    expect((await detail(c.admin, id)).data).toMatchObject({ thumbs: 1, thumbed: true });
  });

  it('is what moderation reports on and acts through; a mute stops writing', async () => {
    const M = '/api/moderation';
    const id = await add(c.user, { title: '广告帖', content: '加群 123', category: 'discussion' });
    const cid = (
      await other.post<{ comment_id: number }>(`${P}/post/comment/add`, { post_id: id, content: '广告' })
    ).data.comment_id;
    const reported = await other.post<{ report_id: number }>(`${M}/report`, {
      kind: 'post',
      id,
      reason: 'spam',
    });
    expect(reported.code).toBe(0);
    const onComment = await c.user.post<{ report_id: number }>(`${M}/report`, {
      kind: 'comment',
      id: cid,
      reason: 'spam',
    });
    expect(onComment.code).toBe(0);
    const hide = { report_id: reported.data.report_id, action: 'hide' };
    expect((await c.admin.post(`${M}/admin/report/handle`, hide)).code).toBe(0);
    expect((await detail(other, id)).status).toBe(404);
    expect((await detail(c.admin, id)).data.hidden).toBe(true);
    const del = { report_id: onComment.data.report_id, action: 'delete' };
    expect((await c.admin.post(`${M}/admin/report/handle`, del)).code).toBe(0);
    expect((await detail(c.admin, id)).data.comments).toBe(0);

    expect((await c.admin.post(`${M}/admin/mute`, { uuid: otherUuid, days: 1, reason: '发广告' })).code).toBe(
      0,
    );
    const refused = await other.post(`${P}/add`, { title: 't', content: 'c', category: 'discussion' });
    expect([refused.status, refused.message]).toEqual([403, expect.stringMatching(/禁言/)]);
    const comment = await other.post(`${P}/post/comment/add`, { post_id: id, content: '还能说话吗' });
    expect(comment.status).toBe(403);
    expect((await c.admin.post(`${M}/admin/unmute?uuid=${otherUuid}`)).code).toBe(0);
    expect((await other.post(`${P}/add`, { title: 't', content: 'c', category: 'discussion' })).code).toBe(0);
  });
});

describe('forum rate limits', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(
      { name: 'sqlite' },
      {
        rateLimits: { post: { max: 2, windowMs: 60_000 }, comment: { max: 1, windowMs: 60_000 } },
      },
    );
  });
  afterAll(() => ts?.close());

  it('limits posting and commenting per user', async () => {
    const { client } = await ts.register('forum_rl');
    const body = { title: 't', content: 'c', category: 'discussion' };
    const id = await add(client, body);
    await add(client, body);
    const third = await client.post(`${P}/add`, body);
    expect([third.status, third.message]).toEqual([429, '发帖过于频繁，请稍后再试']);
    expect((await client.post(`${P}/post/comment/add`, { post_id: id, content: 'a' })).code).toBe(0);
    const second = await client.post(`${P}/post/comment/add`, { post_id: id, content: 'b' });
    expect([second.status, second.message]).toEqual([429, '评论过于频繁，请稍后再试']);
  });
});
