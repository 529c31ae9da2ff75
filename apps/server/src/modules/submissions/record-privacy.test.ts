import type { SubmissionRecord } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../../test/helpers';
import { type RoleClients, roleClients, submit, verdict, watch } from '../../../test/problems';

// Issue 11 item 6: the compiler's message quotes source lines, so it goes only to those who may
// read the code (the author and admins), on every path that shows a record.

const P = '/api/problem/algorithm';
const SECRET = 'the_secret_idea_42';
const BROKEN_CPP = `int main() { return ${SECRET}; }\n`;

describe.each(backends())('compile messages on $name', (backend) => {
  let ts: TestServer;
  let c: RoleClients;
  beforeAll(async () => {
    ts = await startTestServer(backend);
    c = await roleClients(ts, 'cem');
  }, 60_000);
  afterAll(() => ts?.close());

  it('shows the compiler message to the author and admins only', async () => {
    const id = await submit(c.user, 1000, 'C++', BROKEN_CPP);
    const own = await verdict(c.user, id);
    expect(own.status).toBe('CE');
    expect(own.compile_message).toContain(SECRET);
    expect((await verdict(c.admin, id)).compile_message).toContain(SECRET);
    // The code comes coloured by the server too, to the same readers only.
    const mine = await c.user.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`);
    expect(mine.data.source_html).toMatch(/^<span class="hljs-/);
    expect(mine.data.source_html).toContain(SECRET);

    const { client: other } = await ts.register('cem_other');
    for (const who of [c.anon, other]) {
      const detail = await who.get<SubmissionRecord>(`${P}/records/recordId?submission_id=${id}`);
      expect(detail.data).toMatchObject({
        status: 'CE',
        source_code: null,
        source_html: null,
        compile_message: '',
      });
      const events = await watch(ts, who, id);
      const done = events.find((e) => e.kind === 'done');
      expect(done?.kind === 'done' && done.record.compile_message).toBe('');
      expect(JSON.stringify(events)).not.toContain(SECRET);
    }
    const streamed = (await watch(ts, c.user, id)).find((e) => e.kind === 'done');
    expect(streamed?.kind === 'done' && streamed.record.compile_message).toContain(SECRET);
    expect(streamed?.kind === 'done' && streamed.record.source_html).toContain(SECRET);
  }, 120_000);
});
