import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './index';

const from = 'Satportal <orders@satportal.example>';
const message = {
  to: 'ada@harbour.example',
  subject: 'Order SP20261125000001 is ready to download — 订单',
  text: 'Dear Ada,\n\nyour order is ready.\n',
  html: '<p>Dear Ada,</p><p>your order is ready.</p>',
};

describe('SMTP mailer', () => {
  // A real SMTP server in-process: it checks the login and hands each message to the parser.
  const received: { mail: ParsedMail; envelopeTo: string[] }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
      else callback(new Error('bad login'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, envelopeTo: (session.envelope.rcptTo ?? []).map((r) => r.address) });
          callback();
        })
        .catch(callback);
    },
  });
  let port = 0;
  beforeAll(
    () =>
      new Promise<void>((resolve) => {
        server.listen(0, '127.0.0.1', () => {
          port = (server.server.address() as { port: number }).port;
          resolve();
        });
      }),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message to the SMTP server, logged in', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from,
      outboxDir: '/nonexistent',
    });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    const { mail, envelopeTo } = received[0]!;
    expect(envelopeTo).toEqual(['ada@harbour.example']);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@harbour.example');
    expect(mail.from?.value).toEqual([{ name: 'Satportal', address: 'orders@satportal.example' }]);
    expect(mail.subject).toBe(message.subject);
    expect(mail.text).toBe(message.text);
    expect(mail.html).toContain('<p>your order is ready.</p>');
  });

  it('fails when the server refuses the login', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from, outboxDir: '/x' });
    const before = received.length;
    await expect(mailer.send(message)).rejects.toThrow();
    expect(received.length).toBe(before);
  });
});

describe('outbox mailer', () => {
  it('writes one whole, parseable .eml file per message and no temporary file', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from, outboxDir });
    await mailer.send(message);
    await mailer.send({ ...message, to: 'bo@harbour.example', html: undefined });
    const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(2);
    expect(readdirSync(join(outboxDir, '.tmp'))).toEqual([]);
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(outboxDir, f)))));
    const byTo = new Map(mails.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', m]));
    const first = byTo.get('ada@harbour.example');
    expect(first?.subject).toBe(message.subject);
    expect(first?.text).toBe(message.text);
    expect(first?.from?.value).toEqual([{ name: 'Satportal', address: 'orders@satportal.example' }]);
    expect(first?.messageId).toMatch(/^<.+@.+>$/);
    expect(byTo.get('bo@harbour.example')?.html).toBe(false);
  });

  it('tidies away what a killed writer left half written, and not a write in progress', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from, outboxDir });
    mkdirSync(join(outboxDir, '.tmp'));
    // a process that has ended: its pid names no process any more
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(join(outboxDir, '.tmp', `${gone}-1795622448579-0362a0684390db9b.tmp`), 'half a mail');
    const ours = `${process.pid}-${Date.now()}-00aa.tmp`;
    writeFileSync(join(outboxDir, '.tmp', ours), 'a mail being written');
    await mailer.tidy();
    expect(readdirSync(join(outboxDir, '.tmp'))).toEqual([ours]);
  });
});
