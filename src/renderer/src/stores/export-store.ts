/**
 * The Export dialog's state: what is being exported, the running export's progress (from
 * `export.progress` events), and, in browser mode, the downloads of the finished files.
 */
import { create } from 'zustand';
import {
  SUBTITLE_FORMATS,
  exportDownloadPath,
  exportsTranscripts,
  type ExportFormat,
  type ExportProgress,
  type ExportScope,
} from '../../../shared/export';
import { errorText } from '../lib/errors';
import { bridge } from '../transport';

export interface ExportTarget {
  scope: ExportScope;
  /** What the dialog says is being exported: "12 selected items", "the collection “Harbour”". */
  description: string;
  /** One item's transcript languages ("" when unstated), so its dialog can offer the choice. */
  transcriptLanguages?: string[];
}

/** The languages a dialog offers, when there is a choice; subtitle formats hold one transcript each. */
export function languageChoice(
  target: ExportTarget,
  options: ExportOptions,
): { languages: string[]; allowAll: boolean; chosen: string | null } | null {
  const languages = [...new Set(target.transcriptLanguages ?? [])];
  if (languages.length < 2 || !exportsTranscripts(options)) return null;
  const allowAll = !SUBTITLE_FORMATS.includes(options.format);
  const chosen = options.language !== null && languages.includes(options.language) ? options.language : allowAll ? null : languages[0]!;
  return { languages, allowAll, chosen };
}

export interface ExportOptions {
  format: ExportFormat;
  transcripts: boolean;
  manifest: boolean;
  /** Only this language's transcripts; null: all of them. */
  language: string | null;
  /** Also the exported items' change history (watches), as `<name>.changes.jsonl` beside the export. */
  changeHistory: boolean;
  /** A case bundle (a signed zip of evidence, `bundle.create`) instead of a format of the table. */
  caseBundle: boolean;
  /** With a case bundle: ask the timestamp authority set in Settings. */
  timestamp: boolean;
  /** With a case bundle: sign with a key made for it alone (where no keychain keeps the library's). */
  oneTimeKey: boolean;
}

interface ExportStore {
  target: ExportTarget | null;
  /** The button that opened the dialog: only its dialog shows, however many buttons a view has. */
  owner: string | null;
  options: ExportOptions;
  /** The export in progress or just finished; null before one starts. */
  job: ExportProgress | null;
  starting: boolean;
  problem: string | null;
  open(target: ExportTarget, owner: string): void;
  close(): void;
  setOptions(options: Partial<ExportOptions>): void;
  start(): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * Starts a browser download of a finished file; the host checks the same cookie as /rpc. Relative
 * to the page, as the app and its cookie live under the host's per-run path.
 */
function download(exportId: string, path: string): void {
  const link = document.createElement('a');
  link.href = `.${exportDownloadPath(exportId, path)}`;
  link.download = path.split('/').pop() ?? path;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

let subscribed = false;
/** The last event of each export: a small export can finish before `export.start` has answered. */
const latest = new Map<string, ExportProgress>();

export const useExportStore = create<ExportStore>((set, get) => {
  const show = (progress: ExportProgress): void => {
    set({ job: progress });
    if (progress.state === 'done' && progress.delivery === 'download') {
      for (const path of progress.downloads) download(progress.exportId, path);
    }
  };
  const follow = (): void => {
    if (subscribed) return;
    subscribed = true;
    bridge.subscribe('export.progress', (progress) => {
      latest.set(progress.exportId, progress);
      if (get().job?.exportId === progress.exportId) show(progress);
    });
  };
  return {
    target: null,
    owner: null,
    options: {
      format: 'csv',
      transcripts: false,
      manifest: false,
      language: null,
      changeHistory: false,
      caseBundle: false,
      timestamp: false,
      oneTimeKey: false,
    },
    job: null,
    starting: false,
    problem: null,
    open(target, owner) {
      follow();
      set({ target, owner, job: null, problem: null, options: { ...get().options, language: null } });
    },
    close() {
      set({ target: null, owner: null, job: null, problem: null });
    },
    setOptions(options) {
      set({ options: { ...get().options, ...options } });
    },
    async start() {
      const { target, options } = get();
      if (!target) return;
      set({ starting: true, problem: null, job: null });
      try {
        const language = languageChoice(target, options)?.chosen ?? null;
        const started = options.caseBundle
          ? await bridge.call('bundle.create', {
              scope: target.scope,
              ...(options.timestamp ? { timestamp: true } : {}),
              ...(options.oneTimeKey ? { oneTimeKey: true } : {}),
            })
          : await bridge.call('export.start', {
              scope: target.scope,
              format: options.format,
              transcripts: options.transcripts,
              manifest: options.manifest,
              ...(language !== null ? { language } : {}),
              ...(options.changeHistory ? { changeHistory: true } : {}),
            });
        if (started.exportId === null) {
          set({ starting: false });
          return;
        }
        set({ starting: false });
        show(
          latest.get(started.exportId) ?? {
            exportId: started.exportId,
            state: 'running',
            done: 0,
            total: 0,
            unit: 'items',
            delivery: started.delivery,
            name: null,
            summary: null,
            downloads: [],
            error: null,
          },
        );
      } catch (error) {
        set({ starting: false, problem: errorText(error, 'start the export') });
      }
    },
    async cancel() {
      const job = get().job;
      if (!job || job.state !== 'running') return;
      try {
        await bridge.call('export.cancel', { exportId: job.exportId });
      } catch (error) {
        set({ problem: errorText(error, 'cancel the export') });
      }
    },
  };
});
