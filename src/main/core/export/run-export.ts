/**
 * Runs one export: resolves the scope, streams records from SQLite through the format's writer
 * to disk, reports progress, stops cleanly when cancelled, and writes the manifest. Nothing
 * appears under the chosen name until everything under it is complete.
 */
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { ReadableDB } from '../store/write-transaction';
import { GleanerError } from '../../../shared/errors';
import { SUBTITLE_FORMATS, exportsFolder, exportsTranscripts, type ExportRequest, type ExportSummary } from '../../../shared/export';
import { canonicalLanguage, languageLabel } from '../../../shared/language';
import {
  checkParentFolder,
  entryAt,
  moveIntoPlace,
  openSafeFile,
  removeAbandonedTemporaries,
  syncFolder,
  temporaryNameFor,
  type SafeFile,
} from '../files/safe-file';
import { writeError } from '../files/write-errors';
import { checkExportPlace, exportFileRules, unwritableKindError } from './destination-kind';
import { FORMAT_MODULES } from './formats';
import type { ExportContext, FormatModule, TranscriptWriter } from './formats/types';
import { createExportQueries, type ExportItem, type ExportQueries, type ExportTranscript } from '../store/export-records';
import { createScopeTable, openExportReader } from '../store/export-scope';
import { MANIFEST_NAME, writeManifest } from './manifest';
import { changeHistoryName, writeChangeHistory } from './change-history';
import { slug } from './text';
import { demoFileName } from '../../../shared/demo';
import { cancelledError, destinationError, diskFullError } from './export-errors';
import { recordExport } from '../custody/record';

export { MANIFEST_NAME, cancelledError, destinationError, diskFullError };

export interface RunExportOptions {
  library: Database;
  nativeBinding?: string;
  request: ExportRequest;
  /** The file to write, or the folder for one file per transcript (see `exportsFolder`). */
  outPath: string;
  now(): Date;
  appVersion: string;
  /** The zone of the local-time columns (default: this machine's). */
  timeZone?: string;
  signal?: AbortSignal;
  /** The place is browser mode's staging folder (in the data folder on purpose), not one a person chose. */
  staged?: boolean;
  onProgress?(progress: { done: number; total: number; unit: 'items' | 'segments' }): void;
}

export interface ExportResult extends ExportSummary {
  /** The folder the files' paths are relative to (where the manifest goes). */
  baseDir: string;
}

const PROGRESS_EVERY = 1000;

/** "English (en), French (fr)": each language once, as a person reads it. */
const namedLanguages = (languages: readonly (string | null)[]): string =>
  [...new Set(languages.map((language) => (language ? languageLabel(language) : 'language not stated')))].join(', ');

/** A subtitle file of several transcripts (English, then Japanese…) would not be a subtitle file. */
function oneTranscriptOnly(languages: readonly (string | null)[]): void {
  if (languages.length <= 1) return;
  const named = namedLanguages(languages);
  throw new GleanerError(
    'INVALID_INPUT',
    `This item has ${languages.length} transcripts (${named}) and a subtitle file holds one: choose its language (--language in the CLI, or the language in the export dialog).`,
  );
}

