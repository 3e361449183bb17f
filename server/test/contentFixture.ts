/**
 * The fixture of the content-resource suites (server/routes/notices, server/routes/links; the calls of
 * server/content/resource.ts): a test context with a super manager, a manager of one released
 * application and a manager of another, plus the stored rows of the resource's table.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, releaseApplication, type Client, type TestContext } from './harness.js';

/** The suite's context, clients and applications, filled by `beforeAll`. */
export interface ContentFixture {
  ctx: TestContext;
  /** the super manager */
  admin: Client;
  /** a manager of `appId` */
  manager: Client;
  /** a manager of `otherAppId` only */
  otherManager: Client;
  appId: number;
  otherAppId: number;
  /** the id of the user signed in with `phone` */
  userId(phone: string): Promise<number>;
  /** the stored row `id` of the resource's table, undefined when there is none */
  row(id: number): Promise<Record<string, unknown> | undefined>;
  /** how many rows the resource's table holds */
  count(): Promise<number>;
}

/**
 * Registers the suite's beforeAll/afterAll and answers the fixture they fill: users `{phones}1` (super
 * manager), `{phones}2` (manager of the first application) and `{phones}3` (manager of the second), the
 * two applications `apps` ([name, host]) created and released.
 */
export function contentFixture(table: 'notices' | 'links', phones: string, apps: [[string, string], [string, string]]): ContentFixture {
  const f = {} as ContentFixture;
  f.userId = async (phone) => (await f.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  f.row = (id) => f.ctx.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  f.count = async () => (await f.ctx.db.selectFrom(table).select('id').execute()).length;
  beforeAll(async () => {
    f.ctx = await createTestContext();
    f.admin = await f.ctx.signIn(`${phones}1`, 'super');
    f.manager = await f.ctx.signIn(`${phones}2`);
    f.otherManager = await f.ctx.signIn(`${phones}3`);
    f.appId = (await f.admin.post('/api/v1/applications', { name: apps[0][0], host: apps[0][1] })).body.applicationId;
    f.otherAppId = (await f.admin.post('/api/v1/applications', { name: apps[1][0], host: apps[1][1] })).body.applicationId;
    await releaseApplication(f.admin, f.appId);
    await releaseApplication(f.admin, f.otherAppId);
    await f.ctx.db
      .insertInto('application_managers')
      .values([
        { application_id: f.appId, user_id: await f.userId(`${phones}2`) },
        { application_id: f.otherAppId, user_id: await f.userId(`${phones}3`) },
      ])
      .execute();
  });
  afterAll(async () => {
    await f.ctx.close();
  });
  return f;
}
