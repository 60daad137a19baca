/**
 * Reads a case bundle's zip as `unzip` reads it: from its central directory, through one file
 * descriptor held from open to close (what was checked is what is read, whatever is put at the
 * path meanwhile). An entry `unzip` would read otherwise than its local header says — another
 * name, other sizes or CRC, a symbolic link, a name that leaves the folder, one that is in the
 * zip twice, data overlapping another entry's — is named in `refused` and never read. Sizes are
 * capped from the central directory before anything is decompressed, and enforced again on the
 * bytes as they come (a zip's sizes can lie), as is each file's CRC-32. One entry is read at a
 * time: memory holds at most the file being read, never the bundle.
 *
 * Supported: what Gleaner's zip writer and `zip -r` write — stored or deflated entries, sizes in
 * the local header or in a data descriptor, Zip64 end records and Zip64 sizes, UTF-8 names.
 */
import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, createInflateRaw, inflateRaw, inflateRawSync } from 'node:zlib';
import { GleanerError } from '../../../shared/errors';
import { openRegularFile, sizeInWords } from '../regular-file';
import { BUNDLE_CAPS, type BundleCaps } from './caps';

export interface ZipEntry {
  /** The name the zip gives it. */
  name: string;
  method: number;
  crc: number;
  compressedBytes: number;
  /** Its size once decompressed, as the central directory says (held to when it is read). */
  bytes: number;
  headerOffset: number;
  dataOffset: number;
  /** Where it ends in the zip, its data descriptor included. */
  end: number;
  folder: boolean;
}

export interface RefusedEntry {
  name: string;
  problem: string;
}

export interface ReadFile {
  data: Buffer;
  sha256: string;
}

export interface OpenedZip {
  readonly path: string;
  /** The files to read (folders left out), in the order their data stands in the zip. */
  readonly files: readonly ZipEntry[];
  /** The entries not read, each with why. */
  readonly refused: readonly RefusedEntry[];
  /** Streams one file's bytes to `onChunk` (awaited), checking its size and CRC; its SHA-256. */
  stream(entry: ZipEntry, onChunk?: (chunk: Buffer) => void | Promise<void>): Promise<{ sha256: string }>;
  /** One file whole; `maxBytes` is what the caller will hold. */
  read(entry: ZipEntry, maxBytes: number): Promise<ReadFile>;
  /** The same, without waiting (inside a database transaction). */
  readSync(entry: ZipEntry, maxBytes: number): ReadFile;
  close(): Promise<void>;
}

const SIGNATURE = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  end64: 0x06064b50,
  locator64: 0x07064b50,
  descriptor: 0x08074b50,
} as const;
const END_BYTES = 22;
const CENTRAL_BYTES = 46;
const LOCAL_BYTES = 30;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;
const FLAG_MASKED_HEADERS = 0x2000;
/** The flags that change how an entry is read: local and central headers must agree on them. */
const FLAGS_COMPARED = FLAG_ENCRYPTED | FLAG_DESCRIPTOR | FLAG_STRONG_ENCRYPTION | FLAG_UTF8;
const STORED = 0;
const DEFLATED = 8;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;
/** Reads of the zip are gathered into windows this large: many small entries cost few reads. */
const WINDOW_BYTES = 1024 * 1024;
/** Entries compressed smaller than this are inflated at once, without a trip to libuv's threads. */
const INFLATE_INLINE_BYTES = 64 * 1024;
const STREAM_CHUNK_BYTES = 1024 * 1024;

const inflateRawAsync = promisify(inflateRaw);
const utf8 = new TextDecoder('utf-8', { fatal: true });

const unreadable = (path: string, why: string) => new GleanerError('INVALID_INPUT', `${path} cannot be read as a case bundle: ${why}.`);
const damaged = (name: string, why: string) => new GleanerError('BUNDLE_INVALID', `${name}: ${why}`);

