/**
 * The server's logger options (decision 280): pino's JSON lines
 * in production and tests, readable coloured lines through pino-pretty in development. pino-pretty is a
 * development dependency: when it is not installed (a production install run without NODE_ENV=production)
 * the logs stay JSON.
 */
import type { Config } from '../config.js';
import { requestSerializer } from './redact.js';

/** What no log line may hold: session cookies, XSRF tokens, signatures, internal tokens. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-atrium-signature"]',
  'req.headers["x-atrium-internal"]',
  'req.headers.authorization',
  // a public API key (server/publicApi/gate.ts)
  'req.headers["x-api-key"]',
];

/**
 * Fastify's `logger` option for `config`: level, redaction and the request serializer, plus a
 * pino-pretty stream (synchronous, to stdout) when `config.logPretty` is on and pino-pretty can be loaded.
 * Never throws.
 */
export async function loggerOptions(config: Pick<Config, 'logLevel' | 'logPretty'>): Promise<object> {
  const base = { level: config.logLevel, redact: LOG_REDACT, serializers: { req: requestSerializer } };
  if (!config.logPretty) return base;
  try {
    const { default: pretty } = await import('pino-pretty');
    return {
      ...base,
      stream: pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }),
    };
  } catch {
    return base;
  }
}
