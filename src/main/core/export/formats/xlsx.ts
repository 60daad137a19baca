/**
 * XLSX: the CSV's columns in a workbook whose cells say what they hold, so a spreadsheet keeps
 * every value as given and runs nothing. Text is a string cell (never a formula, never a number:
 * `=1+1`, `@handle`, `-lS8FzY9aUM` and a 19-digit id stay as they are), counts are numbers,
 * has_transcript is true/false. Times: the UTC columns are ISO-8601 text, exactly the citation's
 * moment (an Excel date has no zone, and its text would depend on the reader's settings); the
 * local-time columns are Excel dates, a zone-less wall-clock time being just what they are (the
 * zone is in local_time_zone), so they sort and filter as dates.
 *
 * Written by exceljs's streaming WorkbookWriter: each row is committed to the zip as it comes,
 * and `settled` holds the export back while the zip is behind, so memory stays flat.
 */
import { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { forReaders } from '../../../../shared/format-characters';
import { timestampBase } from '../../../../shared/links';
import type { ExportItem, ExportTranscript } from '../../store/export-records';
import { createLocalTimeFormatter } from '../text';
import {
  ITEM_TABLE,
  SEGMENT_COLUMNS,
  SEGMENT_LOCAL_TIME_COLUMNS,
  itemCells,
  segmentCells,
  transcriptHead,
  transcriptTail,
  untimedCells,
  type CellValue,
  type RowContext,
} from './columns';
import type { ByteSink, ExportContext, FormatModule, ItemWriter, TranscriptWriter } from './types';

/** Excel refuses (offers to "repair") a workbook with a longer cell: such text is cut, and says so. */
// exceljs takes about a second to load on a busy machine: only an XLSX export pays for it.
let excel: typeof ExcelJS | null = null;

export async function loadExcel(): Promise<typeof ExcelJS> {
  // CommonJS seen through import(): the library is the default export.
  const loaded = (await import('exceljs')) as { default?: typeof ExcelJS } & typeof ExcelJS;
  excel ??= loaded.default ?? loaded;
  return excel;
}

function loadedExcel(): typeof ExcelJS {
  if (!excel) throw new Error('The XLSX writer was made before exceljs was loaded.');
  return excel;
}

export const EXCEL_CELL_LIMIT = 32_767;
export const CUT_MARK = ' … [cut at Excel’s limit of 32,767 characters; the CSV and JSON exports hold the whole text]';
const LOCAL_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** The zip's output is handed to the file in pieces of about this size. */
const WRITE_CHUNK = 256 * 1024;
/** How much row XML may wait for the zip before the export waits for it. */
const BACKLOG_LIMIT = 4 * 1024 * 1024;

export function excelText(value: string): string {
  if (value.length <= EXCEL_CELL_LIMIT) return value;
  let end = EXCEL_CELL_LIMIT - CUT_MARK.length;
  // Never half of a surrogate pair (an emoji).
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return value.slice(0, end) + CUT_MARK;
}

/** `YYYY-MM-DD HH:MM:SS` as an Excel date of that wall-clock time (exceljs reads a Date in UTC). */
function wallClockDate(text: string): Date | null {
  const parts = text.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

/** Hands the zip's bytes to the sink in large pieces, each written before the next is taken. */
function sinkStream(sink: ByteSink): Writable {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (): Promise<void> => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await sink.write(bytes);
  };
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < WRITE_CHUNK) done();
      else flush().then(() => done(), done);
    },
    final(done) {
      flush().then(() => done(), done);
    },
  });
}

/** What exceljs 4's sheet stream feeds the zip through (a PassThrough that never refuses a write). */
interface ZipFeed {
  _writableState?: { length: number };
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * One sheet of a streamed workbook. Rows are given faster than the zip compresses them, and the
 * stream between the two never says stop, so `settled` waits for that stream to drain whenever
 * more than BACKLOG_LIMIT waits in it. That stream is exceljs's own (4.4, pinned by a test that
 * measures the backlog); were it gone, the export would still be written, only without the bound.
 */
