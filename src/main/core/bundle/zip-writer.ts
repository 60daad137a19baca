/**
 * A case bundle's zip, written as it is made: each file is hashed (SHA-256 of its bytes as
 * stored, before compression) and counted while node's zlib deflates it (native, several times
 * faster than a JavaScript deflate, on libuv's threads while the library is read), and
 * compressed bytes reach the disk as they come, in 256 KiB writes, so memory stays flat whatever
 * the bundle holds. Each entry's header is written first and its CRC and sizes filled in once
 * known, so every reader finds them in the header (no data descriptors).
 * The zip is written under a temporary name and put in place only when whole, the safe way
 * (files/safe-file.ts): never over a link, a device, a pipe or the library.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { TransformOptions } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw, type ZlibOptions } from 'node:zlib';
import { GleanerError } from '../../../shared/errors';
import { createTemporary, placeFile, temporaryNameFor, type FileRules } from '../files/safe-file';
import { bundleFileRules } from './destination';

export interface WrittenFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface OpenEntry {
  write(piece: string | Uint8Array): Promise<void>;
  close(): Promise<WrittenFile>;
}

export interface BundleZipWriter {
  /** One file, written piece by piece; entries are written one after another, never interleaved. */
  open(path: string): OpenEntry;
  /**
   * One file written beside the open one (compressed into a temporary file of its own), joined
   * to the zip when closed, which must be after the open one is closed: two files from one read.
   */
  openAside(path: string): OpenEntry;
  /**
   * One file given whole. Several may be given without waiting (a file no larger than 1 MiB is
   * compressed on libuv's threads meanwhile); they join the zip in the order given, before any
   * file opened after them.
   */
  add(path: string, content: string | Uint8Array): Promise<WrittenFile>;
  /** Finishes the zip and puts it at its final path. */
  finish(): Promise<void>;
  /** Removes what was written; the final path is never touched. */
  abort(): Promise<void>;
}

/** Pieces smaller than this are gathered before compressing: fewer, larger pushes. */
const GATHER_BYTES = 64 * 1024;
/**
 * How far the reading may run ahead of zlib, which deflates on libuv's threads: the library is
 * read and formatted while the bytes before are compressed (two cores), and memory stays bounded.
 */
const AHEAD_BYTES = 1024 * 1024;
/** Compressed bytes are gathered this far before they go to the disk: fewer, larger writes. */
const WRITE_BUFFER_BYTES = 256 * 1024;
/** A file given whole and no larger is deflated in one call, without a stream's set-up and round trips. */
const WHOLE_MAX_BYTES = 1024 * 1024;
/**
 * Deflate level 3 (zlib's fast strategy): about four times faster than the default 6 on a bundle's
 * JSON and CSV, for a zip about 7 % larger (they repeat a lot, so both compress them 15 to 40 times).
 */
const LEVEL = 3;
/** zlib's streams take a stream's options too, though its type does not say so. */
const DEFLATE_OPTIONS: ZlibOptions & Pick<TransformOptions, 'writableHighWaterMark'> = {
  level: LEVEL,
  chunkSize: 64 * 1024,
  writableHighWaterMark: AHEAD_BYTES,
};
const COPY_BYTES = 1024 * 1024;
/** Past this many entries the count goes in a Zip64 end record (a whole library may hold more answers). */
const CLASSIC_MAX_ENTRIES = 0xffff;
/** Offsets and sizes stay below 4 GiB: per-file Zip64 fields are not written. */
const MAX_OFFSET = 0xffffffff;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** Made on Unix, so unzip gives the files ordinary permissions (rw-r--r--). */
const MADE_BY = (3 << 8) | VERSION;
const FILE_MODE = (0o100644 << 16) >>> 0;

interface Compressed {
  crc: number;
  compressedBytes: number;
  file: WrittenFile;
}

interface CentralRecord extends Compressed {
  name: Buffer;
  offset: number;
}

async function writeFully(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

/**
 * Appends bytes to a file through a buffer, counting where it is. Writes go out in order, one
 * after another; bytes still in the buffer can be overwritten in place (an entry's CRC and sizes).
 */
function appender(handle: FileHandle) {
  let buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  let filled = 0;
  /** Where in the file the buffer's first byte goes. */
  let bufferAt = 0;
  let writing: Promise<void> = Promise.resolve();
  const writeAt = (bytes: Uint8Array, position: number): Promise<void> => {
    writing = writing.then(() => writeFully(handle, bytes, position));
    // The caller sees a failure where it awaits; an append that did not wait sees it at the next.
    writing.catch(() => undefined);
    return writing;
  };
  const dispatch = (): Promise<void> => {
    if (filled === 0) return writing;
    const full = buffer.subarray(0, filled);
    const at = bufferAt;
    bufferAt += filled;
    buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
    filled = 0;
    return writeAt(full, at);
  };
  return {
    get position() {
      return bufferAt + filled;
    },
    /**
     * Resolves at once while the bytes fit in the buffer; when it was full, once the disk has it
     * (so at most one buffer waits for the disk). Bytes given whole are not copied: keep them
     * unchanged until this resolves.
     */
    append(bytes: Uint8Array): Promise<void> {
      if (filled + bytes.length <= buffer.length) {
        buffer.set(bytes, filled);
        filled += bytes.length;
        return Promise.resolve();
      }
      const written = dispatch();
      if (bytes.length < buffer.length) {
        buffer.set(bytes, 0);
        filled = bytes.length;
        return written;
      }
      const at = bufferAt;
      bufferAt += bytes.length;
      return writeAt(bytes, at);
    },
    /** Overwrites bytes appended before, on the disk after the write that put them there. */
    patch(offset: number, bytes: Uint8Array): Promise<void> {
      const onDisk = Math.max(0, Math.min(bytes.length, bufferAt - offset));
      if (onDisk < bytes.length) buffer.set(bytes.subarray(onDisk), offset + onDisk - bufferAt);
      return onDisk > 0 ? writeAt(bytes.subarray(0, onDisk), offset) : writing;
    },
    /** Everything appended is on the disk once this resolves. */
    flush: (): Promise<void> => dispatch(),
  };
}

type Appender = ReturnType<typeof appender>;

const bufferOf = (piece: string | Uint8Array): Buffer =>
  typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);