/** Reads of the zip through its one descriptor, small ones served from a window read ahead. */
function byteSource(handle: FileHandle, size: number, path: string) {
  let window: Buffer = Buffer.alloc(0);
  let windowAt = 0;
  const cutShort = () => unreadable(path, 'it changed or was cut short while it was read');
  const inWindow = (at: number, length: number) => at >= windowAt && at + length <= windowAt + window.length;
  const exact = async (at: number, length: number): Promise<Buffer> => {
    const buffer = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const { bytesRead } = await handle.read(buffer, done, length - done, at + done);
      if (bytesRead === 0) throw cutShort();
      done += bytesRead;
    }
    return buffer;
  };
  const exactSync = (at: number, length: number): Buffer => {
    const buffer = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const bytesRead = readSync(handle.fd, buffer, done, length - done, at + done);
      if (bytesRead === 0) throw cutShort();
      done += bytesRead;
    }
    return buffer;
  };
  const check = (at: number, length: number) => {
    if (at < 0 || length < 0 || at + length > size) throw cutShort();
  };
  return {
    /** Bytes at `at`; kept only while the window is (a later read may replace it, never change it). */
    async read(at: number, length: number): Promise<Buffer> {
      check(at, length);
      if (inWindow(at, length)) return window.subarray(at - windowAt, at - windowAt + length);
      if (length >= WINDOW_BYTES) return exact(at, length);
      window = await exact(at, Math.min(WINDOW_BYTES, size - at));
      windowAt = at;
      return window.subarray(0, length);
    },
    readSync(at: number, length: number): Buffer {
      check(at, length);
      if (inWindow(at, length)) return window.subarray(at - windowAt, at - windowAt + length);
      if (length >= WINDOW_BYTES) return exactSync(at, length);
      window = exactSync(at, Math.min(WINDOW_BYTES, size - at));
      windowAt = at;
      return window.subarray(0, length);
    },
    /** A fresh buffer, never the window (for streaming large entries). */
    fresh: (at: number, length: number) => (check(at, length), exact(at, length)),
  };
}

type ByteSource = ReturnType<typeof byteSource>;

function u64(buffer: Buffer, at: number, path: string): number {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable(path, 'its Zip64 record gives sizes no file has');
  return Number(value);
}

