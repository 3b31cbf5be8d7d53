import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import { removeLeftoverTemps, writeFileAtomically } from '../storage';

/** A message to one person; `html` is an alternative to `text`, never the only body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail: over SMTP when configured, into the outbox folder as `.eml` files otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** At start: removes what a killed process left half written (the outbox's temporary files). */
  tidy(): Promise<void>;
}

/** Mail through an SMTP server (`smtp://user:pass@host:port`, `smtps://` for TLS from the start). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async tidy(): Promise<void> {}
}

/**
 * Mail as `.eml` files (RFC 5322, what mail clients open) in a folder: the default without SMTP,
 * so a demo or a test can read what would have been sent. Each file is written whole or not at all
 * (temporary file + rename), so a reader of `*.eml` never meets half a message.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    // Sortable by time, unique across processes sharing the folder.
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
    await writeFileAtomically(join(this.outboxDir, name), info.message as Buffer, {
      tempDir: join(this.outboxDir, '.tmp'),
      mode: 0o600,
    });
  }

  async tidy(): Promise<void> {
    await removeLeftoverTemps(join(this.outboxDir, '.tmp'));
  }
}

export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.from)
    : new OutboxMailer(config.outboxDir, config.from);
}
