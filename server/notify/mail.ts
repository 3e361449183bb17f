/**
 * E-mail providers for sign-in codes (spec 2 §7 'Login' PUT /api/v1/oauth/email/digits):
 * `outbox` appends `{to, subject, text, at}` as one JSON line to a file (development and tests; refused
 * in production by server/config.ts), `smtp` sends through nodemailer (ATRIUM_SMTP_URL). The SMTP URL
 * may hold a password: it is never logged.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface MailProvider {
  /** Sends a plain-text mail to `to`; throws when the provider refuses or cannot be reached. */
  send(to: string, subject: string, text: string): Promise<void>;
}

/** Development provider: one JSON line per mail in `file`. */
export class OutboxMailProvider implements MailProvider {
  constructor(private file: string) {}
  async send(to: string, subject: string, text: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    await fs.promises.appendFile(this.file, JSON.stringify({ to, subject, text, at: new Date().toISOString() }) + '\n');
  }
}

/** SMTP provider (nodemailer); the transport opens a connection per mail, with 10 s time limits. */
export class SmtpMailProvider implements MailProvider {
  private transport: Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    const u = new URL(url);
    this.transport = nodemailer.createTransport({
      host: u.hostname,
      port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
      secure: u.protocol === 'smtps:',
      auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
      // a loopback server in tests and intranet relays often have no certificate: STARTTLS only when offered
      ignoreTLS: u.searchParams.get('ignoreTLS') === '1',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    });
  }
  async send(to: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }
}

/** A provider that refuses: e-mail sign-in is off (production without SMTP settings). */
export class OffMailProvider implements MailProvider {
  async send(): Promise<void> {
    throw new Error('mail provider is off');
  }
}

/** The provider the configuration asks for. */
export function mailProviderFrom(cfg: Config): MailProvider {
  if (cfg.mailProvider === 'smtp') return new SmtpMailProvider(cfg.smtpUrl!, cfg.mailFrom);
  if (cfg.mailProvider === 'off') return new OffMailProvider();
  return new OutboxMailProvider(cfg.mailOutbox);
}