export async function runExport(options: RunExportOptions): Promise<ExportResult> {
  const { request } = options;
  let { outPath } = options;
  const module = FORMAT_MODULES[request.format];
  const transcripts = exportsTranscripts(request);
  if (transcripts && !module.transcripts) throw new GleanerError('INVALID_INPUT', `The ${request.format} format cannot hold transcripts.`);
  if (!transcripts && !module.items) {
    throw new GleanerError(
      'INVALID_INPUT',
      `The ${request.format} format holds transcripts only; export items as csv, csv-data, xlsx, md, json or jsonl.`,
    );
  }
  if (!transcripts && request.language !== undefined) {
    throw new GleanerError(
      'INVALID_INPUT',
      `A language picks transcripts, and this ${request.format} export holds items only: add --transcripts (Transcripts, in the export dialog), or leave the language out.`,
    );
  }
  const folder = exportsFolder(request);
  checkOutName(outPath, request);
  const staged = options.staged === true;
  const intoExistingFolder = await checkDestination(outPath, folder, request, options.library, staged);
  const rulesFor = (role: Parameters<typeof exportFileRules>[1]) => exportFileRules(options.library, role, staged);
  await module.load?.();

  const reader = openExportReader(options.library, options.nativeBinding);
  reader.beginSnapshot();
  const scope = (() => {
    try {
      return createScopeTable(reader.db, request.scope);
    } catch (error) {
      reader.close();
      throw error;
    }
  })();
  const context: ExportContext = {
    scope: request.scope,
    scopeLabel: scope.label,
    exportedAt: options.now().toISOString(),
    timeZone: options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    appVersion: options.appVersion,
  };
  // Asked as a code or a name ("en", "English"): the library keeps one spelling.
  const queries = createExportQueries(
    reader.db,
    scope.name,
    request.language === undefined ? undefined : canonicalLanguage(request.language),
  );
  if (module.demoInFileName && !folder && queries.hasDemoItems()) {
    const named = demoNamed(outPath, module.extension);
    if (named !== outPath) {
      try {
        await checkDestination(named, folder, request, options.library, staged);
      } catch (error) {
        scope.drop();
        reader.endSnapshot();
        reader.close();
        throw error;
      }
      outPath = named;
      options = { ...options, outPath };
    }
  }
  const baseDir = dirname(outPath);
  // A folder export is written aside and moved in whole. Into a folder the user already has, the
  // files are staged inside it, so that its parent need not be writable (the root of a USB stick)
  // and the folder keeps its own permissions; a new folder is staged beside where it will be.
  const stage = !folder ? null : intoExistingFolder ? temporaryNameFor(join(outPath, basename(outPath))) : temporaryNameFor(outPath);
  const opened = new Set<SafeFile>();
  const checkCancelled = (): void => {
    if (options.signal?.aborted) throw cancelledError();
  };
  try {
    if (stage)
      await mkdir(stage).catch((error: unknown) => {
        throw destinationError(error, outPath);
      });
    const summary: ExportSummary = { files: [], items: 0, transcripts: 0, segments: 0, skipped: [] };
    const openFile = async (path: string): Promise<SafeFile> => {
      const file = await openSafeFile(path, {
        rules: rulesFor('file'),
        hash: request.manifest,
        byteOrderMark: module.byteOrderMark,
        shownAs: outPath,
      });
      opened.add(file);
      return file;
    };
    const closeFile = async (file: SafeFile, relativePath: string): Promise<void> => {
      const { bytes, sha256 } = await file.commit();
      opened.delete(file);
      summary.files.push({ path: relativePath, bytes, ...(sha256 ? { sha256 } : {}) });
    };

    if (transcripts) {
      if (!folder && SUBTITLE_FORMATS.includes(request.format)) oneTranscriptOnly(queries.transcriptLanguages());
      const filtered =
        request.language === undefined
          ? {}
          : {
              askedLanguage: request.language === '' ? 'no stated language' : request.language,
              languagesIgnoringFilter: () => createExportQueries(reader.db, scope.name).transcriptLanguages(),
            };
      await writeTranscripts({ module, context, queries, options, summary, openFile, closeFile, checkCancelled, stage, ...filtered });
    } else {
      await writeItems({ module, context, queries, options, summary, openFile, closeFile, checkCancelled });
    }

    if (stage) {
      // The last moment to take the folder back. A single file was checked before it was saved:
      // once under its name it stays, and the export is done, whenever a cancel arrives.
      checkCancelled();
      if (intoExistingFolder) {
        // Each under a new name: what appeared there meanwhile is looked at, as for any file.
        for (const entry of await readdir(stage)) await moveIntoPlace(join(stage, entry), join(outPath, entry), rulesFor('file'));
        await rmdir(stage);
        await syncFolder(outPath);
      } else {
        await moveFolderIntoPlace(stage, outPath);
        await syncFolder(baseDir);
        await removeAbandonedTemporaries(outPath);
      }
    }
    if (request.changeHistory) {
      summary.files.push(await writeChangeHistory(reader.db, scope.name, baseDir, outPath, rulesFor('change history')));
    }
    if (request.manifest) await writeManifest(baseDir, summary.files, rulesFor('manifest'));
    // The files are saved: a custody entry that cannot be written (the library's disk full or
    // locked) is said beside them, not turned into a failed export that left its files behind.
    try {
      recordExport(options.library as ReadableDB, request, outPath, summary, context.exportedAt, queries.hasDemoItems());
    } catch (error) {
      summary.custodyProblem = `The export was saved, but the custody log could not record it: ${error instanceof Error ? error.message : String(error)}`;
    }
    return { ...summary, baseDir };
  } catch (error) {
    for (const file of opened) await file.abort();
    if (stage) await rm(stage, { recursive: true, force: true });
    throw writeError(error, outPath);
  } finally {
    scope.drop();
    reader.endSnapshot();
    reader.close();
  }
}