/** Deflates one file into `sink`, hashing and counting the bytes given; `close` settles the CRC and sizes. */
function deflateInto(path: string, sink: (chunk: Buffer) => Promise<void>) {
  const deflate = createDeflateRaw(DEFLATE_OPTIONS);
  const hash = createHash('sha256');
  let crc = 0;
  let bytes = 0;
  let compressedBytes = 0;
  // Text is gathered as text and made bytes once: one conversion for many small pieces.
  let text = '';
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  const pump = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressedBytes += chunk.length;
      await sink(chunk);
    }
  })();
  pump.catch(() => undefined);
  const settleText = () => {
    if (text.length === 0) return;
    const buffer = Buffer.from(text, 'utf8');
    text = '';
    gathered.push(buffer);
    gatheredBytes += buffer.length;
  };
  const push = async () => {
    settleText();
    const chunk = gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered);
    gathered = [];
    gatheredBytes = 0;
    hash.update(chunk);
    bytes += chunk.length;
    crc = crc32(chunk, crc);
    // Waits for the disk when zlib is too far behind, so uncompressed bytes never pile up.
    if (!deflate.write(chunk)) await Promise.race([once(deflate, 'drain'), pump]);
  };
  return {
    async write(piece: string | Uint8Array): Promise<void> {
      if (typeof piece === 'string') {
        text += piece;
        if (text.length < GATHER_BYTES) return;
        settleText();
      } else {
        settleText();
        gathered.push(bufferOf(piece));
        gatheredBytes += piece.byteLength;
      }
      if (gatheredBytes >= GATHER_BYTES) await push();
    },
    async close(): Promise<Compressed> {
      settleText();
      if (gatheredBytes > 0) await push();
      deflate.end();
      await pump;
      return { crc: crc >>> 0, compressedBytes, file: { path, sha256: hash.digest('hex'), bytes } };
    },
    destroy: () => deflate.destroy(),
  };
}

const deflateRawOnThreads = promisify(deflateRaw);

/** A whole file deflated at once on libuv's threads (small files: the answers, the manifest, the README). */
function deflateWhole(path: string, content: Buffer): { compressed: Promise<Buffer>; file: WrittenFile; crc: number } {
  const compressed = deflateRawOnThreads(content, { level: LEVEL });
  compressed.catch(() => undefined);
  return {
    compressed,
    crc: crc32(content) >>> 0,
    file: { path, sha256: createHash('sha256').update(content).digest('hex'), bytes: content.length },
  };
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function localHeader(name: Buffer, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.day, 12);
  // CRC and sizes (offsets 14–25) are filled in once the file is written.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function sizesField(entry: Compressed): Buffer {
  const field = Buffer.alloc(12);
  field.writeUInt32LE(entry.crc, 0);
  field.writeUInt32LE(entry.compressedBytes, 4);
  field.writeUInt32LE(entry.file.bytes, 8);
  return field;
}

