/**
 * The request scope (docs/architecture.md §Access down to the row; decision 394): what one request
 * knows about who is asking and about the applications it touches, looked up at most once per request
 * and shared by the access check, the row rules and the services. `req.scope` is made on first use
 * (a getter registered by {@link registerRequestScope}); it reads `req.user` as the session hook set it.
 * - `viewer`: the signed-in or anonymous (fingerprint) user, or null;
 * - `application(id)`: the application row (undefined when there is none), read once;
 * - `managerRights(id)`: the viewer's manager rights on it (every right for a super manager, null for
 *   anyone who does not manage it), read once;
 * - `managedTopics()`: the topics of the applications the viewer manages, read once;
 * - `hiddenTopics()`: the topics of applications none of which is released (a draft's own topic), from
 *   the visitors' shared cache (no SQL on a hit);
 * - `heldOn(app)` / `standingOn(app)`: whether the signed-in viewer awaits approval on a site with
 *   新用户需审核 (./readerApproval.ts; decisions 660-664), read once; never for its managers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Application, User } from '../db/schema.js';
import type { SharedCache } from '../cache/sharedCache.js';
import { MANAGER_RIGHTS, type ManagerRight } from '../../common/roles.js';
import { parseManagerRights } from './managers.js';
import { readerStanding, type ReaderStanding } from './readerApproval.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** who asks and what they may read, resolved once per request (server/policies/scope.ts) */
    readonly scope: RequestScope;
  }
}

/** Applications a viewer manages: every one (a super manager), or those of `ids`. */
export type ManagedApplications = { all: true } | { all: false; ids: number[] };

/**
 * The condition that the application id in `column` (e.g. 'applications.id') is one of `managed`: true
 * for a super manager, false for none.
 */