/**
 * Refuses, from the name alone, an --out the export would misuse: a name ending in a path
 * separator for a one-file format (the file would quietly take the folder's name), and the
 * manifest's own name when a manifest is asked for (the manifest would be written over the export).
 * Hosts that tidy the path (the CLI resolves it, which drops a trailing separator) check the name
 * as the user gave it.
 */
export function checkOutName(out: string, request: Pick<ExportRequest, 'format' | 'scope' | 'manifest'>): void {
  const extension = FORMAT_MODULES[request.format].extension;
  if (!exportsFolder(request) && (out.endsWith('/') || out.endsWith(sep))) {
    throw new GleanerError(
      'INVALID_INPUT',
      `${out} names a folder (it ends with ${out.slice(-1)}), but the ${request.format} format writes one file: give the file’s name, such as ${out}export.${extension}.`,
    );
  }
  // Compared without case: on macOS and Windows the two names would be one file.
  if (request.manifest && basename(out).toLowerCase() === MANIFEST_NAME) {
    throw new GleanerError(
      'INVALID_INPUT',
      `The manifest is written as ${MANIFEST_NAME} beside the export, so the export cannot take that name; choose another place to save it.`,
    );
  }
}

/** Refuses a destination the export would misuse; says whether it is a folder that is already there. */
async function checkDestination(
  outPath: string,
  folder: boolean,
  request: ExportRequest,
  library: Database,
  staged: boolean,
): Promise<boolean> {
  await checkParentFolder(outPath);
  await checkExportPlace(outPath, folder ? 'folder' : 'file', library, staged);
  // The files beside it are refused now too, before anything is written.
  if (request.manifest) await checkExportPlace(join(dirname(outPath), MANIFEST_NAME), 'manifest', library, staged);
  if (request.changeHistory) await checkExportPlace(join(dirname(outPath), changeHistoryName(outPath)), 'change history', library, staged);
  const existing = await stat(outPath).catch(() => null);
  if (folder) {
    if (existing && !existing.isDirectory()) throw aFileWhereAFolderGoes(outPath);
    // What an export killed midway left inside goes first: it is Gleaner's, not the user's.
    if (existing) await removeAbandonedTemporaries(join(outPath, basename(outPath)));
    const entries = existing
      ? await readdir(outPath).catch((error: unknown) => {
          throw destinationError(error, outPath, outPath);
        })
      : [];
    if (entries.length > 0) throw notEmpty(outPath);
    return existing !== null;
  }
  if (existing?.isDirectory()) {
    throw new GleanerError('INVALID_INPUT', `${outPath} is a folder; give the name of the file to write.`);
  }
  return false;
}

const aFileWhereAFolderGoes = (outPath: string): GleanerError =>
  new GleanerError(
    'INVALID_INPUT',
    `${outPath} is a file; this format writes one file per transcript, so give a folder that does not exist yet or is empty.`,
  );

const notEmpty = (outPath: string): GleanerError =>
  new GleanerError('INVALID_INPUT', `The folder ${outPath} is not empty; give a new or empty folder so no file of yours is overwritten.`);

/**
 * Renames the staged folder to its name, which was free when the export began: what took the
 * name meanwhile is refused (a rename would replace an empty folder only, but also a link).
 */
async function moveFolderIntoPlace(stage: string, outPath: string): Promise<void> {
  const there = await entryAt(outPath);
  if (there) {
    const refusal = unwritableKindError(outPath, there, 'folder');
    if (refusal) throw refusal;
    if (!there.isDirectory()) throw aFileWhereAFolderGoes(outPath);
  }
  await rename(stage, outPath).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOTEMPTY' || error.code === 'EEXIST' ? notEmpty(outPath) : writeError(error, outPath);
  });
}

