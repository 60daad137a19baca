/**
 * A case bundle's zip, written as it is made: each file is hashed (SHA-256 of its bytes as
 * stored, before compression) and counted while node's zlib deflates it (native, several times
 * faster than a JavaScript deflate), and compressed bytes reach the disk as they come, so memory
 * stays flat whatever the bundle holds. Each entry's header is written first and its CRC and
 * sizes filled in once known, so every reader finds them in the header (no data descriptors).
 * The zip is written under a temporary name and renamed only when whole.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { GleanerError } from '../../../shared/errors';
import { temporaryNameFor } from '../export/atomic-file';

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
  add(path: string, content: string | Uint8Array): Promise<WrittenFile>;
  /** Finishes the zip and puts it at its final path. */
  finish(): Promise<void>;
  /** Removes what was written; the final path is never touched. */
  abort(): Promise<void>;
}

/** Pieces smaller than this are gathered before compressing: fewer, larger pushes. */
const GATHER_BYTES = 64 * 1024;
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

/** Appends bytes to a file, counting where it is. */
function appender(handle: FileHandle) {
  let position = 0;
  return {
    get position() {
      return position;
    },
    async append(bytes: Uint8Array): Promise<void> {
      let done = 0;
      while (done < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
        done += bytesWritten;
      }
      position += bytes.length;
    },
  };
}

type Appender = ReturnType<typeof appender>;

/** Deflates one file into `sink`, hashing and counting the bytes given; `close` settles the CRC and sizes. */
function deflateInto(path: string, sink: (chunk: Buffer) => Promise<void>) {
  const deflate = createDeflateRaw({ level: 6, chunkSize: 64 * 1024 });
  const hash = createHash('sha256');
  let crc = 0;
  let bytes = 0;
  let compressedBytes = 0;
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  const pump = (async () => {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressedBytes += chunk.length;
      await sink(chunk);
    }
  })();
  pump.catch(() => undefined);
  const push = async () => {
    const chunk = gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered);
    gathered = [];
    gatheredBytes = 0;
    crc = crc32(chunk, crc);
    // Waits for the disk when zlib's buffer is full, so compressed bytes never pile up.
    if (!deflate.write(chunk)) await Promise.race([once(deflate, 'drain'), pump]);
  };
  return {
    async write(piece: string | Uint8Array): Promise<void> {
      const buffer = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      hash.update(buffer);
      bytes += buffer.length;
      gathered.push(buffer);
      gatheredBytes += buffer.length;
      if (gatheredBytes >= GATHER_BYTES) await push();
    },
    async close(): Promise<Compressed> {
      if (gatheredBytes > 0) await push();
      deflate.end();
      await pump;
      return { crc: crc >>> 0, compressedBytes, file: { path, sha256: hash.digest('hex'), bytes } };
    },
    destroy: () => deflate.destroy(),
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
): Promise<BundleZipWriter> {
  const temporaryPath = temporaryNameFor(zipPath);
  const handle = await open(temporaryPath, 'wx', 0o600);
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
    const field = sizesField(compressed);
    await handle.write(field, 0, field.length, offset + 14);
    central.push({ ...compressed, name, offset });
    return compressed.file;
  };

  const open_ = (path: string): OpenEntry => {
    const name = Buffer.from(path, 'utf8');
    const started = startEntry(name);
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
          const { asideHandle } = await opened;
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
    async add(path, content) {
      const entry = open_(path);
      await entry.write(content);
      return entry.close();
    },
    async finish() {
      const directoryOffset = out.position;
      for (const entry of central) await out.append(centralRecord(entry, stamp));
      const directoryBytes = out.position - directoryOffset;
      if (out.position > MAX_OFFSET) throw tooLarge();
      if (central.length >= classicMaxEntries)
        await out.append(zip64EndRecords(central.length, directoryBytes, directoryOffset, out.position));
      await out.append(
        endRecord(central.length >= classicMaxEntries ? CLASSIC_MAX_ENTRIES : central.length, directoryBytes, directoryOffset),
      );
      await handle.sync();
      await handle.close();
      await rename(temporaryPath, zipPath);
    },
    async abort() {
      await handle.close().catch(() => undefined);
      await rm(temporaryPath, { force: true });
      for (const remove of [...asides.values()]) await remove();
    },
  };
}
