/**
 * CSV for spreadsheets and data desks: UTF-8 with a byte-order mark, CRLF records, cells with
 * line breaks, semicolons or tabs quoted (csv-stringify does the quoting), formula-like text
 * neutralised, times in ISO-8601 UTC with a local-time column beside them.
 */
import { stringify } from 'csv-stringify/sync';
import { formatClock } from '../../../../shared/export';
import { atMoment, timestampBase } from '../../../../shared/links';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';
import { createLocalTimeFormatter, neutraliseCell } from '../text';
import type { ExportContext, FormatModule, ItemWriter, TranscriptWriter } from './types';

type Cell = string | number;

// A lone LF or CR inside a cell must be quoted too: the record delimiter is CRLF, and with one
// given csv-stringify quotes only that delimiter unless asked to quote every line break.
// A semicolon or a tab is quoted as well, for spreadsheets that split on them besides commas (a
// common import setting where the semicolon is the list separator): unquoted, the cell would be
// cut there, and a piece starting with = would be read as a formula.
const STRINGIFY_OPTIONS = { record_delimiter: '\r\n', quote_record_delimiter: true, quoted_match: /[;\t]/ } as const;
/** The same quoting for cells that are part of a row: no record delimiter after them. */
export const CELLS_OPTIONS = { ...STRINGIFY_OPTIONS, eof: false } as const;

/** What makes csv-stringify quote a cell under these options: a delimiter, a quote, any line break, a semicolon or a tab. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One text cell exactly as csv-stringify writes it under CELLS_OPTIONS (the tests hold the two
 * equal on generated text). A transcript's segments are the bulk of an export, and for two
 * cells a call to csv-stringify spends most of its time preparing its options, so each segment's
 * own cells are quoted here.
 */
export function quoteCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows are handed on in batches: awaiting a file write per row would cost more than the row. */
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
  'published_approximate',
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
          item.publishedApproximate,
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

/**
 * A transcript has many segments and few cells of its own, so each cell is quoted where it
 * changes. csv-stringify quotes once per transcript the cells all its segments share (item,
 * platform, URL, language … request id); `quoteCell` quotes each segment's text and link. The
 * other cells are numbers and `h:mm:ss` clocks Gleaner writes from integers; they hold only
 * digits, `-` and `:`, never need quoting, and are written as csv-stringify writes numbers
 * (`'' + n`). Handing csv-stringify those five cells per row as well would more than double
 * the cost of a row without changing a byte.
 */
function transcriptWriter(context: ExportContext): TranscriptWriter {
  const local = createLocalTimeFormatter(context.timeZone);
  const quote = (cells: Cell[]): string => stringify([cells], CELLS_OPTIONS);
  // The quoted shared cells before a segment's own (with the comma after them), and after them.
  let head = '';
  let tail = '';
  let linkBase: string | null = null;
  let rows: string[] = [];
  const flush = (): string => {
    if (rows.length === 0) return '';
    const text = rows.join('');
    rows = [];
    return text;
  };
  return {
    begin: () => stringify([SEGMENT_COLUMNS as unknown as string[]], STRINGIFY_OPTIONS),
    startItem: () => '',
    startTranscript(transcript: ExportTranscript, item: ExportItem) {
      head = `${quote([item.id, item.platform, item.url, transcript.language].map(neutraliseCell))},`;
      tail = `,${quote([transcript.fetchedAt, local(transcript.fetchedAt), context.timeZone, transcript.operation, transcript.requestId].map(neutraliseCell))}\r\n`;
      linkBase = timestampBase(item);
      // An untimed transcript is its text alone: one row, with no segment number or times.
      if (!transcript.timed) {
        rows.push(`${head},,,,,${quoteCell(String(neutraliseCell(transcript.fullText ?? '')))},${tail}`);
        return rows.length >= BATCH ? flush() : '';
      }
      return '';
    },
    segment({ number, startMs, endMs, text }: ExportSegment) {
      // Text is never a number, so neutraliseCell gives it back as a string.
      const own = `${quoteCell(String(neutraliseCell(text)))},${linkBase === null ? '' : quoteCell(atMoment(linkBase, startMs))}`;
      const start = formatClock(startMs);
      const end = endMs === null ? '' : formatClock(endMs);
      rows.push(`${head}${number},${startMs},${endMs ?? ''},${start},${end},${own}${tail}`);
      return rows.length >= BATCH ? flush() : '';
    },
    endTranscript: () => '',
    endItem: () => '',
    end: () => flush(),
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
