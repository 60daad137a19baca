/**
 * Reads a case bundle's zip front to back as a stream (fflate's Unzip), handing each file over
 * whole, with the SHA-256 of its bytes, once it is decompressed. The handler is awaited before
 * more of the zip is read, so a large bundle is never in memory at once; only one file is.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { GleanerError } from '../../../shared/errors';

export interface ZipFileRead {
  path: string;
  data: Buffer;
  sha256: string;
}

/** Largest single file a bundle may hold once decompressed (a zip bomb stops here). */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

/**
 * `root`: a folder the bundle's files stand in (a bundle unzipped and zipped again as its folder,
 * `zip -r case.zip case/`); it is taken off their paths. Files outside it keep their paths.
 */
export async function readZipFiles(
  zipPath: string,
  onFile: (file: ZipFileRead) => void | Promise<void>,
  options: { root?: string } = {},
): Promise<void> {
  const root = options.root ?? '';
  const { Unzip, UnzipInflate } = await import('fflate');
  const ready: ZipFileRead[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    const hash = createHash('sha256');
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) {
        failure ??= error;
        return;
      }
      size += chunk.length;
      if (size > MAX_FILE_BYTES) {
        failure ??= new GleanerError('INVALID_INPUT', `The bundle's file ${file.name} is larger than a bundle file may be.`);
        file.terminate();
        return;
      }
      hash.update(chunk);
      chunks.push(chunk);
      if (!final) return;
      // A folder entry (what `zip -r` adds for answers/, media/) holds nothing to check.
      if (size === 0 && file.name.endsWith('/')) return;
      const path = root && file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
      ready.push({ path, data: Buffer.concat(chunks), sha256: hash.digest('hex') });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const drain = async () => {
    while (ready.length > 0) await onFile(ready.shift()!);
  };
  let stream;
  try {
    stream = createReadStream(zipPath);
    for await (const chunk of stream) {
      unzip.push(chunk as Uint8Array);
      if (failure) throw failure;
      await drain();
    }
    unzip.push(new Uint8Array(0), true);
    if (failure) throw failure;
    await drain();
  } catch (error) {
    stream?.destroy();
    if (error instanceof GleanerError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new GleanerError('NOT_FOUND', `There is no file at ${zipPath}.`);
    throw new GleanerError(
      'INVALID_INPUT',
      `${zipPath} cannot be read as a zip file (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}
