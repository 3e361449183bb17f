/**
 * Puts a server refusal on the form fields it names, for forms whose field names are paths
 * (`body.fields.institution.name` → ['fields', 'institution', 'name']; `body.params.0.field` →
 * ['params', 0, 'field']), optionally mapped onto the form's own names. Returns true when at least one field took a message.
 */
import type { FormInstance } from 'antd';
import { ApiError } from '../../api';

export function applyPathErrors(
  form: FormInstance,
  err: unknown,
  known: (path: (string | number)[]) => boolean = () => true,
  mapPath: (path: (string | number)[]) => (string | number)[] = (p) => p,
): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  const out: Array<{ name: (string | number)[]; errors: string[] }> = [];
  for (const [key, msg] of Object.entries(err.fields)) {
    const path = key
      .replace(/^(body|query|params)\./, '')
      .split('.')
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (path.length && known(path)) out.push({ name: mapPath(path), errors: [msg] });
  }
  if (out.length) form.setFields(out);
  return out.length > 0;
}