/** Extra fields by id; null when they do not fit their length. A few padding bytes at the end are let be. */
function extraFields(extra: Buffer): Map<number, Buffer> | null {
  const fields = new Map<number, Buffer>();
  let at = 0;
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (at + 4 + length > extra.length) return null;
    if (fields.has(id) && (id === ZIP64_EXTRA || id === UNICODE_PATH_EXTRA)) return null;
    fields.set(id, extra.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** The name `unzip` would use from an Info-ZIP Unicode Path field, when the field applies to this name. */
function unicodePath(fields: Map<number, Buffer>, rawName: Buffer): string | null | undefined {
  const field = fields.get(UNICODE_PATH_EXTRA);
  if (!field) return undefined;
  if (field.length < 5 || field[0] !== 1) return undefined;
  if (field.readUInt32LE(1) >>> 0 !== crc32(rawName) >>> 0) return undefined;
  try {
    return utf8.decode(field.subarray(5));
  } catch {
    return null;
  }
}

/** Why a name is not one to write into a folder as it stands, or null. */
export function entryNameProblem(name: string): string | null {
  if (name === '') return 'it has no name';
  if (name.includes('\\')) return 'its name holds a backslash, which unzip may read as a folder separator';
  if (/\p{Cc}/u.test(name)) return 'its name holds control characters';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'its name is an absolute path';
  const parts = name.endsWith('/') ? name.slice(0, -1).split('/') : name.split('/');
  if (parts.some((part) => part === '..')) return 'its name leaves the bundle’s folder (..)';
  if (parts.some((part) => part === '' || part === '.')) return 'its name has an empty or "." folder in it';
  return null;
}

/** Why the Unix file type in an entry's attributes is not a file or folder as named, or null. */
function fileTypeProblem(external: number, folder: boolean): string | null {
  const type = (external >>> 16) & S_IFMT;
  if (type === S_IFLNK) return 'it is a symbolic link';
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) return 'it is a device, pipe or socket, not a file';
  if ((type === S_IFDIR || (external & DOS_DIRECTORY) !== 0) && !folder) return 'it is marked as a folder, but its name does not end in /';
  if (type === S_IFREG && folder) return 'it is marked as a file, but its name ends in /';
  return null;
}

interface CentralRecord {
  name: string;
  rawName: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedBytes: number;
  bytes: number;
  headerOffset: number;
  folder: boolean;
  problem: string | null;
}

/** The end records: where the central directory is, how large, how many entries. */
async function readEnd(source: ByteSource, size: number, path: string, caps: BundleCaps) {
  const tailLength = Math.min(size, END_BYTES + MAX_COMMENT);
  const tail = await source.read(size - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - END_BYTES; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === SIGNATURE.end && at + END_BYTES + tail.readUInt16LE(at + 20) === tail.length) {
      end = at;
      break;
    }
  }
  if (end === -1) throw unreadable(path, 'it has no central directory (it is not a zip file, or it was cut short)');
  const endAt = size - tailLength + end;
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  let entriesOnDisk = tail.readUInt16LE(end + 8);
  let entries = tail.readUInt16LE(end + 10);
  let directoryBytes = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  let directoryEnd = endAt;
  if (disk !== 0 || directoryDisk !== 0) throw unreadable(path, 'it is split over several disks');
  if (endAt >= 20) {
    const locator = await source.read(endAt - 20, 20);
    if (locator.readUInt32LE(0) === SIGNATURE.locator64) {
      const recordAt = u64(locator, 8, path);
      if (locator.readUInt32LE(4) !== 0 || locator.readUInt32LE(16) > 1) throw unreadable(path, 'it is split over several disks');
      if (recordAt + 56 > endAt - 20) throw unreadable(path, 'its Zip64 end record is not where its locator says');
      const record = await source.read(recordAt, 56);
      if (record.readUInt32LE(0) !== SIGNATURE.end64 || recordAt + 12 + u64(record, 4, path) !== endAt - 20)
        throw unreadable(path, 'its Zip64 end record is not where its locator says');
      if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0) throw unreadable(path, 'it is split over several disks');
      // A value the classic record can hold must be the same in both; a full one is the Zip64 record's.
      const pick = (classic: number, full: number, zip64: number, what: string) => {
        if (classic !== full && classic !== zip64) throw unreadable(path, `its two end records give different ${what}`);
        return zip64;
      };
      entriesOnDisk = pick(entriesOnDisk, 0xffff, u64(record, 24, path), 'entry counts');
      entries = pick(entries, 0xffff, u64(record, 32, path), 'entry counts');
      directoryBytes = pick(directoryBytes, 0xffffffff, u64(record, 40, path), 'central directory sizes');
      directoryOffset = pick(directoryOffset, 0xffffffff, u64(record, 48, path), 'central directory offsets');
      directoryEnd = recordAt;
    }
  }
  if (entriesOnDisk !== entries) throw unreadable(path, 'it is split over several disks');
  if (entries > caps.entries)
    throw unreadable(
      path,
      `it holds ${entries.toLocaleString('en-US')} entries, more than a bundle may (${caps.entries.toLocaleString('en-US')})`,
    );
  if (directoryBytes > caps.directoryBytes)
    throw unreadable(
      path,
      `its central directory is ${sizeInWords(directoryBytes)}, more than a bundle's may be (${sizeInWords(caps.directoryBytes)})`,
    );
  if (directoryOffset + directoryBytes !== directoryEnd || entries * CENTRAL_BYTES > directoryBytes)
    throw unreadable(path, 'its central directory is not where its end record says');
  return { entries, directoryOffset, directoryBytes };
}

