/**
 * CSV for spreadsheets and data desks: UTF-8 with a byte-order mark, CRLF records, cells with
 * line breaks quoted (csv-stringify does the quoting), formula-like text neutralised, times in
 * ISO-8601 UTC with a local-time column beside them.
 */
import { stringify } from 'csv-stringify/sync';
import { formatClock } from '../../../../shared/export';
import { atMoment, timestampBase } from '../../../../shared/links';
import type { ExportItem, ExportSegment, ExportTranscript } from '../records';
import { createLocalTimeFormatter, neutraliseCell } from '../text';
import type { ExportContext, FormatModule, ItemWriter, TranscriptWriter } from './types';

type Cell = string | number;

// A lone LF or CR inside a cell must be quoted too: the record delimiter is CRLF, and
// csv-stringify only quotes the delimiter it writes.
const STRINGIFY_OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const;

/** Rows are handed to csv-stringify in batches: one call per row would cost more than the rows. */
const BATCH = 500;

export const ITEM_COLUMNS = [
  'id',
  'platform',
  'kind',
  'native_id',
  'url',
  'title',
  'text',
  'author_name',
  'author_handle',
  'author_id',
  'author_url',
  'published_at_utc',
  'published_local',
  'published_text',
  'duration_ms',
  'views',
  'likes',
  'comments',
  'reposts',
  'shares',
  'followers',
  'has_transcript',
  'tags',
  'notes',
  'fetched_at_utc',
  'fetched_local',
  'local_time_zone',
  'operation',
  'request_id',
] as const;

export const SEGMENT_COLUMNS = [
  'item_id',
  'platform',
  'item_url',
  'language',
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
] as const;

function batcher(header: readonly string[]) {
  let rows: Cell[][] = [];
  const flush = (): string => {
    if (rows.length === 0) return '';
    const text = stringify(rows, STRINGIFY_OPTIONS);
    rows = [];
    return text;
  };
  return {
    header: () => stringify([header as string[]], STRINGIFY_OPTIONS),
    push(row: Cell[]): string {
      rows.push(row);
      return rows.length >= BATCH ? flush() : '';
    },
    flush,
  };
}

const notesText = (item: ExportItem): string =>
  item.notes.map((note) => (note.collection ? `[${note.collection}] ${note.body}` : note.body)).join('\n\n');

function itemWriter(context: ExportContext): ItemWriter {
  const local = createLocalTimeFormatter(context.timeZone);
  const rows = batcher(ITEM_COLUMNS);
  return {
    begin: () => rows.header(),
    item: (item) =>
      rows.push(
        [
          item.id,
          item.platform,
          item.kind,
          item.nativeId,
          item.url,
          item.title,
          item.text,
          item.authorName,
          item.authorHandle,
          item.authorId,
          item.authorUrl,
          item.citation.publishedAt,
          local(item.citation.publishedAt),
          item.publishedText,
          item.durationMs,
          item.views,
          item.likes,
          item.comments,
          item.reposts,
          item.shares,
          item.followers,
          item.hasTranscript,
          item.tags.join('; '),
          notesText(item),
          item.citation.fetchedAt,
          local(item.citation.fetchedAt),
          context.timeZone,
          item.citation.operation,
          item.citation.requestId,
        ].map(neutraliseCell),
      ),
    end: () => rows.flush(),
  };
}

function transcriptWriter(context: ExportContext): TranscriptWriter {
  const local = createLocalTimeFormatter(context.timeZone);
  const rows = batcher(SEGMENT_COLUMNS);
  // Cells that are the same for every segment of a transcript, neutralised once.
  let fixed: { head: Cell[]; tail: Cell[]; linkBase: string | null } = { head: [], tail: [], linkBase: null };
  return {
    begin: () => rows.header(),
    startItem: () => '',
    startTranscript(transcript: ExportTranscript, item: ExportItem) {
      fixed = {
        head: [item.id, item.platform, item.url, transcript.language].map(neutraliseCell),
        tail: [transcript.fetchedAt, local(transcript.fetchedAt), context.timeZone, transcript.operation, transcript.requestId].map(neutraliseCell),
        linkBase: timestampBase(item),
      };
      return '';
    },
    segment(segment: ExportSegment) {
      return rows.push([
        ...fixed.head,
        segment.number,
        segment.startMs,
        segment.endMs ?? '',
        formatClock(segment.startMs),
        segment.endMs === null ? '' : formatClock(segment.endMs),
        neutraliseCell(segment.text),
        fixed.linkBase === null ? '' : atMoment(fixed.linkBase, segment.startMs),
        ...fixed.tail,
      ]);
    },
    endTranscript: () => '',
    endItem: () => '',
    end: () => rows.flush(),
    refuses: (transcript) => (transcript.timed ? null : 'it has no timed segments (one row per segment)'),
  };
}

export const csvFormat: FormatModule = {
  format: 'csv',
  extension: 'csv',
  mediaType: 'text/csv; charset=utf-8',
  byteOrderMark: true,
  items: itemWriter,
  transcripts: transcriptWriter,
};
