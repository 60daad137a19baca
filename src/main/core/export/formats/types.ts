/**
 * One small module per format behind one interface. A format turns records into text (or, for
 * a binary format such as XLSX, writes bytes to the sink it is given); the runner
 * (run-export.ts) decides files, streaming, progress and cancellation.
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

/** Where a binary format's bytes go: the export's file. A text format returns its text instead. */
export interface ByteSink {
  write(bytes: Uint8Array): Promise<void>;
}

/**
 * A writer that produces its bytes in the background (XLSX: a zip compressed as rows arrive)
 * resolves `settled` once it has caught up with what it was given. The runner awaits it between
 * batches of rows, so a large export does not pile up in memory, and after `end`, when it
 * resolves only once every byte is in the sink.
 */
interface Settles {
  settled?(): Promise<void>;
}

/** Items, one record each (CSV, XLSX, Markdown, JSON, JSON Lines). */
export interface ItemWriter extends Settles {
  begin(): string;
  item(item: ExportItem, index: number): string;
  end(): string;
}

/**
 * Transcripts, segment by segment. A single-file format sees every transcript between one
 * `begin` and `end`; a file-per-transcript format (srt, vtt, txt) gets `begin`/`end` per file.
 */
export interface TranscriptWriter extends Settles {
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
  /** The spreadsheet CSV starts with a byte-order mark so Excel reads UTF-8. */
  byteOrderMark: boolean;
  /** Loads what the format's writers need before they are made (a large library only this format uses). */
  load?(): Promise<void>;
  /** The sink is for binary formats; the runner always gives it, text formats ignore it. */
  items?(context: ExportContext, sink?: ByteSink): ItemWriter;
  transcripts?(context: ExportContext, sink?: ByteSink): TranscriptWriter;
  /**
   * The transcript document holds every item of the scope, those without a transcript too
   * (Markdown: the collection for the newsroom, each item with its transcripts under it).
   */
  transcriptsWithEveryItem?: boolean;
  sources?(context: ExportContext): SourcesWriter;
  /** The format has no place for the demo mark (SRT has no comments): a file of demo items says it in its name. */
  demoInFileName?: true;
}
