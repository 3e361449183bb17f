/**
 * Puts a server refusal on the form fields it names (`fields` of `{ error }`, keyed `body.host`,
 * `host`, `sms_code`, ...). Returns true when at least one field took a message.
 */
import type { FormInstance } from 'antd';
import { ApiError } from '../api';

export function applyFieldErrors<T>(form: FormInstance<T>, err: unknown, map: Record<string, string>): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  const byField = new Map<string, string>();
  for (const [key, msg] of Object.entries(err.fields)) {
    const bare = key.replace(/^(body|query|params)\./, '');
    const field = map[bare];
    if (field && !byField.has(field)) byField.set(field, msg);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, msg]) => ({ name: name as never, errors: [msg] })));
  return true;
}
