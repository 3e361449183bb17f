/**
 * The `atrium` command (npm run atrium -- ...):
 *   admin add --phone <mainland mobile> [--name <name>]   make a super manager
 *   import <kind> <file...> [--topic <name>]              load a catalogue (see README)
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { phoneSchema } from '../common/validation.js';
import { runImportCommand } from './import/command.js';

function usage(): never {
  console.error(`用法：
  npm run atrium -- admin add --phone <手机号> [--name <姓名>]
  npm run atrium -- import <articles|conferences|institutions|scholars|journals|jsonl> <文件...> [--topic <专题名>]`);
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
      await db.updateTable('users').set({ role: 'super', ...(name ? { name } : {}) }).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const row = await db.insertInto('users').values({
      phone, email: null, name: name ?? `管理员${phone.slice(-4)}`, affiliation: '', role: 'super', anonymous: 0, created_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
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
  usage();
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`出错了：${(err as Error).message}`);
  process.exit(1);
});