interface WriteStep {
  module: FormatModule;
  context: ExportContext;
  queries: ExportQueries;
  options: RunExportOptions;
  summary: ExportSummary;
  openFile(path: string): Promise<SafeFile>;
  closeFile(file: SafeFile, relativePath: string): Promise<void>;
  checkCancelled(): void;
}

async function writeItems(step: WriteStep): Promise<void> {
  const { module, context, queries, options, summary } = step;
  const total = queries.countItems({ withTranscriptsOnly: false });
  const file = await step.openFile(options.outPath);
  const writer = module.items!(context, file);
  await file.write(writer.begin());
  let index = 0;
  for (const item of queries.items({ withTranscriptsOnly: false })) {
    const written = writer.item(item, index);
    if (written !== '') await file.write(written);
    index += 1;
    if (index % PROGRESS_EVERY === 0) {
      step.checkCancelled();
      await writer.settled?.();
      options.onProgress?.({ done: index, total, unit: 'items' });
    }
  }
  await file.write(writer.end());
  await writer.settled?.();
  await writeSources(step, file, false);
  step.checkCancelled();
  summary.items = index;
  await step.closeFile(file, basename(options.outPath));
  options.onProgress?.({ done: index, total, unit: 'items' });
}

/** Markdown's closing Sources list: a second pass over the same items. */
async function writeSources(step: WriteStep, file: SafeFile, withTranscriptsOnly: boolean): Promise<void> {
  const sources = step.module.sources?.(step.context);
  if (!sources) return;
  await file.write(sources.begin());
  let index = 0;
  for (const item of step.queries.items({ withTranscriptsOnly })) {
    await file.write(sources.item(item, index));
    index += 1;
    if (index % PROGRESS_EVERY === 0) step.checkCancelled();
  }
}

interface TranscriptStep extends WriteStep {
  stage: string | null;
  /** The language asked for, as the user wrote it, and the scope's transcript languages regardless of it. */
  askedLanguage?: string;
  languagesIgnoringFilter?: () => (string | null)[];
}

