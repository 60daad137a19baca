import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportedFile } from '../../../shared/export';
import { readRegularFileIfAny, writeSafeFile, type FileRules } from '../files/safe-file';

export const MANIFEST_NAME = 'manifest.sha256';

/**
 * Writes the export's files into `manifest.sha256` (`sha256sum` format: the hash, two spaces, the
 * path relative to the manifest's folder), keeping what an earlier export into the same
 * folder listed there (its files are evidence too): an entry for a file written again takes the
 * new hash, an entry whose file is gone is dropped, and lines that are not entries stay as they were.
 */
export async function writeManifest(baseDir: string, files: readonly ExportedFile[], rules: FileRules): Promise<void> {
  const fresh = new Map(files.map((file) => [file.path, file.sha256!]));
  const kept: string[] = [];
  const earlier = await readRegularFileIfAny(join(baseDir, MANIFEST_NAME));
  for (const line of earlier.split('\n')) {
    if (line === '') continue;
    const entry = line.match(/^[0-9a-f]{64} [ *](.+)$/);
    if (!entry) kept.push(line);
    else if (
      !fresh.has(entry[1]!) &&
      (await stat(join(baseDir, entry[1]!)).then(
        () => true,
        () => false,
      ))
    )
      kept.push(line);
  }
  const lines = [...kept, ...files.map((file) => `${file.sha256!}  ${file.path}`)].map((line) => `${line}\n`).join('');
  await writeSafeFile(join(baseDir, MANIFEST_NAME), lines, rules);
}
