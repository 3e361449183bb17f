/**
 * Keeps bearer secrets out of the request log (helper accounts-signin; Standards 'never log secrets'):
 * the login-info link (`?loginInfo=`, spec 1 §6) and the SSO callback's `code`/`state` are replaced.
 */
const SECRET_PARAMS = ['loginInfo', 'code', 'state', 'client_secret'];

/** The URL with the values of secret query parameters replaced by `[redacted]`; other URLs unchanged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** pino serializer of a request: Fastify's default fields with the URL redacted. */
export function requestSerializer(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
