/**
 * Reading an import's file as UTF-8 text: whole for an import, or only its first bytes for the console's
 * preview (docs/decisions.md 413). The checks are the same (not a directory, not empty, not UTF-16, no
 * NUL byte in the first 64 KiB, valid UTF-8); a failure is an ImportError whose Chinese message names
 * the file by `name`, the name the user knows (the uploaded file's original name in the console), never
 * by its path on the server (decision 414).
 */
import fs from 'node:fs/promises';
import { MSG } from '../../common/messages.js';
import { ImportError, stripBom } from './types.js';

/** The error of a file that cannot be opened or read, by its errno code. */
function readFailure(err: unknown, name: string): ImportError {
  if (err instanceof ImportError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new ImportError(MSG.importFileMissing(name));
  if (code === 'EACCES' || code === 'EPERM') return new ImportError(MSG.importFileNoPermission(name));
  if (code === 'EISDIR') return new ImportError(MSG.importFileIsDirectory(name));
  // the system's own message names the path: it is not shown
  return new ImportError(MSG.importFileUnreadable(name));
}

/** Throws ImportError (named `name`) for no bytes, UTF-16, or a NUL byte in the first 64 KiB (a binary file). */
function checkText(buf: Buffer, name: string): void {
  if (buf.length === 0) throw new ImportError(MSG.importFileEmpty(name));
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) throw new ImportError(MSG.importFileUtf16(name));
  if (buf.subarray(0, 65536).includes(0)) throw new ImportError(MSG.importFileBinary(name));
}

/**
 * The bytes as text: the byte order mark removed. Throws ImportError (named `name`) for no bytes,
 * UTF-16, a NUL byte in the first 64 KiB (a binary file), or bytes that are not UTF-8.
 */
function decode(buf: Buffer, name: string): string {
  checkText(buf, name);
  try {
    return stripBom(new TextDecoder('utf-8', { fatal: true }).decode(buf));
  } catch {
    throw new ImportError(MSG.importFileNotUtf8(name));
  }
}

/**
 * Reads a whole file as UTF-8 text (a byte order mark removed). `name` is how messages name it
 * (default: `file` as given, which the command line's user typed). Throws ImportError when it is
 * missing, a directory, unreadable, empty, binary (NUL bytes), UTF-16, or not valid UTF-8.
 */
export async function readImportFile(file: string, name = file): Promise<string> {
  let buf: Buffer;
  try {
    const st = await fs.stat(file);
    if (st.isDirectory()) throw new ImportError(MSG.importFileIsDirectory(name));
    buf = await fs.readFile(file);
  } catch (err) {
    throw readFailure(err, name);
  }
  return decode(buf, name);
}

/** The first bytes of a file, as {@link readImportHead} answers them. */
export interface ImportHead {
  /** the text of the whole lines read (when `complete` is false, up to the last line break read) */
  text: string;
  /** true when the whole file was read */
  complete: boolean;
  /** bytes read */
  bytes: number;
}

/**
 * Reads at most `maxBytes` bytes from the start of a file (one read, asynchronous: the event loop is
 * free meanwhile) and answers the whole lines among them as text, and whether that was the whole
 * file. A line cut by the limit is left out, so a character is never cut in two (a line break is never
 * part of a UTF-8 sequence). Throws ImportError as {@link readImportFile}, for the bytes read.
 */
export async function readImportHead(file: string, maxBytes: number, name = file): Promise<ImportHead> {
  let buf: Buffer;
  let size: number;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const st = await handle.stat();
    if (st.isDirectory()) throw new ImportError(MSG.importFileIsDirectory(name));
    size = st.size;
    buf = Buffer.alloc(Math.min(maxBytes, size));
    let at = 0;
    while (at < buf.length) {
      const { bytesRead } = await handle.read(buf, at, buf.length - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    buf = buf.subarray(0, at);
  } catch (err) {
    throw readFailure(err, name);
  } finally {
    await handle?.close();
  }
  const complete = buf.length >= size;
  if (complete) return { text: decode(buf, name), complete, bytes: buf.length };
  // the checks of a whole file on the bytes read, the UTF-8 one on the whole lines kept
  checkText(buf, name);
  const end = buf.lastIndexOf(10) + 1;
  return { text: end > 0 ? decode(buf.subarray(0, end), name) : '', complete, bytes: buf.length };
}
