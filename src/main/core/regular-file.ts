/**
 * Files a person names (a case bundle, a PEM file of CA certificates) are read only when they
 * are regular files, and only up to a size. A device (`/dev/zero`), a named pipe or a folder is
 * refused before a byte is read, and a file larger than its cap is refused rather than read. The
 * file is opened without blocking, so a pipe put in its place cannot hold the open, and its kind
 * and size are taken from the descriptor opened: what was looked at is what is read.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { GleanerError } from '../../shared/errors';
import { describeFileKind } from './files/file-kind';

export interface RegularFileRules {
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /** What the file is, as a sentence names it after its path: "a case bundle". */
  what: string;
  /** The sentence for a path where there is nothing. */
  notFound?: string;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** "1.5 GB": a size as a refusal names it. */
export function sizeInWords(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(bytes % 2 ** 30 === 0 ? 0 : 1)} GiB`;
  if (bytes >= 2 ** 20) return `${(bytes / 2 ** 20).toFixed(bytes % 2 ** 20 === 0 ? 0 : 1)} MiB`;
  if (bytes >= 2 ** 10) return `${(bytes / 2 ** 10).toFixed(bytes % 2 ** 10 === 0 ? 0 : 1)} KiB`;
  return `${bytes} bytes`;
}

function openFailure(path: string, error: unknown, rules: RegularFileRules): GleanerError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new GleanerError('NOT_FOUND', rules.notFound ?? `There is no file at ${path}.`);
  if (code === 'EISDIR') return notRegular(path, 'a folder', rules);
  return new GleanerError('INVALID_INPUT', `${path} cannot be read (${code ?? 'unknown error'}); give ${rules.what} as a regular file.`);
}

const notRegular = (path: string, kind: string, rules: RegularFileRules) =>
  new GleanerError('INVALID_INPUT', `${path} is ${kind}, not a regular file: Gleaner reads ${rules.what} only from a regular file.`);

function checkOpened(path: string, info: Stats, rules: RegularFileRules): number {
  if (!info.isFile()) throw notRegular(path, describeFileKind(info), rules);
  if (info.size > rules.maxBytes)
    throw new GleanerError(
      'INVALID_INPUT',
      `${path} is ${sizeInWords(info.size)}, larger than ${rules.what} may be (${sizeInWords(rules.maxBytes)}); nothing was read.`,
    );
  return info.size;
}

/** The file opened for reading, with its size when opened; the caller closes it. */
export async function openRegularFile(path: string, rules: RegularFileRules): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    throw openFailure(path, error, rules);
  }
  try {
    return { handle, size: checkOpened(path, await handle.stat(), rules) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The whole file, read through one descriptor and never past the cap (a file that grows past it is refused). */
export function readRegularFileSync(path: string, rules: RegularFileRules): Buffer {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw openFailure(path, error, rules);
  }
  try {
    checkOpened(path, fstatSync(fd), rules);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > rules.maxBytes)
        throw new GleanerError(
          'INVALID_INPUT',
          `${path} grew past ${sizeInWords(rules.maxBytes)} while it was read; nothing was taken from it.`,
        );
      chunks.push(chunk.subarray(0, read));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof GleanerError) throw error;
    throw openFailure(path, error, rules);
  } finally {
    closeSync(fd);
  }
}
