/**
 * Moving the stored files to another store (docs/decisions.md 228): after `ATRIUM_FILES_DIR` changes, or
 * `ATRIUM_S3_BUCKET` is set, the files the database points at are still in the former folder. `copyStoredFiles`
 * copies each of them (the uploads of the `files` table and the applications' logos, `/files/logos/<name>`)
 * from that local folder into the configured store, skipping what is there already, so it may be run
 * again after an interruption. Nothing is deleted from the former folder.
 */
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../db/index.js';
import { LocalStorage, type FileStorage } from './storage.js';

/** What one copy did: files copied, files already in the target, and the keys found in neither place. */
export interface CopyReport {
  copied: number;
  present: number;
  /** keys (logos as `logos/<name>`) the database names but the former folder does not hold */
  missing: string[];
}

const LOGO_PREFIX = '/files/logos/';

/** Copies one key from `source` to `target` unless the target has it; returns what happened. */
async function copyOne(source: FileStorage, target: FileStorage, key: string, contentType: string): Promise<'copied' | 'present' | 'missing'> {
  const there = await target.get(key);
  if (there) {
    there.body.destroy();
    return 'present';
  }
  const found = await source.get(key);
  if (!found) return 'missing';
  await target.put(key, await buffer(found.body), contentType || found.contentType);
  return 'copied';
}

/**
 * Copies the files the database names from the local folder `fromDir` (laid out as the files folder:
 * uploads at its top, logos in `logos/`) into `target` (uploads) and `logoTarget` (logos; the same
 * bucket as uploads under S3). Throws when a store fails; what was copied before stays copied.
 */
export async function copyStoredFiles(db: Db, fromDir: string, target: FileStorage, logoTarget: FileStorage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, missing: [] };
  const tally = (result: 'copied' | 'present' | 'missing', key: string) => {
    if (result === 'missing') report.missing.push(key);
    else report[result] += 1;
  };
  const uploads = new LocalStorage(fromDir);
  for (const row of await db.selectFrom('files').select(['key', 'content_type']).orderBy('id').execute()) {
    tally(await copyOne(uploads, target, row.key, row.content_type), row.key);
  }
  const logos = new LocalStorage(path.join(fromDir, 'logos'));
  const rows = await db.selectFrom('applications').select('logo').where('logo', 'like', `${LOGO_PREFIX}%`).execute();
  for (const name of new Set(rows.map((r) => r.logo!.slice(LOGO_PREFIX.length)))) {
    tally(await copyOne(logos, logoTarget, name, ''), `logos/${name}`);
  }
  return report;
}
