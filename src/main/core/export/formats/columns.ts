/**
 * The columns of the tabular exports (both CSVs and XLSX), in one place: a column added here
 * appears in every table flavour. Cells come out as plain values (text, number, true/false, or
 * null for empty); each format decides how a value is written.
 */
import { formatClock } from '../../../../shared/export';
import { atMoment } from '../../../../shared/links';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';

export type CellValue = string | number | boolean | null;

/** What a row needs besides its record: the local-time formatter and its zone. */
export interface RowContext {
  local(iso: string | null): string | null;
  timeZone: string;
}

export interface Column<Row> {
  name: string;
  value(row: Row, at: RowContext): CellValue;
  /** A local wall-clock time `YYYY-MM-DD HH:MM:SS` (XLSX writes it as a date). */
  localTime?: true;
}

const notesText = (item: ExportItem): string =>
  item.notes.map((note) => (note.collection ? `[${note.collection}] ${note.body}` : note.body)).join('\n\n');

/** One row per item. */
export const ITEM_TABLE: readonly Column<ExportItem>[] = [
  { name: 'id', value: (item) => item.id },
  { name: 'platform', value: (item) => item.platform },
  { name: 'kind', value: (item) => item.kind },
  { name: 'native_id', value: (item) => item.nativeId },
  { name: 'url', value: (item) => item.url },
  { name: 'title', value: (item) => item.title },
  { name: 'text', value: (item) => item.text },
  { name: 'author_name', value: (item) => item.authorName },
  { name: 'author_handle', value: (item) => item.authorHandle },
  { name: 'author_id', value: (item) => item.authorId },
  { name: 'author_url', value: (item) => item.authorUrl },
  { name: 'published_at_utc', value: (item) => item.citation.publishedAt },
  { name: 'published_local', value: (item, at) => at.local(item.citation.publishedAt), localTime: true },
  { name: 'published_text', value: (item) => item.publishedText },
  { name: 'published_approximate', value: (item) => item.publishedApproximate },
  { name: 'duration_ms', value: (item) => item.durationMs },
  { name: 'views', value: (item) => item.views },
  { name: 'likes', value: (item) => item.likes },
  { name: 'comments', value: (item) => item.comments },
  { name: 'reposts', value: (item) => item.reposts },
  { name: 'shares', value: (item) => item.shares },
  { name: 'followers', value: (item) => item.followers },
  { name: 'has_transcript', value: (item) => item.hasTranscript },
  { name: 'demo', value: (item) => item.demo },
  { name: 'tags', value: (item) => item.tags.join('; ') },
  { name: 'notes', value: notesText },
  { name: 'fetched_at_utc', value: (item) => item.citation.fetchedAt },
  { name: 'fetched_local', value: (item, at) => at.local(item.citation.fetchedAt), localTime: true },
  { name: 'local_time_zone', value: (_item, at) => at.timeZone },
  { name: 'operation', value: (item) => item.citation.operation },
  { name: 'request_id', value: (item) => item.citation.requestId },
];

export const ITEM_COLUMNS: readonly string[] = ITEM_TABLE.map((column) => column.name);

export const itemCells = (item: ExportItem, at: RowContext): CellValue[] => ITEM_TABLE.map((column) => column.value(item, at));

/**
 * One row per transcript segment (an untimed transcript: one row of its text). A row is the
 * cells its transcript's segments share (`transcriptHead`), the segment's own
 * (`segmentCells`), then the shared ones again (`transcriptTail`): the CSV quotes the shared
 * cells once per transcript.
 */
export const SEGMENT_COLUMNS: readonly string[] = [
  'item_id',
  'platform',
  'item_url',
  'language',
  'demo',
  'segment',
  'start_ms',
  'end_ms',
  'start',
  'end',
  'text',
  'link',
  'transcript_fetched_at_utc',
  'transcript_fetched_local',
  'local_time_zone',
  'operation',
  'request_id',
];

/** The local-time column of a transcript row. */
export const SEGMENT_LOCAL_TIME_COLUMNS: readonly string[] = ['transcript_fetched_local'];

export const transcriptHead = (item: ExportItem, transcript: ExportTranscript): CellValue[] => [
  item.id,
  item.platform,
  item.url,
  transcript.language,
  item.demo,
];

export const transcriptTail = (transcript: ExportTranscript, at: RowContext): CellValue[] => [
  transcript.fetchedAt,
  at.local(transcript.fetchedAt),
  at.timeZone,
  transcript.operation,
  transcript.requestId,
];

/** A segment's own cells; `linkBase` is the item's link that takes a moment (null: none). */
export const segmentCells = ({ number, startMs, endMs, text }: ExportSegment, linkBase: string | null): CellValue[] => [
  number,
  startMs,
  endMs,
  formatClock(startMs),
  endMs === null ? null : formatClock(endMs),
  text,
  linkBase === null ? null : atMoment(linkBase, startMs),
];

/** An untimed transcript's own cells: no number or times, its whole text. */
export const untimedCells = (transcript: ExportTranscript): CellValue[] => [null, null, null, null, null, transcript.fullText ?? '', null];
