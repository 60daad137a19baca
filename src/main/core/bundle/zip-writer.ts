/**
 * A case bundle's zip, written as it is made: each file is hashed (SHA-256 of its bytes as
 * stored, before compression) and counted while fflate compresses it a chunk at a time, and
 * every compressed chunk is on disk before the next is made, so memory stays flat whatever the
 * bundle holds. The zip is written under a temporary name and renamed only when whole.
 */
import { createHash } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
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
  add(path: string, content: string | Uint8Array): Promise<WrittenFile>;
  /** Finishes the zip and puts it at its final path. */
  finish(): Promise<void>;
  /** Removes what was written; the final path is never touched. */
  abort(): Promise<void>;
}

/** Pieces smaller than this are gathered before compressing: fewer, larger pushes. */
const GATHER_BYTES = 64 * 1024;

export async function createBundleZipWriter(zipPath: string): Promise<BundleZipWriter> {
  // Loaded here, not with the core: fflate builds its tables at load (see export/zip-files).
  const { Zip, ZipDeflate } = await import('fflate');
  const temporaryPath = temporaryNameFor(zipPath);
  const handle: FileHandle = await open(temporaryPath, 'wx', 0o600);
  let writing: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else writing = writing.then(() => handle.write(chunk)).catch((writeError: unknown) => (failure ??= writeError));
  });
  const settle = async () => {
    await writing;
    if (failure) throw failure;
  };

  const open_ = (path: string): OpenEntry => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    const hash = createHash('sha256');
    let bytes = 0;
    let gathered: Buffer[] = [];
    let gatheredBytes = 0;
    const flush = async (final: boolean) => {
      const chunk = gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered);
      gathered = [];
      gatheredBytes = 0;
      entry.push(chunk, final);
      await settle();
    };
    return {
      async write(piece) {
        const buffer =
          typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        hash.update(buffer);
        bytes += buffer.length;
        gathered.push(buffer);
        gatheredBytes += buffer.length;
        if (gatheredBytes >= GATHER_BYTES) await flush(false);
      },
      async close() {
        await flush(true);
        return { path, sha256: hash.digest('hex'), bytes };
      },
    };
  };

  return {
    open: open_,
    async add(path, content) {
      const entry = open_(path);
      await entry.write(content);
      return entry.close();
    },
    async finish() {
      zip.end();
      await settle();
      await handle.sync();
      await handle.close();
      await rename(temporaryPath, zipPath);
    },
    async abort() {
      zip.terminate();
      await handle.close().catch(() => undefined);
      await rm(temporaryPath, { force: true });
    },
  };
}