function streamedSheet(sink: ByteSink, context: ExportContext, name: string, columns: readonly string[], localTime: readonly string[]) {
  const output = sinkStream(sink);
  const failed = new Promise<never>((_resolve, reject) => output.on('error', reject));
  failed.catch(() => undefined);
  const workbook = new (loadedExcel().stream.xlsx.WorkbookWriter)({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Gleaner';
  workbook.created = new Date(context.exportedAt);
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const isLocalTime = columns.map((column) => localTime.includes(column));
  sheet.columns = columns.map((column, index) => (isLocalTime[index] ? { width: 20, style: { numFmt: LOCAL_TIME_FORMAT } } : {}));
  let committed: Promise<void> | null = null;
  const feed = (): ZipFeed | undefined => (sheet as unknown as { stream?: { pipes?: ZipFeed[] } }).stream?.pipes?.[0];

  const cell = (value: CellValue, index: number): ExcelJS.CellValue => {
    if (value === null) return null;
    if (typeof value !== 'string') return value;
    if (isLocalTime[index]) return wallClockDate(value) ?? excelText(value);
    return excelText(forReaders(value));
  };
  // Each step gives back the text the runner writes: none, the bytes going to the sink instead.
  return {
    header(): '' {
      const row = sheet.addRow([...columns]);
      row.font = { bold: true };
      row.commit();
      return '';
    },
    row(values: CellValue[]): '' {
      sheet.addRow(values.map(cell)).commit();
      return '';
    },
    /** Bytes of rows the zip has not taken yet. */
    backlog: (): number => feed()?._writableState?.length ?? 0,
    finish(): '' {
      sheet.commit();
      committed = workbook.commit();
      return '';
    },
    async settled(): Promise<void> {
      const waiting = feed();
      if (committed === null && waiting && (waiting._writableState?.length ?? 0) > BACKLOG_LIMIT) {
        await Promise.race([new Promise<void>((resolve) => waiting.once('drain', resolve)), failed]);
      }
      if (committed !== null) await Promise.race([committed, failed]);
    },
  };
}

export type StreamedSheet = ReturnType<typeof streamedSheet>;

export function xlsxItemWriter(context: ExportContext, sink: ByteSink): ItemWriter & { sheet: StreamedSheet } {
  const at: RowContext = { local: createLocalTimeFormatter(context.timeZone), timeZone: context.timeZone };
  const localTime = ITEM_TABLE.filter((column) => column.localTime).map((column) => column.name);
  const sheet = streamedSheet(
    sink,
    context,
    'Items',
    ITEM_TABLE.map((column) => column.name),
    localTime,
  );
  return {
    sheet,
    begin: () => sheet.header(),
    item: (item) => sheet.row(itemCells(item, at)),
    end: () => sheet.finish(),
    settled: () => sheet.settled(),
  };
}

export function xlsxTranscriptWriter(context: ExportContext, sink: ByteSink): TranscriptWriter & { sheet: StreamedSheet } {
  const at: RowContext = { local: createLocalTimeFormatter(context.timeZone), timeZone: context.timeZone };
  const sheet = streamedSheet(sink, context, 'Transcripts', SEGMENT_COLUMNS, SEGMENT_LOCAL_TIME_COLUMNS);
  let head: CellValue[] = [];
  let tail: CellValue[] = [];
  let linkBase: string | null = null;
  return {
    sheet,
    begin: () => sheet.header(),
    startItem: () => '',
    startTranscript(transcript: ExportTranscript, item: ExportItem) {
      head = transcriptHead(item, transcript);
      tail = transcriptTail(transcript, at);
      linkBase = timestampBase(item);
      // An untimed transcript is its text alone: one row, with no segment number or times.
      if (!transcript.timed) sheet.row([...head, ...untimedCells(transcript), ...tail]);
      return '';
    },
    segment: (segment) => sheet.row([...head, ...segmentCells(segment, linkBase), ...tail]),
    endTranscript: () => '',
    endItem: () => '',
    end: () => sheet.finish(),
    settled: () => sheet.settled(),
  };
}

export const xlsxFormat: FormatModule = {
  format: 'xlsx',
  extension: 'xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  byteOrderMark: false,
  load: async () => {
    await loadExcel();
  },
  // The runner always hands a binary format its file.
  items: (context, sink) => xlsxItemWriter(context, sink!),
  transcripts: (context, sink) => xlsxTranscriptWriter(context, sink!),
};
