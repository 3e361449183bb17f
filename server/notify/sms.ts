/**
 * SMS providers (docs/architecture.md §Sign-in and sessions): `outbox` appends `{to, text, at}` as one JSON line to a file
 * (development and tests); `http` posts `{to, text}` as JSON to a gateway with a bearer token.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export interface SmsProvider {
  /** Sends `text` to the mainland number `to`; throws when the provider refuses. */
  send(to: string, text: string): Promise<void>;
}

export class OutboxSmsProvider implements SmsProvider {
  constructor(private file: string) {}
  async send(to: string, text: string): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    await fs.promises.appendFile(this.file, JSON.stringify({ to, text, at: new Date().toISOString() }) + '\n');
  }
}

export class HttpSmsProvider implements SmsProvider {
  constructor(
    private url: string,
    private token?: string,
  ) {}
  async send(to: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`短信网关返回 ${res.status}`);
  }
}

export function smsProviderFrom(cfg: Config): SmsProvider {
  return cfg.smsProvider === 'http' ? new HttpSmsProvider(cfg.smsGatewayUrl!, cfg.smsGatewayToken) : new OutboxSmsProvider(cfg.smsOutbox);
}
