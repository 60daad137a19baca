/**
 * The one way Gleaner writes a file at a place a person chose (an export and the files beside
 * it, a case bundle). A rename replaces whatever has the name, and opening the name itself would
 * write through a link or hang on a pipe, so:
 *
 * - the place is refused when it is the library's (libraryFileRefusal), a folder, or anything
 *   but nothing or a regular file with one name: a device (as root, `--out /dev/full` replaced
 *   the device), a named pipe, a socket, a symbolic link, a hard link;
 * - bytes go to a new temporary file in the same folder (so the rename cannot cross file
 *   systems), which is flushed to disk; the chosen name itself is never opened;
 * - what stands at the name is looked at again just before the file is put there: a new name
 *   is taken with link(), which never replaces anything, and only a regular file with one name
 *   is renamed over (keeping its permissions and, run as root, its owner);
 * - every failure becomes a coded error naming the path, and the temporary file is removed.
 *
 * A process killed mid-write cannot remove its own temporary file; its name carries the writer's
 * process id, so the next write under that name removes those whose writer is gone.
 */
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { link, lstat, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { GleanerError } from '../../../shared/errors';
import { fileInTheWay } from '../file-in-the-way';
import { describeFileKind } from './file-kind';
import { libraryFileRefusal, type LibraryPlace } from './library-files';
import { destinationError, writeError } from './write-errors';

/** Text is gathered to about this many characters before each write. */
const WRITE_CHUNK = 256 * 1024;

/** What a written file is, for the sentences that refuse a place or report a failure. */
export interface FileRules {
  /** What is written, without an article: "export", "bundle". */
  what: string;
  /** Said after "<path> is a named pipe (FIFO); ": what the place may be, and what to do. */
  kindRefusal: string;
  /** The library whose files may not be written over; null where it has none on disk (in memory). */
  library: LibraryPlace | null;
}

export interface SafeFile {
  /** Text (written as UTF-8) or bytes (a binary format's). */
  write(data: string | Uint8Array): Promise<void>;
  /** Flushes, syncs and puts the file in place; returns the size and (when asked) the SHA-256. */
  commit(): Promise<{ bytes: number; sha256: string | null }>;
  /** Removes the temporary file; the chosen name is never touched. */
  abort(): Promise<void>;
}

/** A temporary file being written, to be put in place by placeFile. */
export interface TemporaryFile {
  path: string;
  handle: FileHandle;
}

export const temporaryNameFor = (finalPath: string): string =>
  join(dirname(finalPath), `.${basename(finalPath)}.${process.pid}-${randomBytes(6).toString('hex')}.partial`);

/** Removes the temporary files (or folders) that killed writers left for this name. */
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

/** What lstat finds at `path`, or null when nothing is there yet. */
export async function entryAt(path: string): Promise<BigIntStats | null> {
  try {
    return await lstat(path, { bigint: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a file stands where a folder of the path should be, which the parent check names.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/** The refusal of an entry that is neither a regular file nor a folder, or null when it is one of those. */
export function kindRefusal(path: string, info: BigIntStats, sentence: string): GleanerError | null {
  if (info.isFile() || info.isDirectory()) return null;
  return new GleanerError('INVALID_INPUT', `${path} is ${describeFileKind(info)}; ${sentence}`);
}

/** A regular file with other names: replacing this one would leave the others with the old content. */
export function hardLinkRefusal(path: string, info: BigIntStats, what: string): GleanerError | null {
  if (!info.isFile() || info.nlink <= 1n) return null;
  return new GleanerError(
    'INVALID_INPUT',
    `${path} is a hard link (one of ${info.nlink} names of the same file); writing the ${what} there would replace this name only, and the others would keep the old content. Choose another place to save it, or remove the file’s other names first.`,
  );
}

/** Why one file may not be put at `path`, given what stands there (lstat), or null when it may. */
export async function fileRefusal(path: string, existing: BigIntStats | null, rules: FileRules): Promise<GleanerError | null> {
  const library = rules.library && (await libraryFileRefusal(path, existing, rules.library, `the ${rules.what}`));
  if (library) return library;
  if (existing === null) return null;
  if (existing.isDirectory()) return new GleanerError('INVALID_INPUT', `${path} is a folder; give the name of the file to write.`);
  return kindRefusal(path, existing, rules.kindRefusal) ?? hardLinkRefusal(path, existing, rules.what);
}

/**
 * The folder a file goes into must already be there (creating it would turn a typo into a new
 * folder), and be a folder.
 */
export async function checkParentFolder(outPath: string): Promise<void> {
  const parent = dirname(outPath);
  const info = await stat(parent).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) {
    if (info.code !== 'ENOENT' && info.code !== 'ENOTDIR') throw destinationError(info, outPath);
    const file = fileInTheWay(parent);
    if (file) throw notAFolder(outPath, file);
    throw new GleanerError('INVALID_INPUT', `The folder ${parent} does not exist; create it first or choose another place to save it.`);
  }
  if (!info.isDirectory()) throw notAFolder(outPath, parent);
}

const notAFolder = (outPath: string, file: string): GleanerError =>
  new GleanerError('INVALID_INPUT', `Cannot write ${outPath}: ${file} is a file, not a folder; choose another place to save it.`);

/** Refuses, before anything is written, a place where one file may not go. */
export async function checkFileDestination(path: string, rules: FileRules): Promise<void> {
  await checkParentFolder(path);
  let existing: BigIntStats | null;
  try {
    existing = await entryAt(path);
  } catch (error) {
    throw writeError(error, path, rules.what);
  }
  const refusal = await fileRefusal(path, existing, rules);
  if (refusal) throw refusal;
}

/** A new temporary file beside `finalPath`, opened only if it did not exist ('wx'). */
export async function createTemporary(finalPath: string, rules: FileRules, mode = 0o644, shownAs = finalPath): Promise<TemporaryFile> {
  const path = temporaryNameFor(finalPath);
  try {
    return { path, handle: await open(path, 'wx', mode) };
  } catch (error) {
    throw writeError(error, shownAs, rules.what);
  }
}

/**
 * Errors of link() that say the file system keeps no second name for a file (FAT, some network
 * shares); Windows answers EISDIR for such a volume, which link() never does elsewhere.
 */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK', 'EINVAL', 'EISDIR', 'UNKNOWN']);

/**
 * Syncs and closes the temporary file and puts it under `finalPath`, which is looked at first,
 * and again just before: a new name is taken with link() (it fails, replacing nothing, if
 * something took the name meanwhile); only a regular file with one name, not the library's, is
 * replaced. On failure the temporary file is removed and the error is a coded one.
 */
export async function placeFile(temporary: TemporaryFile, finalPath: string, rules: FileRules, shownAs = finalPath): Promise<void> {
  try {
    const replaced = await entryAt(finalPath);
    const refusal = await fileRefusal(finalPath, replaced, rules);
    if (refusal) throw refusal;
    if (replaced) await takeModeOf(replaced, temporary.handle);
    await temporary.handle.sync();
    await temporary.handle.close();
    await putInPlace(temporary.path, finalPath, rules);
  } catch (error) {
    await temporary.handle.close().catch(() => undefined);
    await rm(temporary.path, { force: true }).catch(() => undefined);
    throw writeError(error, shownAs, rules.what);
  }
  await syncFolder(dirname(finalPath));
  await removeAbandonedTemporaries(finalPath);
}

/** Puts a file already written and synced (one staged in a folder of its own) under `finalPath`, as placeFile does. */
export async function moveIntoPlace(fromPath: string, finalPath: string, rules: FileRules): Promise<void> {
  try {
    await putInPlace(fromPath, finalPath, rules);
  } catch (error) {
    throw writeError(error, finalPath, rules.what);
  }
}

async function putInPlace(temporaryPath: string, finalPath: string, rules: FileRules): Promise<void> {
  // Twice at most: a name taken between the look and link() is looked at once more.
  for (let attempt = 0; ; attempt += 1) {
    const existing = await entryAt(finalPath);
    const refusal = await fileRefusal(finalPath, existing, rules);
    if (refusal) throw refusal;
    if (existing === null) {
      const linked = await link(temporaryPath, finalPath).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'EEXIST' && attempt === 0) return false;
          if (error.code === 'EEXIST') throw takenMeanwhile(finalPath);
          if (error.code !== undefined && NO_HARD_LINKS.has(error.code)) return null;
          throw error;
        },
      );
      if (linked === false) continue;
      if (linked) {
        // The file is in place under its name; the temporary one is only a second name of it.
        await rm(temporaryPath, { force: true }).catch(() => undefined);
        return;
      }
    }
    await rename(temporaryPath, finalPath);
    return;
  }
}

const takenMeanwhile = (path: string): GleanerError =>
  new GleanerError(
    'INVALID_INPUT',
    `${path} was taken by other files again and again while it was written, so nothing was put there; choose another place to save it.`,
  );

/**
 * Gives the new file the permission bits (and, run as root, the owner) of the regular file it
 * replaces, so a file saved over a private one stays private; set-id bits are not carried over
 * to new content.
 */
async function takeModeOf(replaced: BigIntStats, handle: FileHandle): Promise<void> {
  await handle.chmod(Number(replaced.mode & 0o777n));
  // Run as root, a file written over someone's would otherwise become root's.
  if (process.getuid?.() === 0 && (replaced.uid !== 0n || replaced.gid !== 0n))
    await handle.chown(Number(replaced.uid), Number(replaced.gid));
}

export async function openSafeFile(
  finalPath: string,
  options: {
    rules: FileRules;
    hash?: boolean;
    byteOrderMark?: boolean;
    mode?: number;
    /** The path a failure names, where the file goes into a folder staged for it. */
    shownAs?: string;
  },
): Promise<SafeFile> {
  const { rules } = options;
  const shownAs = options.shownAs ?? finalPath;
  const temporary = await createTemporary(finalPath, rules, options.mode, shownAs);
  const { handle } = temporary;
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
  const abort = async (): Promise<void> => {
    finished = true;
    await handle.close().catch(() => undefined);
    await rm(temporary.path, { force: true });
  };
  const failed = async (error: unknown): Promise<never> => {
    await abort().catch(() => undefined);
    throw writeError(error, shownAs, rules.what);
  };

  return {
    async write(data) {
      try {
        if (typeof data !== 'string') {
          await flush();
          await writeBytes(data);
          return;
        }
        if (data === '') return;
        pending.push(data);
        pendingLength += data.length;
        if (pendingLength >= WRITE_CHUNK) await flush();
      } catch (error) {
        await failed(error);
      }
    },
    async commit() {
      try {
        await flush();
      } catch (error) {
        await failed(error);
      }
      finished = true;
      await placeFile(temporary, finalPath, rules, shownAs);
      return { bytes, sha256: hash ? hash.digest('hex') : null };
    },
    async abort() {
      if (!finished) await abort();
      else await rm(temporary.path, { force: true });
    },
  };
}

/** Writes one whole file the safe way (the change history, a manifest). */
export async function writeSafeFile(finalPath: string, data: string | Uint8Array, rules: FileRules): Promise<void> {
  const file = await openSafeFile(finalPath, { rules });
  try {
    await file.write(data);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/**
 * The text of the regular file at `path`, or '' when nothing (or anything else) is there: read
 * without following a link, and without waiting on a named pipe that nobody writes to.
 */
export async function readRegularFileIfAny(path: string): Promise<string> {
  const seen = await entryAt(path).catch(() => null);
  if (!seen?.isFile()) return '';
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const handle = await open(path, flags).catch(() => null);
  if (!handle) return '';
  try {
    const opened = await handle.stat({ bigint: true });
    // Swapped since it was looked at: not the file that was seen.
    if (!opened.isFile() || opened.ino !== seen.ino || opened.dev !== seen.dev) return '';
    return await handle.readFile('utf8');
  } catch {
    return '';
  } finally {
    await handle.close();
  }
}

/** Makes a rename durable where the platform allows it (Windows cannot open a folder for syncing). */
export async function syncFolder(folder: string): Promise<void> {
  try {
    // Only a folder is opened: a pipe swapped in for it would otherwise hold the open.
    const handle = await open(folder, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the data itself was synced before the rename.
  }
}