function centralRecord(entry: CentralRecord, stamp: { time: number; day: number }): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(VERSION, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(DEFLATE, 10);
  record.writeUInt16LE(stamp.time, 12);
  record.writeUInt16LE(stamp.day, 14);
  sizesField(entry).copy(record, 16);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt32LE(FILE_MODE, 38);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

function endRecord(entries: number, directoryBytes: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(Math.min(entries, CLASSIC_MAX_ENTRIES), 8);
  record.writeUInt16LE(Math.min(entries, CLASSIC_MAX_ENTRIES), 10);
  record.writeUInt32LE(directoryBytes, 12);
  record.writeUInt32LE(directoryOffset, 16);
  return record;
}

/** The Zip64 end record and its locator, for a count the classic end record cannot hold. */
function zip64EndRecords(entries: number, directoryBytes: number, directoryOffset: number, recordOffset: number): Buffer {
  const record = Buffer.alloc(56 + 20);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(directoryBytes), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  record.writeUInt32LE(0x07064b50, 56);
  record.writeBigUInt64LE(BigInt(recordOffset), 64);
  record.writeUInt32LE(1, 72);
  return record;
}

const tooLarge = () =>
  new GleanerError(
    'INVALID_INPUT',
    'This bundle would be larger than 4 GiB, more than Gleaner writes in one zip: bundle a smaller collection or search.',
  );

export async function createBundleZipWriter(
  zipPath: string,
  /** Tests lower it to see the Zip64 end record without writing 65,535 files. */
  classicMaxEntries = CLASSIC_MAX_ENTRIES,
  rules: FileRules = bundleFileRules(null),
): Promise<BundleZipWriter> {
  const temporary = await createTemporary(zipPath, rules, 0o600);
  const { path: temporaryPath, handle } = temporary;
  const out: Appender = appender(handle);
  const stamp = dosDateTime(new Date());
  const central: CentralRecord[] = [];
  /** What removes each file written aside and not yet joined (abort calls them). */
  const asides = new Map<string, () => Promise<void>>();

  const startEntry = async (name: Buffer): Promise<number> => {
    const offset = out.position;
    await out.append(localHeader(name, stamp));
    return offset;
  };
  const endEntry = async (name: Buffer, offset: number, compressed: Compressed): Promise<WrittenFile> => {
    if (out.position > MAX_OFFSET || compressed.file.bytes > MAX_OFFSET) throw tooLarge();
    await out.patch(offset + 14, sizesField(compressed));
    central.push({ ...compressed, name, offset });
    return compressed.file;
  };

  /** The files given whole and not yet in the zip: whatever comes next waits for them. */
  let added: Promise<unknown> = Promise.resolve();
  const open_ = (path: string): OpenEntry => {
    const name = Buffer.from(path, 'utf8');
    const started = added.then(() => startEntry(name));
    started.catch(() => undefined);
    const entry = deflateInto(path, async (chunk) => {
      await started;
      await out.append(chunk);
    });
    return {
      write: async (piece) => {
        await started;
        await entry.write(piece);
      },
      close: async () => endEntry(name, await started, await entry.close()),
    };
  };

  const openAside = (path: string): OpenEntry => {
    const name = Buffer.from(path, 'utf8');
    const asidePath = temporaryNameFor(zipPath);
    const opened = open(asidePath, 'wx+', 0o600).then((asideHandle) => ({ asideHandle, aside: appender(asideHandle) }));
    opened.catch(() => undefined);
    const entry = deflateInto(path, async (chunk) => (await opened).aside.append(chunk));
    const removeAside = async () => {
      await (await opened.catch(() => null))?.asideHandle.close().catch(() => undefined);
      await rm(asidePath, { force: true });
      asides.delete(asidePath);
    };
    asides.set(asidePath, async () => {
      entry.destroy();
      await removeAside();
    });
    return {
      write: async (piece) => {
        await opened;
        await entry.write(piece);
      },
      close: async () => {
        try {
          const compressed = await entry.close();
          const { asideHandle, aside } = await opened;
          await aside.flush();
          const offset = await startEntry(name);
          const buffer = Buffer.alloc(Math.min(COPY_BYTES, Math.max(1, compressed.compressedBytes)));
          for (let at = 0; at < compressed.compressedBytes;) {
            const { bytesRead } = await asideHandle.read(buffer, 0, buffer.length, at);
            if (bytesRead === 0) throw new GleanerError('STORAGE_ERROR', `The bundle's file ${path} was cut short while written.`);
            await out.append(buffer.subarray(0, bytesRead));
            at += bytesRead;
          }
          return await endEntry(name, offset, compressed);
        } finally {
          entry.destroy();
          await removeAside();
        }
      },
    };
  };

  return {
    open: open_,
    openAside,
    add(path, content) {
      const bytes = bufferOf(content);
      let written: Promise<WrittenFile>;
      if (bytes.length > WHOLE_MAX_BYTES) {
        const entry = open_(path);
        written = entry.write(bytes).then(() => entry.close());
      } else {
        const name = Buffer.from(path, 'utf8');
        const whole = deflateWhole(path, bytes);
        written = added.then(async () => {
          const compressed = await whole.compressed;
          const offset = await startEntry(name);
          await out.append(compressed);
          return endEntry(name, offset, { crc: whole.crc, compressedBytes: compressed.length, file: whole.file });
        });
      }
      added = written.catch(() => undefined);
      return written;
    },
    async finish() {
      await added;
      const directoryOffset = out.position;
      for (const entry of central) await out.append(centralRecord(entry, stamp));
      const directoryBytes = out.position - directoryOffset;
      if (out.position > MAX_OFFSET) throw tooLarge();
      if (central.length >= classicMaxEntries)
        await out.append(zip64EndRecords(central.length, directoryBytes, directoryOffset, out.position));
      await out.append(
        endRecord(central.length >= classicMaxEntries ? CLASSIC_MAX_ENTRIES : central.length, directoryBytes, directoryOffset),
      );
      await out.flush();
      await placeFile(temporary, zipPath, rules);
    },
    async abort() {
      await handle.close().catch(() => undefined);
      await rm(temporaryPath, { force: true });
      for (const remove of [...asides.values()]) await remove();
    },
  };
}
