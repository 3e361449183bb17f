/**
 * `npm run atrium -- import <kind> <file...> [--topic <name>]` (README 'Importing real catalogues').
 * Progress on stderr (a bar on a terminal, plain lines otherwise), the summary on stdout.
 */
import cliProgress from 'cli-progress';
import { bumpGeneration } from '../cache/sharedCache.js';
import { openDatabase } from '../db/index.js';
import { progressText, rateSince } from '../tasks/progress.js';
import { DEFAULT_TOPIC, IMPORT_KINDS, IMPORT_KIND_LABELS, ImportError, formatSummary, importFiles, isImportKind, type ImportProgress } from './run.js';

const USAGE = `用法：npm run atrium -- import <类型> <文件...> [--topic <专题名>]
  类型：${IMPORT_KINDS.map((k) => `${k}（${IMPORT_KIND_LABELS[k]}）`).join('、')}
  --topic  导入的资源归入的专题，不存在时自动创建；默认“${DEFAULT_TOPIC}”`;

/** Splits the arguments into files and the --topic option; returns an error message for bad ones. */
export function parseImportArgs(args: string[]): { files: string[]; topic?: string } | { error: string } {
  const files: string[] = [];
  let topic: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--topic') {
      const v = args[++i];
      if (v === undefined || v.startsWith('--') || v.trim() === '') return { error: '--topic 后面要写专题名' };
      topic = v.trim();
    } else if (a.startsWith('--topic=')) {
      topic = a.slice('--topic='.length).trim();
      if (!topic) return { error: '--topic 后面要写专题名' };
    } else if (a.startsWith('--')) {
      return { error: `不认识的选项 ${a}` };
    } else {
      files.push(a);
    }
  }
  if (files.length === 0) return { error: '没有给出要导入的文件' };
  return { files, topic };
}

/**
 * The import's progress on `stream` (default stderr): a cli-progress bar when it is a terminal, else a
 * plain line per phase and every 10 %. The writing phase shows what the console shows under its bar: rows done / total, the rate since the import started and the time left at that rate
 * (server/tasks/progress.ts), e.g. `写入数据库：4,000 / 20,000 · 2,000 行/秒 · 剩余约 8 秒`.
 * `clock` gives the time in ms (tests pass their own).
 */
export function progressReporter(options: { stream?: NodeJS.WritableStream & { isTTY?: boolean }; clock?: () => number } = {}): {
  onProgress: (p: ImportProgress) => void;
  stop: () => void;
} {
  const stream = options.stream ?? process.stderr;
  const clock = options.clock ?? Date.now;
  const startedAt = clock();
  const labels = { parse: '读取文件', write: '写入数据库', publish: '发布' } as const;
  const text = (p: ImportProgress) => (p.phase === 'write' ? progressText(p.done, p.total, rateSince(p.done, startedAt, clock())) : `${p.done}/${p.total}`);
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | null = null;
    let phase: ImportProgress['phase'] | null = null;
    const stop = () => {
      bar?.stop();
      bar = null;
    };
    return {
      stop,
      onProgress(p) {
        if (p.phase !== phase) {
          stop();
          phase = p.phase;
          bar = new cliProgress.SingleBar(
            {
              stream,
              format: `${labels[p.phase]} [{bar}] {percentage}% | {progress}`,
              hideCursor: true,
              clearOnComplete: false,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.total, p.done, { progress: text(p) });
        } else {
          bar?.update(p.done, { progress: text(p) });
        }
      },
    };
  }
  let last = '';
  return {
    stop: () => {},
    onProgress(p) {
      const step = p.total ? Math.floor((p.done / p.total) * 10) : 10;
      const key = `${p.phase}:${step}`;
      if (key === last) return;
      last = key;
      stream.write(`${labels[p.phase]}：${text(p)}\n`);
    },
  };
}

/**
 * Runs the import command: opens the database, imports the files (importFiles), prints the summary.
 * Returns the exit code: 0 done (even with skipped rows), 1 nothing written (a file cannot be read,
 * has no recognisable header, or the database failed), 2 bad usage (unknown kind, no file, bad option).
 */
export async function runImportCommand(
  databaseUrl: string,
  kind: string,
  args: string[],
  progressOptions: Parameters<typeof progressReporter>[0] = {},
): Promise<number> {
  if (!isImportKind(kind)) {
    console.error(`不支持的导入类型“${kind}”。\n${USAGE}`);
    return 2;
  }
  const parsed = parseImportArgs(args);
  if ('error' in parsed) {
    console.error(`${parsed.error}\n${USAGE}`);
    return 2;
  }
  const { db, dialect, close } = await openDatabase(databaseUrl);
  const progress = progressReporter(progressOptions);
  try {
    const summary = await importFiles(db, kind, parsed.files, { topic: parsed.topic, onProgress: progress.onProgress });
    progress.stop();
    // running servers show the new records at their next poll (server/cache/sharedCache.ts)
    await bumpGeneration(db, dialect);
    console.log(formatSummary(summary));
    return 0;
  } catch (err) {
    progress.stop();
    if (err instanceof ImportError) {
      console.error(err.message);
      return 1;
    }
    console.error(`导入失败，没有写入任何数据：${(err as Error).message}`);
    return 1;
  } finally {
    await close();
  }
}
