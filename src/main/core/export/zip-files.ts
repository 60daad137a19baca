/**
 * Browser mode's delivery of a folder export: one zip the browser downloads once, holding the
 * folder's files under their folder and the manifest beside it, as on a desktop. So that unzipped,
 * `sha256sum -c manifest.sha256` checks every file by the path it lists, and a collection of
 * 200 transcripts is one download, not 200 that a browser blocks or asks about one by one.
 *
 * Files are read and compressed a chunk at a time (fflate's streaming zip), so memory stays flat
 * whatever the folder holds. The zip is written under a temporary name and renamed when whole.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporary, placeFile, type FileRules } from '../files/safe-file';
import { exportFileRules } from './destination-kind';

/**
 * Zips `paths` (relative to `baseDir`, `/`-separated, kept as the entries' names) into
 * `zipPath`, the safe way (files/safe-file.ts). Rejects, leaving nothing behind, when a file
 * cannot be read or written, or when `checkCancelled` throws.
 */
export async function zipFiles(
  baseDir: string,
  paths: readonly string[],
  zipPath: string,
  checkCancelled: () => void = () => undefined,
  rules: FileRules = exportFileRules(null, 'file'),
): Promise<void> {
  // Loaded here, not with the core: fflate builds its tables at load (some 15 ms), which every
  // CLI command paid though only a browser-mode folder export zips.
  const { Zip, ZipDeflate } = await import('fflate');
  const temporary = await createTemporary(zipPath, rules, 0o600);
  const { handle } = temporary;
  // fflate hands over compressed chunks from inside push(); they are written in order, one after another.
  let writing: Promise<unknown> = Promise.resolve();
  let failure: unknown = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else writing = writing.then(() => handle.write(chunk)).catch((writeError: unknown) => (failure ??= writeError));
  });
  try {
    for (const path of paths) {
      const entry = new ZipDeflate(path, { level: 6 });
      zip.add(entry);
      for await (const chunk of createReadStream(join(baseDir, ...path.split('/')))) {
        checkCancelled();
        entry.push(chunk as Uint8Array);
        await writing;
        if (failure) throw failure;
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
    await writing;
    if (failure) throw failure;
    await placeFile(temporary, zipPath, rules);
  } catch (error) {
    zip.terminate();
    await handle.close().catch(() => undefined);
    await rm(temporary.path, { force: true });
    throw error;
  }
}
