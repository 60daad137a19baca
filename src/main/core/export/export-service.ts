/**
 * Exports started over the bridge: each runs in the background with an id, reports progress as
 * `export.progress` events, and can be cancelled. Where the host can ask the user for a place
 * (the desktop shell's save dialog), the export goes there; otherwise (browser mode) it is staged
 * in the data folder and offered as a download until it expires.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { EXPORT_STAGING_FOLDER_NAME } from '../data-dir';
import { makeFolder, PRIVATE_FOLDER } from '../make-folder';
import { join, relative, resolve, sep } from 'node:path';
import type { Database } from 'better-sqlite3';
import { GleanerError, isGleanerError } from '../../../shared/errors';
import { exportsFolder, type ExportProgress, type ExportRequest, type ExportStarted, type ExportSummary } from '../../../shared/export';
import type { Clock } from '../clock';
import type { EventHub } from '../events';
import type { Logger } from '../log';
import { FORMAT_MODULES } from './formats';
import { cancelledError, MANIFEST_NAME, runExport } from './run-export';
import { zipFiles } from './zip-files';
import { exportFileRules } from './destination-kind';
import { slug } from './text';

/** Asks the user where to save; null when they dismiss the dialog. */
export type ChooseExportDestination = (suggestion: { defaultName: string; folder: boolean; extension: string }) => Promise<string | null>;

export interface ExportDownload {
  path: string;
  fileName: string;
  mediaType: string;
}

/** Something an export writes other than a format of the table (a case bundle): where it goes and how it is made. */
export interface ExportJob {
  defaultName: string;
  folder: boolean;
  extension: string;
  unit: ExportProgress['unit'];
  run(
    outPath: string,
    name: string,
    delivery: ExportStarted['delivery'],
    signal: AbortSignal,
    onProgress: (progress: { done: number; total: number }) => void,
  ): Promise<{ summary: ExportSummary; baseDir: string; downloads: string[]; name?: string }>;
}

export interface ExportService {
  start(request: ExportRequest): Promise<ExportStarted>;
  /** Runs an export job of another kind with the same destination, progress and cancel. */
  startJob(job: ExportJob): Promise<ExportStarted>;
  cancel(exportId: string): { cancelled: boolean };
  /** A finished browser-mode export's file, for the download endpoint; null when unknown. */
  download(exportId: string, path: string): ExportDownload | null;
  /** Resolves when every running export has stopped (hosts call it before closing the library). */
  settle(): Promise<void>;
}

export interface ExportServiceDeps {
  db: Database;
  sqliteNativeBinding?: string;
  dataDir: string;
  clock: Clock;
  events: EventHub;
  log: Logger;
  appVersion: string;
  chooseDestination?: ChooseExportDestination;
}

/** Staged downloads are removed after a day. */
const STAGED_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many progress events a second per export. */
const PROGRESS_INTERVAL_MS = 200;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

interface Finished {
  baseDir: string;
  files: Set<string>;
}

export function suggestedExportName(request: ExportRequest, now: Date): string {
  const scope = request.scope;
  const what =
    scope.kind === 'collection'
      ? slug(scope.name) || 'collection'
      : scope.kind === 'item'
        ? `item-${scope.id}`
        : scope.kind === 'items'
          ? 'selection'
          : scope.kind === 'search'
            ? slug(scope.search.query ?? '') || 'library'
            : 'library';
  const kind = request.transcripts || exportsFolder(request) || ['srt', 'vtt', 'txt'].includes(request.format) ? '-transcripts' : '';
  const date = now.toISOString().slice(0, 10);
  const name = `gleaner-${what}${kind}-${date}`;
  return exportsFolder(request) ? name : `${name}.${FORMAT_MODULES[request.format].extension}`;
}

