/**
 * A file that appears under its name only when it is complete: bytes go to a temporary file in
 * the same folder (so the rename cannot cross file systems), which is flushed to disk and then
 * renamed. Until `commit`, the chosen name is untouched; `abort` removes the temporary file.
 * A process killed mid-export cannot remove its own; the temporary name carries the writer's
 * process id, so the next export under that name removes those whose writer is gone.
 * A regular file written over keeps its permissions; anything else found under the name at the
 * last moment (a device, a pipe, a link put there since the export's checks) is not replaced.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { lstat, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { unwritableKindError } from './destination-kind';

/** Text is gathered to about this many characters before each write. */
const WRITE_CHUNK = 256 * 1024;

export interface AtomicFile {
  /** Text (written as UTF-8) or bytes (a binary format's). */
  write(data: string | Uint8Array): Promise<void>;
  /** Flushes, syncs and renames into place; returns the size and (when asked) the SHA-256. */
  commit(): Promise<{ bytes: number; sha256: string | null }>;
  abort(): Promise<void>;
}

export const temporaryNameFor = (finalPath: string): string =>
  join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}-${randomBytes(6).toString('hex')}.partial`);

/** Removes the temporary files (or folders) that killed exports left for this name. */
export async function removeAbandonedTemporaries(finalPath: string): Promise<void> {
  const folder = dirname(finalPath);
  const prefix = `.${basename(finalPath)}.`;
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    const writer = entry.startsWith(prefix) ? entry.slice(prefix.length).match(/^(\d+)-[0-9a-f]{12}\.partial$/) : null;
    if (writer && !processIsRunning(Number(writer[1]))) await rm(join(folder, entry), { recursive: true, force: true });
  }
}

function processIsRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function openAtomicFile(finalPath: string, options: { hash: boolean; byteOrderMark: boolean }): Promise<AtomicFile> {
  const temporaryPath = temporaryNameFor(finalPath);
  const handle: FileHandle = await open(temporaryPath, 'wx', 0o644);
  const hash: Hash | null = options.hash ? createHash('sha256') : null;
  let pending: string[] = options.byteOrderMark ? ['\uFEFF'] : [];
  let pendingLength = pending.length;
  let bytes = 0;
  let finished = false;

  const writeBytes = async (buffer: Uint8Array): Promise<void> => {
    hash?.update(buffer);
    bytes += buffer.length;
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
      offset += bytesWritten;
    }
  };
  const flush = async (): Promise<void> => {
    if (pendingLength === 0) return;
    const buffer = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    await writeBytes(buffer);
  };

  return {
    async write(data) {
      if (typeof data !== 'string') {
        await flush();
        await writeBytes(data);
        return;
      }
      if (data === '') return;
      pending.push(data);
      pendingLength += data.length;
      if (pendingLength >= WRITE_CHUNK) await flush();
    },
    async commit() {
      await flush();
      await takeModeOfReplaced(finalPath, handle);
      await handle.sync();
      await handle.close();
      finished = true;
      await rename(temporaryPath, finalPath);
      await syncFolder(dirname(finalPath));
      await removeAbandonedTemporaries(finalPath);
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

/**
 * Gives the new file the permission bits (and, run as root, the owner) of the regular file it
 * replaces, so an export saved over a private file stays private; set-id bits are not carried
 * over to new content. Refuses to
 * replace what is not a regular file. A folder is left to the rename, which fails on it.
 */
async function takeModeOfReplaced(finalPath: string, handle: FileHandle): Promise<void> {
  const existing = await lstat(finalPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing === null || existing.isDirectory()) return;
  const refusal = unwritableKindError(finalPath, existing, 'file');
  if (refusal) throw refusal;
  await handle.chmod(existing.mode & 0o777);
  // Run as root, an export over someone's file would otherwise leave it root's.
  if (process.getuid?.() === 0 && (existing.uid !== 0 || existing.gid !== 0)) await handle.chown(existing.uid, existing.gid);
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
