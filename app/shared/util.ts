/** Small helpers shared by the console pages and the editor (kept apart so the editor chunk stays small). */

/** The query key of an application's configuration (settings page and editor). */
export const appConfigKey = (id: number) => ['application-config', id] as const;

/**
 * The address of a site: its host, with the console's own port when the host names none (so that
 * `demo.localhost` opened from a console on :3000 goes to demo.localhost:3000).
 */
export function siteUrl(host: string, current: Pick<Location, 'protocol' | 'port'> = window.location): string {
  const protocol = current.protocol === 'https:' ? 'https:' : 'http:';
  const hasPort = /:\d+$/.test(host);
  return `${protocol}//${host}${!hasPort && current.port ? `:${current.port}` : ''}`;
}
