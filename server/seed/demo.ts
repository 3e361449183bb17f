/**
 * The demo application created on the first start (README 'Two commands'): on a database without
 * applications, the topic 综合资源 with the demo catalogue (server/seed/catalogue.ts), the application
 * 'Atrium 科技信息门户' on host `localhost` whose home page shows every panel filled, and its notices. Skipped with ATRIUM_SEED_DEMO=0 (server/main.ts).
 */
import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { ensureTopic, upsertResources } from '../resources/store.js';
import { createApplication, validateHomeConfig } from '../applications/service.js';
import { DEMO_INSTITUTIONS, DEMO_NOTICES, DEMO_RESOURCES, DEMO_TOPIC } from './catalogue.js';
import { DEMO_NOTICE_MODULE_ID, demoHomeConfig } from './homeConfig.js';
import { resourceTypeOf } from '../../common/resourceTypes.js';

/** Name and host of the demo application. */
export const DEMO_APPLICATION = { name: 'Atrium 科技信息门户', host: 'localhost' } as const;

/**
 * Creates the demo content when the `applications` table is empty, all in one transaction (a failure
 * leaves the database as it was):
 * - topic DEMO_TOPIC (综合资源) and its two-level category tree, with the demo resources linked to it
 *   (institutions, scholars with `institutionId`, journals, articles, projects, conferences, news;
 *   sourceKeys start with 'demo:', so writing them again updates instead of duplicating);
 * - the application DEMO_APPLICATION (status 'released', no creator) with the demo home config, checked
 *   by `validateHomeConfig` and stored as the save route stores it (spec 1 §3 'Application config');
 * - its notices (module 'demo-notice', published). The link panel's portals live in its config
 *   (specificDataObject), as spec 1 §3 'link' keeps them.
 * Returns true when it seeded, false when there already was an application (nothing is written).
 * Throws when the demo home config does not pass validation (the message names the fields at fault)
 * or the database fails.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('applications').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const topicId = await ensureTopic(trx, DEMO_TOPIC);
    const institutionKeys = new Set(DEMO_INSTITUTIONS.map((r) => r.sourceKey));
    const institutions = await upsertResources(
      trx,
      DEMO_INSTITUTIONS.map((r) => ({ ...r, topicId })),
    );
    const institutionId = new Map(DEMO_INSTITUTIONS.map((r, i) => [r.title, institutions.ids[i]]));
    await upsertResources(
      trx,
      DEMO_RESOURCES.filter((r) => !institutionKeys.has(r.sourceKey)).map((r) => ({
        ...r,
        topicId,
        fields: resourceTypeOf(r.type)?.memberOf ? { ...r.fields, institutionId: institutionId.get(String(r.fields.institution)) ?? null } : r.fields,
      })),
    );

    const app = await createApplication(trx, { name: DEMO_APPLICATION.name, host: DEMO_APPLICATION.host, topicId }, null);
    let homeConfig;
    try {
      homeConfig = validateHomeConfig(demoHomeConfig());
    } catch (err) {
      if (err instanceof HttpError) throw new Error(`演示首页配置未通过校验：${err.message} ${JSON.stringify(err.fields ?? {})}`, { cause: err });
      throw err;
    }
    const now = new Date().toISOString();
    await trx
      .updateTable('applications')
      .set({ home_config: JSON.stringify(homeConfig), status: 'released', updated_at: now })
      .where('id', '=', app.id)
      .execute();

    await trx
      .insertInto('notices')
      .values(
        DEMO_NOTICES.map((n) => ({
          application_id: app.id,
          module_id: DEMO_NOTICE_MODULE_ID,
          user_id: null,
          title: n.title,
          type: n.type,
          content: n.content,
          top: n.top,
          active: 1,
          publish_date_time: n.publishDateTime,
          create_date_time: n.publishDateTime,
        })),
      )
      .execute();
    return true;
  });
}
