/**
 * CSV for spreadsheets (this module's `csvFormat`) and, with the same rows, for data tools
 * (csv-data.ts): CRLF records, cells with line breaks, semicolons or tabs quoted (csv-stringify
 * does the quoting), times in ISO-8601 UTC with a local-time column beside them. The spreadsheet
 * flavour starts with a byte-order mark and neutralises formula-like text.
 */
import type { stringify as Stringify } from 'csv-stringify/sync';
import { formatClock } from '../../../../shared/export';
import { atMoment, timestampBase } from '../../../../shared/links';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';
import { ITEM_COLUMNS, SEGMENT_COLUMNS, itemCells, transcriptHead, transcriptTail, type CellValue, type RowContext } from './columns';
import { createLocalTimeFormatter, neutraliseCell } from '../text';
import type { ExportContext, FormatModule, ItemWriter, TranscriptWriter } from './types';

export { ITEM_COLUMNS, SEGMENT_COLUMNS };

type Cell = string | number;

let loadedStringify: typeof Stringify | null = null;

/**
 * csv-stringify, loaded by the first CSV export rather than with the core: loading it costs some
 * 10 ms, which every CLI command paid though few export (issue 28.19). A plain require keeps the
 * writers synchronous: the bundle is CommonJS with the package external.
 */
function stringify(...args: Parameters<typeof Stringify>): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loadedStringify ??= (require('csv-stringify/sync') as { stringify: typeof Stringify }).stringify;
  return loadedStringify(...args);
}

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

/** How one flavour writes a cell: the spreadsheet CSV neutralises formula-like text, the data CSV writes it as given. */
export type CsvCell = (value: CellValue) => string | number;

function itemWriter(context: ExportContext, cell: CsvCell): ItemWriter {
  const at: RowContext = { local: createLocalTimeFormatter(context.timeZone), timeZone: context.timeZone };
  const rows = batcher(ITEM_COLUMNS);
  return {
    begin: () => rows.header(),
    item: (item) => rows.push(itemCells(item, at).map(cell)),
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
function transcriptWriter(context: ExportContext, cell: CsvCell): TranscriptWriter {
  const at: RowContext = { local: createLocalTimeFormatter(context.timeZone), timeZone: context.timeZone };
  const quote = (cells: CellValue[]): string => stringify([cells.map(cell)], CELLS_OPTIONS);
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
    begin: () => stringify([SEGMENT_COLUMNS as string[]], STRINGIFY_OPTIONS),
    startItem: () => '',
    startTranscript(transcript: ExportTranscript, item: ExportItem) {
      head = `${quote(transcriptHead(item, transcript))},`;
      tail = `,${quote(transcriptTail(transcript, at))}\r\n`;
      linkBase = timestampBase(item);
      // An untimed transcript is its text alone: one row, with no segment number or times.
      if (!transcript.timed) {
        rows.push(`${head},,,,,${quoteCell(String(cell(transcript.fullText ?? '')))},${tail}`);
        return rows.length >= BATCH ? flush() : '';
      }
      return '';
    },
    segment({ number, startMs, endMs, text }: ExportSegment) {
      // Text is never a number, so a cell function gives it back as a string.
      const own = `${quoteCell(String(cell(text)))},${linkBase === null ? '' : quoteCell(atMoment(linkBase, startMs))}`;
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

/** A CSV flavour: the same columns, quoting and batching; `cell` says how a value is written. */
export function createCsvFormat(format: 'csv' | 'csv-data', options: { byteOrderMark: boolean; cell: CsvCell }): FormatModule {
  return {
    format,
    extension: 'csv',
    mediaType: 'text/csv; charset=utf-8',
    byteOrderMark: options.byteOrderMark,
    items: (context) => itemWriter(context, options.cell),
    transcripts: (context) => transcriptWriter(context, options.cell),
  };
}

/** For spreadsheets: a byte-order mark so Excel reads UTF-8, and no cell a spreadsheet would run. */
export const csvFormat: FormatModule = createCsvFormat('csv', { byteOrderMark: true, cell: neutraliseCell });
