/**
 * A file that appears under its name only when it is complete: bytes go to a temporary file in
 * the same folder (so the rename cannot cross file systems), which is flushed to disk and then
 * renamed. Until `commit`, the chosen name is untouched; `abort` removes the temporary file.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Text is gathered to about this many characters before each write. */
const WRITE_CHUNK = 256 * 1024;

export interface AtomicFile {
  write(text: string): Promise<void>;
  /** Flushes, syncs and renames into place; returns the size and (when asked) the SHA-256. */
  commit(): Promise<{ bytes: number; sha256: string | null }>;
  abort(): Promise<void>;
}

export const temporaryNameFor = (finalPath: string): string =>
  join(dirname(finalPath), `.${basename(finalPath)}.${randomBytes(6).toString('hex')}.partial`);

export async function openAtomicFile(finalPath: string, options: { hash: boolean; byteOrderMark: boolean }): Promise<AtomicFile> {
  const temporaryPath = temporaryNameFor(finalPath);
  const handle: FileHandle = await open(temporaryPath, 'wx', 0o644);
  const hash: Hash | null = options.hash ? createHash('sha256') : null;
  let pending: string[] = options.byteOrderMark ? ['\uFEFF'] : [];
  let pendingLength = pending.length;
  let bytes = 0;
  let finished = false;

  const flush = async (): Promise<void> => {
    if (pendingLength === 0) return;
    const buffer = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    hash?.update(buffer);
    bytes += buffer.length;
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
      offset += bytesWritten;
    }
  };

  return {
    async write(text) {
      if (text === '') return;
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= WRITE_CHUNK) await flush();
    },
    async commit() {
      await flush();
      await handle.sync();
      await handle.close();
      finished = true;
      await rename(temporaryPath, finalPath);
      await syncFolder(dirname(finalPath));
      return { bytes, sha256: hash ? hash.digest('hex') : null };
    },
    async abort() {
      if (!finished) {
        finished = true;
        await handle.close().catch(() => undefined);
      }
      await rm(temporaryPath, { force: true });
    },
  };
}

/** Makes a rename durable where the platform allows it (Windows cannot open a folder for syncing). */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the data itself was synced before the rename.
  }
}