function parseCentral(directory: Buffer, count: number, path: string): CentralRecord[] {
  const records: CentralRecord[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + CENTRAL_BYTES > directory.length || directory.readUInt32LE(at) !== SIGNATURE.central)
      throw unreadable(path, `its central directory is damaged at entry ${index + 1}`);
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const crc = directory.readUInt32LE(at + 16);
    let compressedBytes = directory.readUInt32LE(at + 20);
    let bytes = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const diskStart = directory.readUInt16LE(at + 34);
    const external = directory.readUInt32LE(at + 38);
    let headerOffset = directory.readUInt32LE(at + 42);
    const next = at + CENTRAL_BYTES + nameLength + extraLength + commentLength;
    if (next > directory.length) throw unreadable(path, `its central directory is damaged at entry ${index + 1}`);
    const rawName = directory.subarray(at + CENTRAL_BYTES, at + CENTRAL_BYTES + nameLength);
    const fields = extraFields(directory.subarray(at + CENTRAL_BYTES + nameLength, at + CENTRAL_BYTES + nameLength + extraLength));
    at = next;

    let name: string;
    let problem: string | null = null;
    try {
      name = utf8.decode(rawName);
    } catch {
      name = rawName.toString('latin1');
      problem = 'its name is not UTF-8';
    }
    if (!problem && (flags & FLAG_UTF8) === 0 && rawName.some((byte) => byte >= 0x80))
      problem = 'its name is not marked as UTF-8, so unzip may read it as another name';
    if (!fields) problem ??= 'its extra fields are damaged';
    else {
      // Zip64 sizes stand in the extra field, in this order, for the fields that are full.
      const zip64 = fields.get(ZIP64_EXTRA);
      let read = 0;
      const next64 = () => {
        if (!zip64 || read + 8 > zip64.length) return null;
        read += 8;
        return u64(zip64, read - 8, path);
      };
      if (bytes === 0xffffffff) bytes = next64() ?? -1;
      if (compressedBytes === 0xffffffff) compressedBytes = next64() ?? -1;
      if (headerOffset === 0xffffffff) headerOffset = next64() ?? -1;
      if (bytes < 0 || compressedBytes < 0 || headerOffset < 0) problem ??= 'its Zip64 sizes are missing';
      const unicode = unicodePath(fields, rawName);
      if (unicode === null || (unicode !== undefined && unicode !== name))
        problem ??= `it carries another name (${JSON.stringify(unicode)}) in its Unicode path field, which unzip would use`;
    }
    const folder = name.endsWith('/');
    problem ??= entryNameProblem(name);
    if (diskStart !== 0 && diskStart !== 0xffff) problem ??= 'it is on another disk';
    if ((flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS)) !== 0) problem ??= 'it is encrypted';
    if (method !== STORED && method !== DEFLATED) problem ??= `it is compressed with method ${method}, which Gleaner does not read`;
    problem ??= fileTypeProblem(external, folder);
    if (folder && bytes !== 0) problem ??= 'it is a folder entry that holds data';
    if (method === STORED && compressedBytes !== bytes) problem ??= 'it is stored, yet its two sizes differ';
    records.push({ name, rawName, flags, method, crc, compressedBytes, bytes, headerOffset, folder, problem });
  }
  if (at !== directory.length) throw unreadable(path, 'its central directory holds more than its end record counts');
  return records;
}

