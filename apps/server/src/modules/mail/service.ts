import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise a development outbox: each message is
 * written as a real RFC 822 `.eml` file into `<dataDir>/outbox/` and logged, so that registration
 * works on a fresh machine without a mail server.
 */
/** What the mailer uses, handed over by the composition root. */
export interface MailerDeps {
  smtpUrl: string;
  dataDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * nodemailer (~2 MB of heap) is loaded when mail can be sent: at the start with SMTP_URL (so that a
 * wrong URL still stops the start), otherwise on the first message written to the outbox, so that
 * an idle development server does not hold it (issue 28).
 */
const loadNodemailer = async () => (await import('nodemailer')).default;

export async function createMailer(d: MailerDeps): Promise<Mailer> {
  // quoted-printable keeps ASCII (the code) readable in the raw message.
  const base = { from: d.from, textEncoding: 'quoted-printable' as const };
  if (d.smtpUrl) {
    const transport = (await loadNodemailer()).createTransport(d.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ ...base, ...m });
        d.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(d.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  let transport: Promise<Transporter> | undefined;
  let seq = 0;
  return {
    async send(m) {
      transport ??= loadNodemailer().then((n) =>
        n.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await transport).sendMail({ ...base, ...m });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++seq}-${m.to.replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
      const file = join(outbox, name);
      writeFileSync(file, info.message as Buffer);
      d.log.info(
        { to: m.to, subject: m.subject, file, text: m.text },
        'mail written to the development outbox',
      );
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
