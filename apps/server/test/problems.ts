import yazl from 'yazl';
import type { ProblemInputRaw, ProgressEvent, SubmissionRecord } from '@oj/shared';
import type { Client, TestServer } from './helpers';

/** Shared by the judging integration tests (problems, submissions, contests, math / 408): clients of each role, zips, the live stream. */

export interface RoleClients {
  anon: Client;
  user: Client;
  userUuid: number;
  banned: Client;
  admin: Client;
}

export async function roleClients(ts: TestServer, prefix: string): Promise<RoleClients> {
  const admin = await ts.login(ts.admin.account, ts.admin.password);
  const { client: user, uuid: userUuid } = await ts.register(`${prefix}_user`);
  const { client: banned, uuid: bannedUuid } = await ts.register(`${prefix}_banned`);
  const ban = await admin.post('/api/user/admin/ban', [bannedUuid]);
  if (ban.code !== 0) throw new Error(`ban: ${ban.message}`);
  return { anon: ts.client(), user, userUuid, banned, admin };
}

export async function zipOf(entries: [string, string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of entries) zip.addBuffer(Buffer.from(body), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function uploadZip(c: Client, problemId: number | string, zip: Buffer) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'tests.zip');
  return c.request<{ problem_id: number; test_case_num: number; total_size: number }>(
    'POST',
    `/api/problem/algorithm/admin/testCaseFile/add?problem_id=${problemId}`,
    { body: fd },
  );
}

export const problemBody = (over: Partial<ProblemInputRaw> = {}): ProblemInputRaw => ({
  chinese_name: '两数之和',
  english_name: 'Sum of Two',
  description: '输入 $a$ 和 $b$，输出 $a+b$。',
  difficulty: 0,
  tags_list: [101],
  source_name: 'original',
  time_limit: 1000,
  memory_limit: 256,
  samples: [{ input: '1 2\n', output: '3\n' }],
  ...over,
});

/** Reads the SSE stream of a submission to its end (it ends after `done`). */
export async function watch(ts: TestServer, c: Client, submissionId: number): Promise<ProgressEvent[]> {
  const res = await fetch(`${ts.url}/api/problem/algorithm/records/stream?submission_id=${submissionId}`, {
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`not a stream: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]) as ProgressEvent;
      if (event !== data.kind) throw new Error(`event name ${event} does not match ${data.kind}`);
      return data;
    });
}

export async function submit(
  c: Client,
  problemId: number,
  language: string,
  source: string,
): Promise<number> {
  const res = await c.post<{ submission_id: number }>('/api/problem/algorithm/judge/submit', {
    problem_id: problemId,
    language,
    source_code: source,
  });
  if (res.code !== 0) throw new Error(`submit: ${res.message}`);
  return res.data.submission_id;
}

export async function verdict(c: Client, id: number, timeoutMs = 120_000): Promise<SubmissionRecord> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await c.get<SubmissionRecord>(`/api/problem/algorithm/records/recordId?submission_id=${id}`);
    if (r.code !== 0) throw new Error(`record ${id}: ${r.message}`);
    if (r.data.status !== 'PD') return r.data;
    if (Date.now() > end) throw new Error(`submission ${id} still pending`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