export function createExportService(deps: ExportServiceDeps): ExportService {
  const running = new Map<string, Running>();
  const finished = new Map<string, Finished>();
  const stagingRoot = join(deps.dataDir, EXPORT_STAGING_FOLDER_NAME);

  async function removeExpiredStaging(): Promise<void> {
    const entries = await readdir(stagingRoot).catch(() => [] as string[]);
    for (const entry of entries) {
      const info = await stat(join(stagingRoot, entry)).catch(() => null);
      if (info && deps.clock.now() - info.mtimeMs > STAGED_TTL_MS && !running.has(entry)) {
        finished.delete(entry);
        await rm(join(stagingRoot, entry), { recursive: true, force: true });
      }
    }
  }

  /**
   * One export in the background, whatever it writes: where it goes (the save dialog, or staged
   * for download), its progress events, cancel, and what a download may fetch afterwards.
   */
  async function launch(job: ExportJob): Promise<ExportStarted> {
    const delivery = deps.chooseDestination ? 'saved' : 'download';
    let outPath: string;
    const exportId = randomUUID();
    if (deps.chooseDestination) {
      const chosen = await deps.chooseDestination({ defaultName: job.defaultName, folder: job.folder, extension: job.extension });
      if (chosen === null) return { exportId: null, delivery };
      outPath = chosen;
    } else {
      await removeExpiredStaging();
      makeFolder(join(stagingRoot, exportId), PRIVATE_FOLDER);
      outPath = join(stagingRoot, exportId, job.defaultName);
    }
    const controller = new AbortController();
    const name = outPath.split(sep).pop() ?? job.defaultName;
    const base: Omit<ExportProgress, 'state' | 'done' | 'total'> = {
      exportId,
      unit: job.unit,
      delivery,
      name: null,
      summary: null,
      downloads: [],
      error: null,
    };
    let lastEmit = 0;
    let last = { done: 0, total: 0 };
    deps.events.emit('export.progress', { ...base, state: 'running', done: 0, total: 0 });
    const done = job
      .run(outPath, name, delivery, controller.signal, (progress) => {
        last = progress;
        const at = deps.clock.now();
        if (at - lastEmit < PROGRESS_INTERVAL_MS) return;
        lastEmit = at;
        deps.events.emit('export.progress', { ...base, state: 'running', done: progress.done, total: progress.total });
      })
      .then(({ summary, baseDir, downloads, name: shownName }) => {
        if (delivery === 'download') finished.set(exportId, { baseDir, files: new Set(downloads) });
        deps.events.emit('export.progress', {
          ...base,
          state: 'done',
          done: last.done,
          total: last.total,
          name: shownName ?? name,
          summary,
          downloads: delivery === 'download' ? downloads : [],
        });
      })
      .catch((error: unknown) => {
        const info = isGleanerError(error)
          ? error.toInfo()
          : new GleanerError('INTERNAL', 'The export stopped because of a problem writing the file. Details are in the log.').toInfo();
        if (!isGleanerError(error)) deps.log.error('export failed', { error: error instanceof Error ? error.message : String(error) });
        const state = info.code === 'CANCELLED' ? 'cancelled' : 'failed';
        deps.events.emit('export.progress', { ...base, state, done: last.done, total: last.total, error: info });
        if (delivery === 'download') void rm(join(stagingRoot, exportId), { recursive: true, force: true });
      })
      .finally(() => running.delete(exportId));
    running.set(exportId, { controller, done });
    return { exportId, delivery };
  }

  return {
    start(request) {
      const now = new Date(deps.clock.now());
      return launch({
        defaultName: suggestedExportName(request, now),
        folder: exportsFolder(request),
        extension: FORMAT_MODULES[request.format].extension,
        unit: request.transcripts || exportsFolder(request) || ['srt', 'vtt', 'txt'].includes(request.format) ? 'segments' : 'items',
        async run(outPath, name, delivery, signal, onProgress) {
          const result = await runExport({
            library: deps.db,
            ...(deps.sqliteNativeBinding ? { nativeBinding: deps.sqliteNativeBinding } : {}),
            request,
            outPath,
            now: () => now,
            appVersion: deps.appVersion,
            signal,
            staged: delivery === 'download',
            onProgress,
          });
          let downloads: string[] = [];
          if (delivery === 'download') {
            downloads = result.files.map((file) => file.path);
            if (request.manifest) downloads.push(MANIFEST_NAME);
            if (exportsFolder(request)) {
              const zipName = `${name}.zip`;
              await zipFiles(
                result.baseDir,
                downloads,
                join(result.baseDir, zipName),
                () => {
                  if (signal.aborted) throw cancelledError();
                },
                exportFileRules(deps.db, 'file', true),
              );
              await rm(join(result.baseDir, name), { recursive: true, force: true });
              downloads = [zipName];
            }
          }
          const { baseDir, ...summary } = result;
          // A file of demo items may have been given a name that says so (run-export.ts): shown as written.
          const written = exportsFolder(request) ? (downloads.length === 1 ? downloads[0]! : name) : (result.files[0]?.path ?? name);
          return { summary, baseDir, downloads, name: written };
        },
      });
    },
    startJob: launch,
    cancel(exportId) {
      const found = running.get(exportId);
      if (!found) return { cancelled: false };
      found.controller.abort();
      return { cancelled: true };
    },
    download(exportId, path) {
      const found = finished.get(exportId);
      if (!found || !found.files.has(path)) return null;
      const full = resolve(found.baseDir, path);
      // The path is one the export itself listed; this guards against a listing gone wrong all the same.
      if (relative(found.baseDir, full).startsWith('..')) return null;
      const fileName = path.split('/').pop() ?? path;
      const extension = fileName.split('.').pop() ?? '';
      const module = Object.values(FORMAT_MODULES).find((candidate) => candidate.extension === extension);
      const mediaType =
        fileName === MANIFEST_NAME
          ? 'text/plain; charset=utf-8'
          : extension === 'zip'
            ? 'application/zip'
            : (module?.mediaType ?? 'application/octet-stream');
      return { path: full, fileName, mediaType };
    },
    async settle() {
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map((entry) => entry.done));
    },
  };
}
