import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, codeFromMail, startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/helpers';

/** With SMTP_URL set, codes go out over SMTP (a local smtp-server here) instead of the outbox. */
describe('e-mail codes over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  let ts: TestServer;
  beforeAll(async () => {
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    ts = await startTestServer(backends()[0], { smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ts?.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('delivers the code by SMTP and registration works with it', async () => {
    const c = ts.client();
    const email = 'smtp_user@example.com';
    expect((await c.post(`/api/user/email/send?receiveEmail=${email}`)).code).toBe(0);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/^From: OJ <no-reply@oj\.localhost>/m);
    const code = codeFromMail(mail!.raw);
    const enc = await ts.encrypt(TEST_PASSWORD);
    const res = await c.post<{ account: string }>('/api/user/register', {
      account: 'smtp_user',
      email,
      code,
      password: enc,
      check_password: enc,
    });
    expect(res.code).toBe(0);
    expect(res.data.account).toBe('smtp_user');
  });
});