/** Reads each entry's local header and checks it against the central directory; where its data is. */
async function readLocal(
  source: ByteSource,
  record: CentralRecord,
  directoryOffset: number,
  path: string,
): Promise<{ dataOffset: number; end: number } | string> {
  if (record.headerOffset + LOCAL_BYTES > directoryOffset) return 'its local header is not where the central directory says';
  const header = await source.read(record.headerOffset, LOCAL_BYTES);
  if (header.readUInt32LE(0) !== SIGNATURE.local) return 'its local header is not where the central directory says';
  const flags = header.readUInt16LE(6);
  const method = header.readUInt16LE(8);
  const crc = header.readUInt32LE(14);
  let compressedBytes = header.readUInt32LE(18);
  let bytes = header.readUInt32LE(22);
  const nameLength = header.readUInt16LE(26);
  const extraLength = header.readUInt16LE(28);
  const dataOffset = record.headerOffset + LOCAL_BYTES + nameLength + extraLength;
  if (dataOffset > directoryOffset) return 'its local header runs into the central directory';
  const rest = await source.read(record.headerOffset + LOCAL_BYTES, nameLength + extraLength);
  const localName = rest.subarray(0, nameLength);
  if (!localName.equals(record.rawName)) return `its local header names it ${JSON.stringify(localName.toString('utf8'))}`;
  if (((flags ^ record.flags) & FLAGS_COMPARED) !== 0 || method !== record.method)
    return 'its local header and the central directory disagree on how it is stored';
  const fields = extraFields(rest.subarray(nameLength));
  if (!fields) return 'the extra fields of its local header are damaged';
  const unicode = unicodePath(fields, localName);
  if (unicode === null || (unicode !== undefined && unicode !== record.name))
    return 'its local header carries another name in its Unicode path field';
  const zip64 = fields.get(ZIP64_EXTRA);
  const local64 = zip64 !== undefined && zip64.length >= 16;
  if (bytes === 0xffffffff || compressedBytes === 0xffffffff) {
    if (!local64) return 'its local header lacks its Zip64 sizes';
    bytes = u64(zip64, 0, path);
    compressedBytes = u64(zip64, 8, path);
  }
  const dataEnd = dataOffset + record.compressedBytes;
  if (dataEnd > directoryOffset) return 'its data runs into the central directory';
  const sameAsCentral = crc === record.crc && compressedBytes === record.compressedBytes && bytes === record.bytes;
  if ((flags & FLAG_DESCRIPTOR) === 0) {
    if (!sameAsCentral) return 'its local header and the central directory give different sizes or CRC';
    return { dataOffset, end: dataEnd };
  }
  // Sizes after the data: the local header holds zeros (or the same values), the descriptor the real ones.
  if (!sameAsCentral && (crc !== 0 || compressedBytes !== 0 || bytes !== 0))
    return 'its local header and the central directory give different sizes or CRC';
  const sizeBytes = local64 ? 8 : 4;
  const longest = 4 + 4 + 2 * sizeBytes;
  const available = Math.min(longest, directoryOffset - dataEnd);
  if (available < longest - 4) return 'its data descriptor is missing';
  const descriptor = await source.read(dataEnd, available);
  const signed = descriptor.readUInt32LE(0) === SIGNATURE.descriptor && available === longest;
  const at = signed ? 4 : 0;
  const size = (offset: number) => (sizeBytes === 8 ? u64(descriptor, offset, path) : descriptor.readUInt32LE(offset));
  if (descriptor.readUInt32LE(at) !== record.crc || size(at + 4) !== record.compressedBytes || size(at + 4 + sizeBytes) !== record.bytes)
    return 'its data descriptor and the central directory give different sizes or CRC';
  return { dataOffset, end: dataEnd + at + 4 + 2 * sizeBytes };
}

