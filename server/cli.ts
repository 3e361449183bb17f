/**
 * The `atrium` command (npm run atrium -- ...):
 *   admin add --phone <mainland mobile> [--name <name>]   make a super manager
 *   import <kind> <file...> [--topic <name>]              load a catalogue (see README)
 *   files copy --from <folder>                            copy the stored files from a former files
 *                                                          folder into the configured store (decision 228)
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { phoneSchema } from '../common/validation.js';
import { runImportCommand } from './import/command.js';
import { IMPORT_KINDS } from './import/run.js';
import { copyStoredFiles } from './files/copy.js';
import { createStorage } from './files/storage.js';
import { logoStorage } from './routes/applications/logo.js';

function usage(): never {
  console.error(`用法：
  npm run atrium -- admin add --phone <手机号> [--name <姓名>]
  npm run atrium -- import <${IMPORT_KINDS.join('|')}> <文件...> [--topic <专题名>]
  npm run atrium -- files copy --from <原文件夹>`);
  process.exit(2);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Makes (or promotes) the user with this phone a super manager. Returns the user id. */
export async function addSuperManager(databaseUrl: string, phone: string, name?: string): Promise<number> {
  const { db, close } = await openDatabase(databaseUrl);
  try {
    const existing = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    if (existing) {
      await db
        .updateTable('users')
        .set({ role: 'super', ...(name ? { name } : {}) })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const row = await db
      .insertInto('users')
      .values({
        phone,
        email: null,
        name: name ?? `管理员${phone.slice(-4)}`,
        affiliation: '',
        role: 'super',
        anonymous: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await close();
  }
}

async function main(argv: string[]) {
  const [cmd, sub, ...rest] = argv;
  const config = loadConfig();
  if (cmd === 'admin' && sub === 'add') {
    const parsed = phoneSchema.safeParse(option(rest, 'phone') ?? '');
    if (!parsed.success) {
      console.error(parsed.error.issues[0].message);
      process.exit(2);
    }
    const id = await addSuperManager(config.databaseUrl, parsed.data, option(rest, 'name'));
    console.log(`已设为超级管理员：${parsed.data}（用户 id ${id}）`);
    return;
  }
  if (cmd === 'import' && sub) {
    process.exitCode = await runImportCommand(config.databaseUrl, sub, rest);
    return;
  }
  if (cmd === 'files' && sub === 'copy') {
    const from = option(rest, 'from');
    if (!from) usage();
    if (!fs.statSync(from, { throwIfNoEntry: false })?.isDirectory()) {
      console.error(`原文件夹不存在：${path.resolve(from)}`);
      process.exit(2);
    }
    const { db, close } = await openDatabase(config.databaseUrl);
    try {
      const r = await copyStoredFiles(db, path.resolve(from), createStorage(config), logoStorage(config));
      const to = config.s3 ? `S3 存储桶 ${config.s3.bucket}` : config.filesDir;
      console.log(`已复制 ${r.copied} 个文件到 ${to}，已存在 ${r.present} 个，原文件夹缺少 ${r.missing.length} 个`);
      for (const key of r.missing) console.log(`  缺少：${key}`);
      process.exitCode = r.missing.length ? 1 : 0;
    } finally {
      await close();
    }
    return;
  }
  usage();
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof ConfigError) console.error(`配置有误（${err.problems.length} 处）\n${err.problems.map((p) => `  - ${p}`).join('\n')}`);
  else console.error(`出错了：${(err as Error).message}`);
  process.exit(1);
});
