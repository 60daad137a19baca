/**
 * Export: what can be exported, in which formats, and what the bridge reports while it runs.
 * Shared by the core's exporters, the bridge contract, the CLI and the renderer.
 */
import type { SearchFilters, SearchSort } from './library';

/** How the dialog and `gleaner export --help` present one format. */
export interface ExportFlavour {
  format: string;
  label: string;
  /** What it is for, in a few words. */
  hint: string;
  /** A risk the user takes with it, said before the export starts. */
  warning?: string;
}

/**
 * Every export format, in the order the dialog and the CLI list them: the one table both read.
 * Three flavours of table: a CSV safe to open in a spreadsheet (text that a spreadsheet would run
 * as a formula gets a leading apostrophe), a CSV with every value as given for data tools, and
 * an XLSX workbook whose typed cells keep every value as given and run nothing.
 */
export const EXPORT_FLAVOURS = [
  {
    format: 'csv',
    label: 'CSV for spreadsheets',
    hint: 'UTF-8 for Excel; a cell starting with = + - @ gets a leading apostrophe so it cannot run as a formula',
  },
  {
    format: 'csv-data',
    label: 'CSV for data tools',
    hint: 'for pandas, R or csvkit: every value exactly as the platform gave it',
    warning:
      'Values are written exactly as given, so a spreadsheet that opens this file may run a cell starting with = + - @ as a formula. Open it with a data tool; for a spreadsheet, choose XLSX or CSV for spreadsheets.',
  },
  {
    format: 'xlsx',
    label: 'Excel workbook (XLSX)',
    hint: 'every value exactly as given, typed: text stays text (no formula runs, long ids keep every digit), counts are numbers',
  },
  { format: 'md', label: 'Markdown', hint: 'for the newsroom: citations, timestamped transcripts, Sources list' },
  { format: 'json', label: 'JSON', hint: 'one document, for archives and scripts' },
  { format: 'jsonl', label: 'JSON Lines', hint: 'one item per line' },
  { format: 'srt', label: 'SRT subtitles', hint: 'subtitles, one file per transcript' },
  { format: 'vtt', label: 'WebVTT subtitles', hint: 'subtitles for the web, one file per transcript' },
  { format: 'txt', label: 'Plain text', hint: 'timestamped transcript text, one file per transcript' },
] as const satisfies readonly ExportFlavour[];

export type ExportFormat = (typeof EXPORT_FLAVOURS)[number]['format'];
export const EXPORT_FORMATS: readonly ExportFormat[] = EXPORT_FLAVOURS.map((flavour) => flavour.format);

/** One format's row of the table. */
export const exportFlavour = (format: ExportFormat): ExportFlavour => EXPORT_FLAVOURS.find((flavour) => flavour.format === format)!;

/** Subtitle and plain-text formats hold transcripts only, one file per transcript. */
export const TRANSCRIPT_FILE_FORMATS: readonly ExportFormat[] = ['srt', 'vtt', 'txt'];

/** Subtitle formats: one transcript per file, so one item's transcripts in several languages need a choice. */
export const SUBTITLE_FORMATS: readonly ExportFormat[] = ['srt', 'vtt'];

/** What to export: one item (Item detail), a selection, a collection, a search result, or everything. */
export type ExportScope =
  | { kind: 'item'; id: number }
  | { kind: 'items'; ids: number[] }
  | { kind: 'collection'; name: string }
  | { kind: 'search'; search: SearchFilters & { query?: string; sort?: SearchSort } }
  | { kind: 'all' };

export interface ExportRequest {
  scope: ExportScope;
  format: ExportFormat;
  /** Transcripts rather than items (implied by srt, vtt and txt). */
  transcripts: boolean;
  /** Also write `manifest.sha256` (sha256sum format) listing every exported file. */
  manifest: boolean;
  /** Only the transcripts in this language: a code or a name ("en", "English"; "" when unstated). */
  language?: string;
  /** Also write the exported items' change history (watches) as `<name>.changes.jsonl` beside the export. */
  changeHistory?: boolean;
}

/** True when the format exports transcripts whatever the flag says. */
export const exportsTranscripts = (request: Pick<ExportRequest, 'format' | 'transcripts'>): boolean =>
  request.transcripts || TRANSCRIPT_FILE_FORMATS.includes(request.format);

/** srt, vtt and txt over more than one item make a folder of files, one per transcript. */
export const exportsFolder = (request: Pick<ExportRequest, 'format' | 'scope'>): boolean =>
  TRANSCRIPT_FILE_FORMATS.includes(request.format) && request.scope.kind !== 'item';

export interface ExportedFile {
  /** Relative to the export's folder: `name.csv`, or `folder/123-title.srt`. */
  path: string;
  bytes: number;
  /** Present when a manifest was asked for. */
  sha256?: string;
}

export interface ExportSummary {
  files: ExportedFile[];
  /** Items written (transcript exports: items with at least one transcript written). */
  items: number;
  transcripts: number;
  segments: number;
  /** Transcripts left out, with why (an untimed transcript has no subtitle form). */
  skipped: { itemId: number; language: string | null; reason: string }[];
  /** Set when the files were written but the custody log could not record the export (issue 31). */
  custodyProblem?: string;
}

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

export interface ExportProgress {
  exportId: string;
  state: ExportState;
  /** Rows written so far: items, or transcript segments in a transcript export. */
  done: number;
  total: number;
  unit: 'items' | 'segments';
  /** Where the result went: a path the user chose (desktop), or files to download (browser mode). */
  delivery: 'saved' | 'download';
  /** When done: the user-facing name of the file or folder written. */
  name: string | null;
  summary: ExportSummary | null;
  /**
   * When done in browser mode, the files to download (paths for `exportDownloadPath`): the file
   * and its manifest, or one zip of a folder export with its manifest inside.
   */
  downloads: string[];
  error: { code: string; message: string } | null;
}

export interface ExportStarted {
  /** Null when the user dismissed the save dialog. */
  exportId: string | null;
  delivery: 'saved' | 'download';
}

/** A moment split into whole hours, minutes and seconds (a negative one is the start). */
function clockParts(ms: number): { h: number; mm: string; ss: string; m: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor((total % 3600) / 60);
  return { h: Math.floor(total / 3600), m, mm: String(m).padStart(2, '0'), ss: String(total % 60).padStart(2, '0') };
}

/** `h:mm:ss`, as the transcript CSV's start column and the Markdown timestamps show it: one width for a column. */
export function formatClock(ms: number): string {
  const { h, mm, ss } = clockParts(ms);
  return `${h}:${mm}:${ss}`;
}

/**
 * A moment as people write it and as the transcript beside it shows it: `m:ss`, or `h:mm:ss`
 * from the first hour on.
 */
export function formatMoment(ms: number): string {
  const { h, m, mm, ss } = clockParts(ms);
  return h > 0 ? `${h}:${mm}:${ss}` : `${m}:${ss}`;
}

/** The browser-mode download address of one exported file, from the host's root (or the app's path). */
export const exportDownloadPath = (exportId: string, path: string): string =>
  `/exports/${encodeURIComponent(exportId)}/${path.split('/').map(encodeURIComponent).join('/')}`;