/** Opens the zip at `path` and reads its directory; throws INVALID_INPUT when it cannot be read as a zip at all. */
export async function openZip(path: string, caps: BundleCaps = BUNDLE_CAPS): Promise<OpenedZip> {
  const { handle, size } = await openRegularFile(path, {
    maxBytes: caps.bundleBytes,
    what: 'a case bundle',
    notFound: `There is no file at ${path}.`,
  });
  try {
    const source = byteSource(handle, size, path);
    const end = await readEnd(source, size, path, caps);
    const records = parseCentral(await source.read(end.directoryOffset, end.directoryBytes), end.entries, path);
    const refused: RefusedEntry[] = [];
    const problemOf = new Map<CentralRecord, string>();
    const refuse = (record: CentralRecord, problem: string) => {
      if (!problemOf.has(record)) problemOf.set(record, problem);
    };
    for (const record of records) if (record.problem) refuse(record, record.problem);

    // Names unzip would write to the same place: twice the same, or the same but for case or Unicode form.
    const byKey = new Map<string, CentralRecord>();
    const keyOf = (name: string) => name.normalize('NFC').toLowerCase().replace(/\/$/, '');
    for (const record of records) {
      const key = keyOf(record.name);
      const earlier = byKey.get(key);
      if (!earlier) byKey.set(key, record);
      else if (!(earlier.folder && record.folder)) {
        const problem =
          earlier.name === record.name
            ? 'it is in the zip twice'
            : `it would be written where ${earlier.name} is (names differing only in case)`;
        refuse(record, problem);
        refuse(earlier, problem);
      }
    }
    for (const record of records) {
      for (
        let slash = record.name.indexOf('/');
        slash !== -1 && slash < record.name.length - 1;
        slash = record.name.indexOf('/', slash + 1)
      ) {
        const parent = byKey.get(keyOf(record.name.slice(0, slash)));
        if (parent && !parent.folder) refuse(record, `it stands in ${parent.name}, which is a file in the zip`);
      }
    }

    let total = 0;
    for (const record of records) {
      if (record.folder) continue;
      total += record.bytes;
      if (record.bytes > caps.entryBytes)
        refuse(
          record,
          `it would be ${sizeInWords(record.bytes)} decompressed, more than a bundle's file may be (${sizeInWords(caps.entryBytes)})`,
        );
      else if (record.method === DEFLATED && record.compressedBytes > record.bytes + Math.floor(record.bytes / 8) + 1024)
        refuse(record, 'its compressed size is larger than any compression of its bytes would be');
    }
    if (total > caps.totalBytes)
      throw unreadable(
        path,
        `its files would be ${sizeInWords(total)} decompressed, more than a bundle may hold (${sizeInWords(caps.totalBytes)}); nothing was decompressed`,
      );

    // Local headers, in the order they stand: each must agree with the directory, and no entry may overlap another.
    const ordered = [...records].sort((a, b) => a.headerOffset - b.headerOffset);
    const entries = new Map<CentralRecord, ZipEntry>();
    let previous: { record: CentralRecord; end: number } | null = null;
    for (const record of ordered) {
      if (record.headerOffset < 0) continue;
      if (previous && record.headerOffset < previous.end) {
        const problem = `its data overlaps that of ${previous.record.name}`;
        refuse(record, problem);
        refuse(previous.record, `its data overlaps that of ${record.name}`);
        continue;
      }
      const local = await readLocal(source, record, end.directoryOffset, path);
      if (typeof local === 'string') {
        refuse(record, local);
        previous = { record, end: record.headerOffset + LOCAL_BYTES };
        continue;
      }
      previous = { record, end: local.end };
      entries.set(record, {
        name: record.name,
        method: record.method,
        crc: record.crc >>> 0,
        compressedBytes: record.compressedBytes,
        bytes: record.bytes,
        headerOffset: record.headerOffset,
        dataOffset: local.dataOffset,
        end: local.end,
        folder: record.folder,
      });
    }
    for (const record of records) {
      const problem = problemOf.get(record);
      if (problem) refused.push({ name: record.name, problem });
    }
    const files = ordered
      .filter((record) => !problemOf.has(record) && !record.folder && entries.has(record))
      .map((record) => entries.get(record)!);
    return openedZip(path, handle, source, files, refused);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function checked(entry: ZipEntry, data: Buffer): ReadFile {
  if (data.length !== entry.bytes)
    throw damaged(entry.name, `it decompresses to ${data.length} bytes, not the ${entry.bytes} the zip gives for it`);
  if (crc32(data) >>> 0 !== entry.crc) throw damaged(entry.name, 'its bytes do not match the CRC-32 the zip gives for them');
  return { data, sha256: createHash('sha256').update(data).digest('hex') };
}

function inflateFailure(entry: ZipEntry, error: unknown): GleanerError {
  if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
    return damaged(entry.name, `it decompresses to more than the ${entry.bytes} bytes the zip gives for it`);
  return damaged(entry.name, `its compressed data is damaged (${error instanceof Error ? error.message : String(error)})`);
}

function tooLargeToHold(entry: ZipEntry, maxBytes: number): GleanerError {
  return damaged(entry.name, `it is ${sizeInWords(entry.bytes)}, more than Gleaner reads whole (${sizeInWords(maxBytes)})`);
}

function openedZip(path: string, handle: FileHandle, source: ByteSource, files: ZipEntry[], refused: RefusedEntry[]): OpenedZip {
  const inflateOptions = (entry: ZipEntry) => ({ maxOutputLength: Math.max(1, entry.bytes) });
  return {
    path,
    files,
    refused,
    async read(entry, maxBytes) {
      if (entry.bytes > maxBytes) throw tooLargeToHold(entry, maxBytes);
      const compressed = await source.read(entry.dataOffset, entry.compressedBytes);
      if (entry.method === STORED) return checked(entry, Buffer.from(compressed));
      let data: Buffer;
      try {
        data =
          compressed.length < INFLATE_INLINE_BYTES
            ? inflateRawSync(compressed, inflateOptions(entry))
            : await inflateRawAsync(compressed, inflateOptions(entry));
      } catch (error) {
        throw inflateFailure(entry, error);
      }
      return checked(entry, data);
    },
    readSync(entry, maxBytes) {
      if (entry.bytes > maxBytes) throw tooLargeToHold(entry, maxBytes);
      const compressed = source.readSync(entry.dataOffset, entry.compressedBytes);
      if (entry.method === STORED) return checked(entry, Buffer.from(compressed));
      try {
        return checked(entry, inflateRawSync(compressed, inflateOptions(entry)));
      } catch (error) {
        if (error instanceof GleanerError) throw error;
        throw inflateFailure(entry, error);
      }
    },
    async stream(entry, onChunk) {
      const hash = createHash('sha256');
      let crc = 0;
      let bytes = 0;
      const compressed = async function* () {
        for (let at = 0; at < entry.compressedBytes; at += STREAM_CHUNK_BYTES)
          yield await source.fresh(entry.dataOffset + at, Math.min(STREAM_CHUNK_BYTES, entry.compressedBytes - at));
      };
      const chunks: AsyncIterable<Buffer> =
        entry.method === STORED
          ? compressed()
          : pipeline(Readable.from(compressed()), createInflateRaw({ chunkSize: 256 * 1024 }), () => undefined);
      try {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > entry.bytes) throw damaged(entry.name, `it decompresses to more than the ${entry.bytes} bytes the zip gives for it`);
          hash.update(chunk);
          crc = crc32(chunk, crc);
          if (onChunk) await onChunk(chunk);
        }
      } catch (error) {
        if (chunks instanceof Readable) chunks.destroy();
        if (error instanceof GleanerError) throw error;
        throw inflateFailure(entry, error);
      }
      if (bytes !== entry.bytes)
        throw damaged(entry.name, `it decompresses to ${bytes} bytes, not the ${entry.bytes} the zip gives for it`);
      if (crc >>> 0 !== entry.crc) throw damaged(entry.name, 'its bytes do not match the CRC-32 the zip gives for them');
      return { sha256: hash.digest('hex') };
    },
    close: () => handle.close(),
  };
}

export interface ZipFileRead {
  path: string;
  data: Buffer;
  sha256: string;
}

/**
 * Every file of a zip, whole, one after another (tests and benchmarks read zips this way). A zip
 * with an entry refused is refused whole. `root`: a folder whose name is taken off the paths.
 */
export async function readZipFiles(
  zipPath: string,
  onFile: (file: ZipFileRead) => void | Promise<void>,
  options: { root?: string; caps?: BundleCaps } = {},
): Promise<void> {
  const root = options.root ?? '';
  const caps = options.caps ?? BUNDLE_CAPS;
  const zip = await openZip(zipPath, caps);
  try {
    const first = zip.refused[0];
    if (first) throw damaged(first.name, first.problem);
    for (const entry of zip.files) {
      const { data, sha256 } = await zip.read(entry, caps.entryBytes);
      await onFile({ path: root && entry.name.startsWith(root) ? entry.name.slice(root.length) : entry.name, data, sha256 });
    }
  } finally {
    await zip.close();
  }
}
