/**
 * The site setting 详情页需登录 (spec 1 §2 'Console routes' lists /microapp/** and
 * /container/** among the routes that need login): which visitor pages it covers. Used by the server
 * (server/web answers those pages with a redirect to sign in) and by the browser's route guard
 * (app/pages/visitor/DetailSigninGuard.tsx), so both apply the same rule.
 */

/** Whether `pathname` (no query) is a page the setting puts behind sign-in: /microapp/** or /container/**. */
export function isDetailSigninPath(pathname: string): boolean {
  return /^\/(microapp|container)(\/|$)/.test(pathname);
}
