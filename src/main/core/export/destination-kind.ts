/**
 * What an export and the files beside it may be written over, in the export's words. The rules
 * themselves are the one way of writing a file (files/safe-file.ts): only nothing, a regular file
 * with one name, or (for a folder export) a folder; never the library's own files.
 */
import type { BigIntStats } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { GleanerError } from '../../../shared/errors';
import { describeFileKind } from '../files/file-kind';
import { libraryFileRefusal } from '../files/library-files';
import { entryAt, hardLinkRefusal, kindRefusal, type FileRules } from '../files/safe-file';

export { describeFileKind };

/** What is written at a place: the export's file or folder, or a file beside it. */
export type ExportRole = 'file' | 'folder' | 'manifest' | 'change history';

const KIND_REFUSALS: Readonly<Record<ExportRole, string>> = {
  file: 'an export is written only to a new file or over a regular file. Choose another place to save it.',
  folder:
    'this format writes one file per transcript into a folder, so give a folder that does not exist yet or is empty. Choose another place to save it.',
  manifest: 'the manifest is written only as a new file or over a regular file. Choose another place to save the export.',
  'change history': 'the change history is written only as a new file or over a regular file. Choose another place to save the export.',
};

/**
 * The rules a file of an export is written under. `staged`: the place is browser mode's staging
 * folder, which lies in the data folder on purpose.
 */
export function exportFileRules(library: Database | null, role: ExportRole, staged = false): FileRules {
  const onDisk = library !== null && !library.memory && library.name !== '' && library.name !== ':memory:';
  return {
    what: 'export',
    kindRefusal: KIND_REFUSALS[role],
    library: onDisk ? { databasePath: library.name, staged } : null,
  };
}

/** The refusal of an entry that may not be written over, in the words of its role; null when it may (a folder is the caller's to word). */
export function unwritableKindError(path: string, info: BigIntStats, role: ExportRole): GleanerError | null {
  const sideFile = role === 'manifest' || role === 'change history';
  if (sideFile && info.isDirectory())
    return new GleanerError('INVALID_INPUT', `${path} is ${describeFileKind(info)}; ${KIND_REFUSALS[role]}`);
  return kindRefusal(path, info, KIND_REFUSALS[role]) ?? hardLinkRefusal(path, info, 'export');
}

/**
 * Refuses the place of an export (or of a file beside it) that is the library's, or where lstat
 * finds anything but nothing, a regular file with one name, or a folder. A folder where one file
 * goes (and a file where a folder goes) is left to the caller, which says what to give instead; a
 * folder where a file beside the export goes is refused here.
 */
export async function checkExportPlace(path: string, role: ExportRole, library: Database | null, staged = false): Promise<void> {
  const rules = exportFileRules(library, role, staged);
  const existing = await entryAt(path);
  const refusal =
    (rules.library && (await libraryFileRefusal(path, existing, rules.library, 'the export'))) ||
    (existing && unwritableKindError(path, existing, role));
  if (refusal) throw refusal;
}
