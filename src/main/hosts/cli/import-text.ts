/**
 * Reads the list `gleaner import` is given, a file or `-` for standard input. What cannot be a
 * list of links is refused before a byte is read: a device such as /dev/urandom (which never
 * ends), a pipe (which waits for a writer), a folder, a file larger than an import takes. Reading
 * stops at the same cap, for a file that grows meanwhile and for standard input, and bytes that
 * are not UTF-8 text are said to be so rather than planned as rejected lines.
 */
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { GleanerError } from '../../../shared/errors';
import { describeFileKind } from '../../core';

export interface ImportTextLimits {
  bytes: number;
  characters: number;
}

/** The most `import.plan` takes (its input schema's limit on the text). */
const MAX_IMPORT_CHARACTERS = 5_000_000;

export const IMPORT_TEXT_LIMITS: ImportTextLimits = {
  characters: MAX_IMPORT_CHARACTERS,
  // UTF-8 spends at most three bytes on a UTF-16 unit, so no list within the limit is longer.
  bytes: 3 * MAX_IMPORT_CHARACTERS,
};

const READ_CHUNK_BYTES = 64 * 1024;

/** "21 MB": decimal units, as file managers show sizes. */
export function sizeText(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${units[unit]}`;
}

function tooLarge(what: string, size: string, limits: ImportTextLimits): GleanerError {
  return new GleanerError(
    'INVALID_INPUT',
    `${what} is ${size}; an import takes up to ${limits.characters.toLocaleString('en-US')} characters (${sizeText(limits.bytes)} of UTF-8 text at most). Split it into several imports.`,
  );
}

const notText = (what: string): GleanerError =>
  new GleanerError('INVALID_INPUT', `${what} is not a text file; an import reads UTF-8 text with one link per line.`);

const notAList = (what: string, kind: string): GleanerError =>
  new GleanerError(
    'INVALID_INPUT',
    `${what} is ${kind}, not a file of links; give a text file with one link per line, or - to read them from standard input.`,
  );

const unreadable = (source: string, error: unknown): GleanerError =>
  new GleanerError(
    'INVALID_INPUT',
    `Could not read ${JSON.stringify(source)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'it is not a readable file'}.`,
  );

/** Decodes chunks as UTF-8, refusing at the byte cap, at a byte that is not UTF-8, and at a NUL (binary data). */
async function decodeCapped(chunks: AsyncIterable<Buffer | string>, what: string, limits: ImportTextLimits): Promise<string> {
  // The byte order mark is kept, as it always was: the planner trims it with the line's spaces.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const parts: string[] = [];
  let bytes = 0;
  const decode = (buffer?: Buffer): string => {
    try {
      return buffer ? decoder.decode(buffer, { stream: true }) : decoder.decode();
    } catch {
      throw notText(what);
    }
  };
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    bytes += buffer.length;
    if (bytes > limits.bytes) throw tooLarge(what, `larger than ${sizeText(limits.bytes)}`, limits);
    if (buffer.includes(0)) throw notText(what);
    parts.push(decode(buffer));
  }
  parts.push(decode());
  const text = parts.join('');
  if (text.length > limits.characters) throw tooLarge(what, `${text.length.toLocaleString('en-US')} characters long`, limits);
  return text;
}

async function* chunksOf(handle: FileHandle): AsyncGenerator<Buffer> {
  for (;;) {
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A file's text, after its kind and size say it can be a list of links. */
async function readImportFile(source: string, limits: ImportTextLimits): Promise<string> {
  const what = JSON.stringify(source);
  const info = await stat(source).catch((error: unknown) => {
    throw unreadable(source, error);
  });
  if (!info.isFile()) throw notAList(what, describeFileKind(info));
  if (info.size > limits.bytes) throw tooLarge(what, sizeText(info.size), limits);
  // Non-blocking, so that a pipe put in the file's place since the stat cannot hold the open.
  const handle = await open(source, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch((error: unknown) => {
    throw unreadable(source, error);
  });
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw notAList(what, describeFileKind(opened));
    return await decodeCapped(chunksOf(handle), what, limits);
  } catch (error) {
    if (error instanceof GleanerError) throw error;
    throw unreadable(source, error);
  } finally {
    await handle.close();
  }
}

/** The text of `source`: a file's, or standard input's for `-`. */
export function readImportText(
  source: string,
  stdin: NodeJS.ReadableStream,
  limits: ImportTextLimits = IMPORT_TEXT_LIMITS,
): Promise<string> {
  if (source === '-') return decodeCapped(stdin as AsyncIterable<Buffer | string>, 'The standard input', limits);
  return readImportFile(source, limits);
}
