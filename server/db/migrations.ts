/**
 * The one set of migrations for SQLite and PostgreSQL (DESIGN.md 'Server'). Each migration is written
 * with Kysely's schema builder; the only dialect difference is the auto-increment id column.
 */
import { BUILTIN_CATALOGUE } from '../../modules/xmodule/builtins.js';
import { type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder, sql } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('users'), dialect)
          .addColumn('phone', 'text', (c) => c.unique())
          .addColumn('email', 'text', (c) => c.unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('affiliation', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
          .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('verification_codes'), dialect)
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['target', 'created_at']).execute();
        await db.schema.createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('window_start', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('topics'), dialect)
          .addColumn('title', 'text', (c) => c.notNull().unique())
          .addColumn('cover', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await withId(db.schema.createTable('categories'), dialect)
          .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
          .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
          .addColumn('label', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('categories_topic').on('categories').columns(['topic_id', 'parent_id', 'label']).unique().execute();
        await withId(db.schema.createTable('applications'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('host', 'text', (c) => c.notNull().unique())
          .addColumn('topic_id', 'integer', (c) => c.references('topics.id').onDelete('set null'))
          .addColumn('logo', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
          .addColumn('home_config', 'text', (c) => c.notNull())
          .addColumn('header_config', 'text', (c) => c.notNull())
          .addColumn('footer_config', 'text', (c) => c.notNull())
          .addColumn('theme_config', 'text', (c) => c.notNull())
          .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createTable('application_managers')
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('application_managers_pk', ['application_id', 'user_id'])
          .execute();
        await withId(db.schema.createTable('resources'), dialect)
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('source_key', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('date', 'text')
          .addColumn('fields', 'text', (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('resources_type_key').on('resources').columns(['type', 'source_key']).unique().execute();
        await db.schema.createIndex('resources_type_date').on('resources').columns(['type', 'date']).execute();
        await db.schema.createTable('resource_topics')
          .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
          .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
          .addColumn('category_one', 'text')
          .addColumn('category_two', 'text')
          .addPrimaryKeyConstraint('resource_topics_pk', ['resource_id', 'topic_id'])
          .execute();
        await db.schema.createIndex('resource_topics_topic').on('resource_topics').columns(['topic_id', 'category_one', 'category_two']).execute();
        await withId(db.schema.createTable('notices'), dialect)
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('module_id', 'text')
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('publish_date_time', 'text', (c) => c.notNull())
          .addColumn('create_date_time', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('notices_app').on('notices').columns(['application_id', 'active', 'publish_date_time']).execute();
        await withId(db.schema.createTable('links'), dialect)
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('module_id', 'text')
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('cover', 'text')
          .addColumn('link_category', 'text')
          .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('top_order', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('publish_date_time', 'text', (c) => c.notNull())
          .addColumn('create_date_time', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('links_app').on('links').columns(['application_id', 'active', 'publish_date_time']).execute();
        void sql;
      },
    },
    '002_resource_topics_order': {
      // Panel reads list a topic's newest resources of one type: keep the type and the date beside the
      // topic link so one index gives the page in order (bench/http.ts: sorting 24k scholars per read was
      // the bottleneck). date_key is the date, or '' when there is none (so it sorts last when descending).
      async up(db: Kysely<any>) {
        await db.schema.alterTable('resource_topics').addColumn('type', 'text', (c) => c.notNull().defaultTo('')).execute();
        await db.schema.alterTable('resource_topics').addColumn('date_key', 'text', (c) => c.notNull().defaultTo('')).execute();
        await sql`update resource_topics set
          type = (select r.type from resources r where r.id = resource_topics.resource_id),
          date_key = coalesce((select r.date from resources r where r.id = resource_topics.resource_id), '')`.execute(db);
        await sql`create index resource_topics_order on resource_topics (topic_id, type, date_key desc, resource_id)`.execute(db);
      },
    },
    '003_topic_type_counts': {
      // The number of a topic's resources of each type, kept by the writers, so an unfiltered panel read
      // does not count the topic's index range on every request (bench/http.ts: the count was 90 % of a read).
      async up(db: Kysely<any>) {
        await db.schema.createTable('topic_type_counts')
          .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('n', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('topic_type_counts_pk', ['topic_id', 'type'])
          .execute();
        await sql`insert into topic_type_counts (topic_id, type, n)
          select topic_id, type, count(*) from resource_topics group by topic_id, type`.execute(db);
      },
    },
    '004_wechat_accounts': {
      // Official accounts bound to an application (spec 1 §1 'wechat account binding', spec 2 §7
      // POST/DELETE /api/v1/applications/{id}/wechat); a wechatId is bound at most once per application.
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('wechat_accounts'), dialect)
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('wechat_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('wechat_accounts_app_wechat').on('wechat_accounts').columns(['application_id', 'wechat_id']).unique().execute();
        await db.schema.createIndex('wechat_accounts_wechat').on('wechat_accounts').column('wechat_id').execute();
      },
    },
    '008_files': {
      // Uploaded files (helper uploads, spec 2 §7 'Uploads'): the stored key (generated), the client's
      // name for display only, the detected content type, size in bytes, pixels of images, the uploader.
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('files'), dialect)
          .addColumn('key', 'text', (c) => c.notNull().unique())
          .addColumn('original_name', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('width', 'integer')
          .addColumn('height', 'integer')
          .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('files_uploader').on('files').columns(['uploader_id', 'created_at']).execute();
      },
    },
    '012_roles': {
      // Roles and rights (issue 5, docs/decisions.md #135-#139): application_managers gets an id (for
      // DELETE /api/v1/applications/managers/{id}) and its rights (rows from before hold every right);
      // application_users holds each user's role in an application; applications get role_config and
      // default_user_role. Applications that existed were visible to everyone: they become 'released'.
      async up(db: Kysely<any>) {
        const allRights = JSON.stringify(['home', 'content', 'settings', 'users']);
        await withId(db.schema.createTable('application_managers_012'), dialect)
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('rights', 'text', (c) => c.notNull().defaultTo(allRights))
          .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`insert into application_managers_012 (application_id, user_id) select application_id, user_id from application_managers`.execute(db);
        await db.schema.dropTable('application_managers').execute();
        await db.schema.alterTable('application_managers_012').renameTo('application_managers').execute();
        await db.schema.createIndex('application_managers_app_user').on('application_managers').columns(['application_id', 'user_id']).unique().execute();
        await db.schema.createIndex('application_managers_user').on('application_managers').column('user_id').execute();
        await db.schema.createTable('application_users')
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('role_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('application_users_pk', ['application_id', 'user_id'])
          .execute();
        await db.schema.createIndex('application_users_role').on('application_users').columns(['application_id', 'role_id']).execute();
        await db.schema.alterTable('applications').addColumn('role_config', 'text', (c) => c.notNull()
          .defaultTo(JSON.stringify([{ id: 'user', name: '普通用户', rights: [] }]))).execute();
        await db.schema.alterTable('applications').addColumn('default_user_role', 'text', (c) => c.notNull().defaultTo('user')).execute();
        await db.updateTable('applications').set({ status: 'released' }).execute();
      },
    },
    '010_search': {
      // Full-text search that works for Chinese (issue 4 'Search', docs/decisions.md): SQLite keeps an
      // FTS5 trigram index over the title and the search text, in step with `resources` by triggers;
      // PostgreSQL keeps pg_trgm GIN indexes on both columns. Substrings of 3+ characters use the index;
      // 2-character terms are matched by LIKE (a scan of the index table / a recheck).
      async up(db: Kysely<any>) {
        if (dialect === 'postgres') {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index resources_title_trgm on resources using gin (title gin_trgm_ops)`.execute(db);
          await sql`create index resources_text_trgm on resources using gin (search_text gin_trgm_ops)`.execute(db);
          return;
        }
        await sql`create virtual table resources_fts using fts5(title, search_text, content='resources', content_rowid='id', tokenize='trigram')`.execute(db);
        await sql`create trigger resources_fts_ai after insert on resources begin
          insert into resources_fts(rowid, title, search_text) values (new.id, new.title, new.search_text); end`.execute(db);
        await sql`create trigger resources_fts_ad after delete on resources begin
          insert into resources_fts(resources_fts, rowid, title, search_text) values ('delete', old.id, old.title, old.search_text); end`.execute(db);
        await sql`create trigger resources_fts_au after update of title, search_text on resources begin
          insert into resources_fts(resources_fts, rowid, title, search_text) values ('delete', old.id, old.title, old.search_text);
          insert into resources_fts(rowid, title, search_text) values (new.id, new.title, new.search_text); end`.execute(db);
        await sql`insert into resources_fts(resources_fts) values ('rebuild')`.execute(db);
      },
    },
    '013_personal': {
      // Personalisation (issue 5, decisions 150-152): users' actions on resources, the 不感兴趣 marks of
      // the recommendation page and journal subscriptions (app_id 0 when made without an application).
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('user_actions'), dialect)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('user_actions_user').on('user_actions').columns(['user_id', 'action', 'created_at']).execute();
        await db.schema.createIndex('user_actions_resource').on('user_actions').columns(['resource_id', 'created_at']).execute();
        await db.schema.createTable('recommendation_dismissals')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('recommendation_dismissals_pk', ['user_id', 'resource_id'])
          .execute();
        await withId(db.schema.createTable('subscriptions'), dialect)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
          .addColumn('app_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('subscriptions_key', ['user_id', 'resource_id', 'app_id'])
          .execute();
        await db.schema.createIndex('subscriptions_resource').on('subscriptions').columns(['resource_id']).execute();
      },
    },
    '007_xmodule_catalogue': {
      // The custom component catalogue (spec 1 §3 'Custom component catalogue entry'; issue 3), seeded with
      // the built-in renderers of modules/xmodule/renderers. params is JSON text (an array of params).
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('xmodule_catalogue'), dialect)
          .addColumn('module_name', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('group_name', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('alias', 'text', (c) => c.notNull())
          .addColumn('more', 'text')
          .addColumn('is_need_login', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('params', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('xmodule_catalogue_key', ['module_name', 'type'])
          .execute();
        const t = new Date().toISOString();
        await db.insertInto('xmodule_catalogue').values(BUILTIN_CATALOGUE.map((e) => ({
          module_name: e.moduleName, type: e.type, group_name: e.group, name: e.name, alias: e.alias, more: e.more ?? null,
          is_need_login: e.isNeedLogin ? 1 : 0, params: JSON.stringify(e.params ?? []), created_at: t, updated_at: t,
        }))).execute();
      },
    },
    '006_home_config_revisions': {
      // Every saved home config is kept as a revision (issue 3 'Beyond the original'): who, when, what
      // changed, and the whole config, so an older one can be previewed and restored. Read newest first
      // per application; at most HOME_CONFIG_REVISIONS_KEPT per application (docs/decisions.md 61).
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('home_config_revisions'), dialect)
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('author_name', 'text', (c) => c.notNull())
          .addColumn('summary', 'text', (c) => c.notNull())
          .addColumn('home_config', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await sql`create index home_config_revisions_app on home_config_revisions (application_id, id desc)`.execute(db);
      },
    },
    '011_signin': {
      // Sign-in (issue 5, helper accounts-signin, docs/decisions.md 120-134): an application's single
      // sign-on settings and e-mail suffix rule; identities by provider (OpenID subject, anonymous
      // fingerprint hash) linked to users; OAuth clients an application registers for client login.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('applications').addColumn('oauth_uri', 'text').execute();
        await db.schema.alterTable('applications').addColumn('mail_allow_suffix', 'text').execute();
        await db.schema.createTable('user_identities')
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
          .execute();
        await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();
        await db.schema.createTable('oauth_clients')
          .addColumn('client_id', 'text', (c) => c.primaryKey())
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('sso', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      },
    },
    '014_account': {
      // Account settings and personal topic links (helper settings, docs/decisions.md 160-169): a WeChat
      // identity on the user, the user's ordered topic links, and the scholar profile a user claims.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('users').addColumn('wechat_openid', 'text').execute();
        await db.schema.createIndex('users_wechat_openid').on('users').column('wechat_openid').unique().execute();
        await withId(db.schema.createTable('user_links'), dialect)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('resource_id', 'integer', (c) => c.notNull())
          .addColumn('resource_object', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('user_links_user_kind').on('user_links').columns(['user_id', 'kind', 'position']).execute();
        await db.schema.createTable('scholar_claims')
          .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('resource_id', 'integer', (c) => c.notNull().unique().references('resources.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '015_request_nonces': {
      // Signed requests (spec 2 §7 'Request wrapper', decision 222): nonces of writes, shared by processes.
      async up(db: Kysely<any>) {
        await db.schema.createTable('request_nonces')
          .addColumn('nonce', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('request_nonces_expires').on('request_nonces').column('expires_at').execute();
      },
    },
    '016_user_rights': {
      // User rights take effect (helper user-rights, docs/decisions.md 210-217): a notice may keep its
      // attachments for users with the right `download`; the keys it links to are listed per notice so
      // that GET /files/{key} finds a restriction with one indexed lookup. Existing notices stay public.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('notices').addColumn('restrict_download', 'integer', (c) => c.notNull().defaultTo(0)).execute();
        await db.schema.createTable('restricted_files')
          .addColumn('file_key', 'text', (c) => c.notNull())
          .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
          .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('restricted_files_pk', ['notice_id', 'file_key'])
          .execute();
        await db.schema.createIndex('restricted_files_key').on('restricted_files').column('file_key').execute();
      },
    },
    '017_restrict_download_default': {
      // A site-wide default for new notices' download restriction (docs/decisions.md 227): 0 keeps
      // attachments public, as before.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('applications').addColumn('restrict_download_default', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
    },
    '018_wechat_tickets': {
      // The QR tickets of the official-account WeChat provider (decision 229): the scan event may reach
      // any server process, the browser's 完成绑定 another one.
      async up(db: Kysely<any>) {
        await db.schema.createTable('wechat_tickets')
          .addColumn('ticket', 'text', (c) => c.primaryKey())
          .addColumn('openid', 'text')
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '020_cache_generation': {
      // The generation of the shared visitor cache (server/cache/sharedCache.ts; docs/decisions.md 240):
      // one row, bumped by every write that changes what visitors see.
      async up(db: Kysely<{ cache_generation: { id: number; generation: number } }>) {
        await db.schema.createTable('cache_generation')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('generation', 'integer', (c) => c.notNull())
          .execute();
        await db.insertInto('cache_generation').values({ id: 1, generation: 0 }).execute();
      },
    },
    '021_used_login_links': {
      // login-info links sign in once (server/routes/signin/loginLinks.ts; docs/decisions.md 247)
      async up(db: Kysely<unknown>) {
        await db.schema.createTable('used_login_links')
          .addColumn('link_hash', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '022_search_grams': {
      // Search at a library's scale (issue 11 §1, docs/decisions.md 260): the trigram index gives way to
      // an index of character bigrams, which serves two-character queries. SQLite: a contentless FTS5
      // table `resources_grams` whose rows the application writes (server/search/indexer.ts), and a
      // trigger that drops a deleted resource's row; PostgreSQL: a `grams` tsvector column under GIN.
      // The index is filled at start by ensureSearchIndex (it cuts texts with live code, which a
      // migration must not import), driven by `search_index_state`.
      async up(db: Kysely<unknown>) {
        await db.schema.createTable('search_index_state')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('version', 'integer', (c) => c.notNull())
          .execute();
        if (dialect === 'postgres') {
          await sql`drop index if exists resources_title_trgm`.execute(db);
          await sql`drop index if exists resources_text_trgm`.execute(db);
          await sql`alter table resources add column grams tsvector not null default ''`.execute(db);
          await sql`create index resources_grams_gin on resources using gin (grams)`.execute(db);
          return;
        }
        for (const t of ['resources_fts_ai', 'resources_fts_ad', 'resources_fts_au']) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
        await sql`drop table if exists resources_fts`.execute(db);
        await sql`create virtual table resources_grams using fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
        await sql`create trigger resources_grams_ad after delete on resources begin
          delete from resources_grams where rowid = old.id; end`.execute(db);
      },
    },
    '023_topic_data': {
      // Topics and their data in the console (issue 11 §3, docs/decisions.md 265): a topic's description,
      // and whether a resource is published in a topic (visitors read published ones only); the order
      // index of the panel reads takes the flag, so a read stays one index range.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('topics').addColumn('description', 'text').execute();
        await db.schema.alterTable('resource_topics').addColumn('published', 'integer', (c) => c.notNull().defaultTo(1)).execute();
        await sql`drop index if exists resource_topics_order`.execute(db);
        await sql`create index resource_topics_order on resource_topics (topic_id, type, published, date_key desc, resource_id)`.execute(db);
        // a search within a topic reads its matches' links from this index alone (decision 261)
        await sql`create index resource_topics_search on resource_topics (resource_id, topic_id, published, type, category_one, category_two, date_key)`.execute(db);
      },
    },
    '024_tasks': {
      // Background tasks (issue 11 §4, docs/decisions.md 267): imports from the console run as persisted
      // tasks with their progress, log of skipped rows, cancel and retry; a task left running by a
      // stopped server is marked interrupted when the next one starts.
      async up(db: Kysely<unknown>) {
        await withId(db.schema.createTable('tasks'), dialect)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('params', 'text', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('log', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('result', 'text')
          .addColumn('error', 'text')
          .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('owner', 'text')
          .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('started_at', 'text')
          .addColumn('finished_at', 'text')
          .addColumn('heartbeat_at', 'text')
          .execute();
        await db.schema.createIndex('tasks_status').on('tasks').columns(['status', 'id']).execute();
      },
    },
    '025_resource_grams_pg': {
      // PostgreSQL keeps the bigram tsvector in a narrow table of its own (docs/decisions.md 268): a
      // search's index hits are then rechecked on small rows, not on the wide resource rows (2.4 KB each
      // with their abstracts). SQLite's FTS5 table already stands apart.
      async up(db: Kysely<unknown>) {
        if (dialect !== 'postgres') return;
        await sql`create table resource_grams (id integer primary key references resources(id) on delete cascade, grams tsvector not null)`.execute(db);
        await sql`insert into resource_grams (id, grams) select id, grams from resources`.execute(db);
        await sql`drop index if exists resources_grams_gin`.execute(db);
        await sql`alter table resources drop column grams`.execute(db);
        await sql`create index resource_grams_gin on resource_grams using gin (grams)`.execute(db);
      },
    },
  };
}

/** Kysely migration provider for the given dialect. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
