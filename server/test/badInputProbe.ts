/**
 * A test helper: sends one call junk queries and junk
 * bodies and lists what went wrong: an answer of 500 or more, or a 400 whose `fields` name a field in
 * anything but Chinese. Used by the API tests of the calls of spec 2 §7 (server/routes/**.test.ts);
 * server/routes/badInput.test.ts walks every /api/ route the same way.
 */
import type { Client } from './harness.js';

/** Query strings no call expects: wrong types, huge numbers, control and quote characters. */
export const JUNK_QUERIES = [
  'page=x&size=-5&offset=a&count=1e9&applicationId=abc&host=%00',
  `query=${'%27'.repeat(50)}&keyword=${'x'.repeat(5000)}`,
  'id=-1&type[]=a&type[]=b&userId=1.5&redirect=%0d%0aLocation:%20http://evil',
  'applicationId=99999999999999999999&topicId=0&limit=NaN',
  '%E4%B8%AD=%FF&&&=&a',
];

/** Bodies as sent (JSON text, some broken) and as objects: not an object, wrong types, deep, huge. */
export const JUNK_RAW_BODIES = ['{', '[]', '"text"', '12', 'null', '{"a":{"b":{"c":[1,2,{"d":null}]}}}', JSON.stringify({ name: 'x'.repeat(100_000) })];
export const JUNK_BODIES: unknown[] = [
  {},
  { url: 1, loginInfo: [], mobile: 13800000000, name: { a: 1 }, institution: null, applicationId: 'x', query: [], keyword: 5, title: true, size: -1 },
  { url: 'x'.repeat(10_000), loginInfo: 'x'.repeat(10_000), query: 'x'.repeat(10_000), keyword: '\u0000', issn: '%', names: 'x' },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
];

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/**
 * Sends `method url` each junk query (appended to `url`) and, for a call with a body, each junk body;
 * answers the failures as `METHOD url -> status …` lines (an empty list when every answer is below 500
 * and every field message Chinese).
 */
export async function probeBadInput(client: Client, method: string, url: string): Promise<string[]> {
  const failures: string[] = [];
  const sep = url.includes('?') ? '&' : '?';
  const check = (label: string, res: { status: number; body: unknown; text: string }) => {
    if (res.status >= 500) failures.push(`${method} ${label} -> ${res.status} ${res.text.slice(0, 120)}`);
    const fields = (res.body as { error?: { fields?: Record<string, unknown> } } | undefined)?.error?.fields ?? {};
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v !== 'string' || !HAS_CHINESE.test(v)) failures.push(`${method} ${label} -> ${res.status} fields.${k}: ${String(v)}`);
    }
  };
  for (const q of JUNK_QUERIES) check(`${url}${sep}${q}`, await client.request(method, `${url}${sep}${q}`));
  if (method !== 'GET' && method !== 'DELETE') {
    for (const raw of JUNK_RAW_BODIES) check(`${url} ${raw.slice(0, 40)}`, await client.request(method, url, undefined, { raw }));
    for (const b of JUNK_BODIES) check(`${url} ${JSON.stringify(b).slice(0, 40)}`, await client.request(method, url, b));
  }
  return failures;
}
