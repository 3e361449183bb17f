/**
 * Which notices or links a read may see (spec 1 §3 'Notice', 'Link'; spec 2 §7 the notice and link
 * lists and top-notice / top-link panel reads): the application's items, only those of one module when
 * a module is named, and never those of a 仅登录可见 module the reader may not see (decisions 210-212: items
 * of no module stay). One condition for the four reads that used to write it each.
 */
import { sql, type RawBuilder } from 'kysely';
import { ACTIVE_ANY } from '../../common/constants.js';
import { containsText } from '../db/like.js';

/** The part of a notices or links read that scopes it to an application and its modules. */
export interface ModuleScope {
  applicationId: number;
  /** only this module's items when set */
  moduleId?: string | null;
  /** ids of 仅登录可见 modules whose items are left out (server/policies/visibility.ts moduleReadScope) */
  hidden?: readonly string[];
}

/** `application_id = … [and module_id = …] [and (module_id is null or module_id not in (…))]` for a `notices` or `links` query. */
export function inModuleScope(s: ModuleScope): RawBuilder<boolean> {
  const parts = [sql`application_id = ${s.applicationId}`];
  if (s.moduleId) parts.push(sql`module_id = ${s.moduleId}`);
  if (s.hidden?.length) parts.push(sql`(module_id is null or module_id not in (${sql.join(s.hidden)}))`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The filters every content list takes (spec 2 §7): the module scope, the publish state, a title search. */
export interface ContentFilter extends ModuleScope {
  /** 1, 0, or -1 (ACTIVE_ANY) for no filter */
  active: number;
  query?: string;
  page: number;
  size: number;
}

/** The condition of a content list: the module scope, `active` unless ACTIVE_ANY, the title containing `query`. */
export function contentListFilter(f: ContentFilter): RawBuilder<boolean> {
  const parts = [inModuleScope(f)];
  if (f.active !== ACTIVE_ANY) parts.push(sql<boolean>`active = ${f.active}`);
  if (f.query) parts.push(containsText('title', f.query));
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