async function writeTranscripts(step: TranscriptStep): Promise<void> {
  const { module, context, queries, options, summary, stage } = step;
  const single = stage === null;
  const everyItem = single && module.transcriptsWithEveryItem === true;
  // An empty subtitle or transcript file would look like a failed export; say why instead.
  if (queries.countSegmentRows() === 0) {
    // Asked for one language, the items may well have transcripts in others: say which.
    const others = step.languagesIgnoringFilter?.() ?? [];
    if (others.length > 0) {
      throw new GleanerError(
        'NOT_FOUND',
        `None of these items has a transcript in ${step.askedLanguage}. Their transcripts are in: ${namedLanguages(others)}. Choose one of those, or all languages.`,
      );
    }
    throw new GleanerError(
      'NOT_FOUND',
      'None of these items has a transcript to export. Fetch one first (item detail → Fetch transcript), or export the items instead.',
    );
  }
  // A subtitle file holds timed cues only: untimed transcripts are skipped, and with nothing else
  // to write the file (or folder) would be empty.
  if (SUBTITLE_FORMATS.includes(module.format) && queries.countTimedSegments() === 0) {
    const one = context.scope.kind === 'item';
    throw new GleanerError(
      'NOT_FOUND',
      `${one ? 'This item’s transcript has' : 'The transcripts of these items have'} no timings, so there are no ${module.format} cues to write: export ${one ? 'it' : 'them'} as txt (or md or json), which keep a transcript’s text without timings.`,
    );
  }
  const total = everyItem ? queries.countSegmentRows({ everyItem }) : queries.countSegmentRows();
  const usedNames = new Set<string>();
  let file: SafeFile | null = single ? await step.openFile(options.outPath) : null;
  // A binary format's bytes go to whichever file is open.
  const writer: TranscriptWriter = module.transcripts!(context, { write: (bytes) => file!.write(bytes) });
  let fileName = basename(options.outPath);
  if (file) await file.write(writer.begin());

  let itemId: number | null = null;
  let item: ExportItem | null = null;
  let itemOpen = false;
  let transcriptId: number | null = null;
  let transcriptOpen = false;
  let done = 0;

  const closeTranscript = async (): Promise<void> => {
    if (!transcriptOpen) return;
    transcriptOpen = false;
    await file!.write(writer.endTranscript());
    if (!single) {
      await file!.write(writer.endItem());
      await file!.write(writer.end());
      await step.closeFile(file!, `${basename(options.outPath)}/${fileName}`);
      file = null;
    }
  };
  const closeItem = async (): Promise<void> => {
    await closeTranscript();
    if (itemOpen && single) await file!.write(writer.endItem());
    itemOpen = false;
  };
  const openTranscript = async (transcript: ExportTranscript, of: ExportItem): Promise<void> => {
    if (!single) {
      fileName = uniqueName(usedNames, transcriptFileName(of, transcript, module.extension, module.demoInFileName === true));
      file = await step.openFile(join(stage!, fileName));
      await file.write(writer.begin());
      await file.write(writer.startItem(of));
    } else if (!itemOpen) {
      await file!.write(writer.startItem(of));
    }
    if (!itemOpen) summary.items += 1;
    itemOpen = true;
    transcriptOpen = true;
    summary.transcripts += 1;
    await file!.write(writer.startTranscript(transcript, of));
  };

  for (const [rowItemId, rowTranscriptId, number, startMs, endMs, text] of queries.segmentRows({ everyItem })) {
    if (rowItemId !== itemId) {
      await closeItem();
      itemId = rowItemId;
      item = queries.item(rowItemId);
    }
    if (rowTranscriptId === null) {
      // An item without a transcript, in a document that lists every item.
      await file!.write(writer.startItem(item!));
      summary.items += 1;
      itemOpen = true;
    } else if (rowTranscriptId !== transcriptId) {
      await closeTranscript();
      transcriptId = rowTranscriptId;
      const transcript = queries.transcript(rowTranscriptId);
      const refusal = writer.refuses?.(transcript) ?? null;
      if (refusal) summary.skipped.push({ itemId: rowItemId, language: transcript.language, reason: refusal });
      else await openTranscript(transcript, item!);
    }
    if (transcriptOpen && number !== null) {
      // Most segments only join the writer's batch; awaiting nothing for each would cost more than the row.
      const written = writer.segment({ number, startMs: startMs!, endMs, text: text ?? '' });
      if (written !== '') await file!.write(written);
      summary.segments += 1;
    }
    done += 1;
    if (done % PROGRESS_EVERY === 0) {
      step.checkCancelled();
      await writer.settled?.();
      options.onProgress?.({ done, total, unit: 'segments' });
    }
  }
  await closeItem();
  if (single) {
    await file!.write(writer.end());
    await writer.settled?.();
    await writeSources(step, file!, !everyItem);
    step.checkCancelled();
    await step.closeFile(file!, fileName);
  }
  options.onProgress?.({ done, total, unit: 'segments' });
}

/** `123-harbour-flooding-explained.en.srt`: the item id first, so names stay unique and sort by item. */
function transcriptFileName(item: ExportItem, transcript: ExportTranscript, extension: string, demoInName: boolean): string {
  const title = slug(item.title ?? item.nativeId ?? '') || item.platform;
  const language = transcript.language ? slug(transcript.language, 20) : '';
  const name = `${item.id}-${title}${language ? `.${language}` : ''}`;
  return demoInName && item.demo ? demoFileName(name, extension) : `${name}.${extension}`;
}

/**
 * A file of a format with no place for the demo mark, holding demo items, says so in its name:
 * `clip.srt` is written as `clip-demo.srt` (a name that says it already is kept).
 */
function demoNamed(path: string, extension: string): string {
  const name = basename(path);
  const suffix = `.${extension}`;
  const stem = name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : name;
  if (/-demo$/i.test(stem)) return path;
  return join(dirname(path), demoFileName(stem, extension));
}

function uniqueName(used: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n += 1) candidate = name.replace(/(\.[a-z0-9]+)$/, `-${n}$1`);
  used.add(candidate);
  return candidate;
}