export function inManaged(managed: ManagedApplications, column: string): RawBuilder<boolean> {
  if (managed.all) return sql<boolean>`1 = 1`;
  if (managed.ids.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(column)} in (${sql.join(managed.ids)})`;
}

/** See the file comment. Every lookup is memoised for the life of the request; errors are the database's. */
export class RequestScope {
  private readonly apps = new Map<number, Promise<Application | undefined>>();
  private readonly rights = new Map<number, Promise<ManagerRight[] | null>>();
  private managed?: Promise<number[]>;
  private managerRows?: Promise<Array<{ application_id: number; rights: ManagerRight[] }>>;
  private hidden?: Promise<number[]>;
  private readonly standings = new Map<number, Promise<ReaderStanding>>();

  /**
   * `viewerOf` answers the request's user when asked (the session hook sets it after the scope may have
   * been made); `cache` is the visitors' shared cache, where the public topics are kept.
   */
  constructor(
    readonly db: Db,
    private readonly viewerOf: () => User | null | undefined,
    private readonly cache?: SharedCache,
  ) {}

  /** A scope of a fixed viewer (null: a signed-out visitor), for what is made outside a request's own view (a page shared by every visitor). */
  static of(db: Db, viewer: User | null | undefined, cache?: SharedCache): RequestScope {
    return new RequestScope(db, () => viewer, cache);
  }

  /** The request's user (signed in or anonymous), or null. */
  get viewer(): User | null {
    return this.viewerOf() ?? null;
  }

  /** A signed-in person (not an anonymous fingerprint visitor). */
  get signedIn(): boolean {
    const v = this.viewer;
    return !!v && !v.anonymous;
  }

  /** A super manager. */
  get superManager(): boolean {
    return this.signedIn && this.viewer!.role === 'super';
  }

  /** The application `id`, or undefined when there is none; one query per request and id. */
  application(id: number): Promise<Application | undefined> {
    let found = this.apps.get(id);
    if (!found) {
      found = this.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
      this.apps.set(id, found);
    }
    return found;
  }

  /**
   * The viewer's manager rights on application `id`: every right for a super manager, the stored ones
   * for one of its managers, null for anyone else (signed out and anonymous visitors included).
   */
  managerRights(id: number): Promise<ManagerRight[] | null> {
    if (!this.signedIn) return Promise.resolve(null);
    if (this.superManager) return Promise.resolve([...MANAGER_RIGHTS]);
    let found = this.rights.get(id);
    if (!found) {
      found = this.db
        .selectFrom('application_managers')
        .select('rights')
        .where('application_id', '=', id)
        .where('user_id', '=', this.viewer!.id)
        .executeTakeFirst()
        .then((row) => (row ? parseManagerRights(row.rights) : null));
      this.rights.set(id, found);
    }
    return found;
  }

  /** Whether the viewer manages application `id` (with `right` when given), or is a super manager. */
  async manages(id: number, right?: ManagerRight): Promise<boolean> {
    const rights = await this.managerRights(id);
    return !!rights && (!right || rights.includes(right));
  }

  /**
   * The applications the viewer manages (holding `right` when given): every one for a super manager,
   * their own for a manager, none for anyone else; one query per request whatever the right.
   */
  async managedApplications(right?: ManagerRight): Promise<ManagedApplications> {
    if (this.superManager) return { all: true };
    if (!this.signedIn) return { all: false, ids: [] };
    this.managerRows ??= this.db
      .selectFrom('application_managers')
      .select(['application_id', 'rights'])
      .where('user_id', '=', this.viewer!.id)
      .orderBy('application_id')
      .execute()
      .then((rows) => rows.map((r) => ({ application_id: r.application_id, rights: parseManagerRights(r.rights) })));
    const rows = await this.managerRows;
    return { all: false, ids: rows.filter((r) => !right || r.rights.includes(right)).map((r) => r.application_id) };
  }

  /** The topics of the applications the signed-in viewer manages (none for anyone else). */
  managedTopics(): Promise<number[]> {
    if (!this.signedIn) return Promise.resolve([]);
    this.managed ??= this.db
      .selectFrom('application_managers as m')
      .innerJoin('applications as a', 'a.id', 'm.application_id')
      .select('a.topic_id')
      .where('m.user_id', '=', this.viewer!.id)
      .where('a.topic_id', 'is not', null)
      .execute()
      .then((rows) => [...new Set(rows.map((r) => r.topic_id as number))]);
    return this.managed;
  }

  /**
   * The signed-in viewer's standing on `app` under 新用户需审核 (./readerApproval.ts): not held when the
   * setting is off, for a visitor who is not signed in, and for staff (managers of any application, super managers); read
   * once per request and application.
   */
  standingOn(app: Pick<Application, 'id' | 'audit_new_users'>): Promise<ReaderStanding> {
    if (!this.signedIn || app.audit_new_users !== 1) return Promise.resolve({ held: false, status: 'approved', reason: null });
    let found = this.standings.get(app.id);
    if (!found) {
      // staff (a manager of any application, a super manager) is never held: the console shares the sites' hosts
      found = this.managedApplications().then((m) =>
        m.all || m.ids.length > 0 ? { held: false, status: 'approved' as const, reason: null } : readerStanding(this.db, app, this.viewer!.id),
      );
      this.standings.set(app.id, found);
    }
    return found;
  }

  /** Whether the signed-in viewer is held on `app` (see {@link standingOn}): treated there as an anonymous visitor. */
  async heldOn(app: Pick<Application, 'id' | 'audit_new_users'>): Promise<boolean> {
    return (await this.standingOn(app)).held;
  }

  /**
   * The topics that belong to applications none of which is released (a draft's own topic, before its
   * release): hidden from every visitor (shared cache, kept until a write). A topic of no application
   * (a shared catalogue) or of a released one is not hidden.
   */
  hiddenTopics(): Promise<number[]> {
    const read = async () => {
      const rows = await this.db
        .selectFrom('applications')
        .select('topic_id')
        .where('topic_id', 'is not', null)
        .groupBy('topic_id')
        .having(sql<number>`max(case when status = 'released' then 1 else 0 end)`, '=', 0)
        .execute();
      return rows.map((r) => r.topic_id as number).sort((a, b) => a - b);
    };
    this.hidden ??= this.cache ? this.cache.getOrMake('hidden-topics', read) : read();
    return this.hidden;
  }
}

/**
 * Makes `req.scope` (see {@link RequestScope}) for every request of `app`, on first use. Call once,
 * after the session hooks are registered.
 */
export function registerRequestScope(app: FastifyInstance, db: Db, cache?: SharedCache): void {
  const made = new WeakMap<FastifyRequest, RequestScope>();
  app.decorateRequest('scope', {
    getter(this: FastifyRequest) {
      let scope = made.get(this);
      if (!scope) made.set(this, (scope = new RequestScope(db, () => this.user, cache)));
      return scope;
    },
  });
}
