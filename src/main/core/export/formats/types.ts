/**
 * One small module per format behind one interface. A format turns records into text; the
 * runner (run-export.ts) decides files, streaming, progress and cancellation.
 */
import type { ExportFormat, ExportScope } from '../../../../shared/export';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';

export interface ExportContext {
  scope: ExportScope;
  /** `collection “Harbour”`, `search “flood”` … (user text: formats escape it). */
  scopeLabel: string;
  /** ISO-8601 UTC. */
  exportedAt: string;
  /** The IANA zone of the local-time columns. */
  timeZone: string;
  appVersion: string;
}

/** Items, one record each (CSV, Markdown, JSON, JSON Lines). */
export interface ItemWriter {
  begin(): string;
  item(item: ExportItem, index: number): string;
  end(): string;
}

/**
 * Transcripts, segment by segment. A single-file format sees every transcript between one
 * `begin` and `end`; a file-per-transcript format (srt, vtt, txt) gets `begin`/`end` per file.
 */
export interface TranscriptWriter {
  begin(): string;
  startItem(item: ExportItem): string;
  startTranscript(transcript: ExportTranscript, item: ExportItem): string;
  segment(segment: ExportSegment): string;
  endTranscript(): string;
  endItem(): string;
  end(): string;
  /** Why this format cannot hold the transcript, or null. */
  refuses?(transcript: ExportTranscript): string | null;
}

/** Markdown ends with a Sources list, written in a second pass over the items so memory stays flat. */
export interface SourcesWriter {
  begin(): string;
  item(item: ExportItem, index: number): string;
}

export interface FormatModule {
  format: ExportFormat;
  extension: string;
  mediaType: string;
  /** CSV starts with a byte-order mark so Excel reads UTF-8. */
  byteOrderMark: boolean;
  items?(context: ExportContext): ItemWriter;
  transcripts?(context: ExportContext): TranscriptWriter;
  /**
   * The transcript document holds every item of the scope, those without a transcript too
   * (Markdown: the collection for the newsroom, each item with its transcripts under it).
   */
  transcriptsWithEveryItem?: boolean;
  sources?(context: ExportContext): SourcesWriter;
}
