/** Answers of the background-task and console-import calls (server/routes/tasks). */
import { z } from 'zod';

/**
 * The kinds of file an import understands (`atrium import <kind>`, the console's import dialog),
 * in the order the command's help, its refusal and the console's select list them.
 */
export const IMPORT_KINDS = ['articles', 'conferences', 'institutions', 'scholars', 'journals', 'jsonl', 'bibtex', 'ris'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The summary of a finished import. */
const importResult = z.object({ read: z.number().int(), inserted: z.number().int(), updated: z.number().int(), skipped: z.number().int() });

/** A task as the list shows it, with live progress. */
export const taskAnswer = z.object({
  id: z.number().int(),
  kind: z.string().describe('任务类型：import'),
  status: z.string().describe('queued 排队中、running 进行中、done 已完成、failed 失败、cancelled 已取消、interrupted 已中断'),
  title: z.string(),
  importKind: z.string().describe('导入的文件类型'),
  topic: z.string().describe('导入到的专题'),
  fileName: z.string().describe('上传的文件名'),
  done: z.number().int().describe('已写入的行数'),
  total: z.number().int().describe('要写入的行数'),
  phase: z.string().nullable().describe('进行中的阶段'),
  ratePerSecond: z.number().int().describe('每秒行数'),
  secondsLeft: z.number().int().nullable().describe('预计剩余秒数'),
  result: importResult.nullable(),
  error: z.string().nullable().describe('失败时的中文说明'),
  skipped: z.number().int().describe('跳过的行数'),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskAnswer>;

/** One task with its log of skipped rows (`{ file?, line, reason }`, at most 1,000). */
export const taskDetailAnswer = taskAnswer.extend({
  log: z.array(z.object({ file: z.string().optional(), line: z.number().int(), reason: z.string() })),
});

/** What a file would import, nothing written (POST /api/v1/imports/preview). */
export const importPreviewAnswer = z.object({
  read: z.number().int().describe('读到的行数'),
  found: z.number().int().describe('可导入的记录数'),
  items: z.array(
    z.object({
      line: z.number().int(),
      type: z.string(),
      title: z.string(),
      date: z.string().nullable(),
      category: z.string().nullable(),
      fields: z.array(z.string()),
    }),
  ),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  mapping: z
    .object({
      adjustable: z.boolean().describe('能否调整（CSV/TSV、JSON 行可以；BibTeX、RIS 的字段固定）'),
      columns: z.array(z.string()).describe('文件的列（表头，或 JSON 行的键）'),
      fields: z.array(
        z.object({
          name: z.string().describe('字段名（导入命令认识的列名）'),
          label: z.string(),
          required: z.boolean(),
          column: z.string().nullable().describe('读取的列；null 为不导入或没有找到'),
        }),
      ),
      missing: z.array(z.string()).describe('没有对应列的必填字段'),
    })
    .describe('列对应：每个字段读取文件中的哪一列'),
});
export type ImportPreview = z.infer<typeof importPreviewAnswer>;
