/**
 * The three table flavours end to end, from the library to the file: the spreadsheet CSV, the
 * CSV for data tools and XLSX, each with its manifest.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExport } from '../../../../src/main/core/export/run-export';
import { ITEM_COLUMNS, SEGMENT_COLUMNS } from '../../../../src/main/core/export/formats/columns';
import { HOSTILE_FORMULAS } from '../../../../src/main/demo/hostile';
import type { ExportFormat, ExportRequest } from '../../../../src/shared/export';
import { createExportLibrary, type ExportLibrary } from './library-fixture';

let lib: ExportLibrary;
beforeEach(() => {
  lib = createExportLibrary();
  mkdirSync(join(lib.dir, 'out'));
});
afterEach(() => lib.dispose());

async function exportTo(name: string, request: Partial<ExportRequest> & { format: ExportFormat }, signal?: AbortSignal) {
  const outPath = join(lib.dir, 'out', name);
  const result = await runExport({
    library: lib.db,
    request: { scope: { kind: 'collection', name: 'Harbour story' }, transcripts: false, manifest: true, ...request },
    outPath,
    now: () => new Date('2026-01-06T07:08:09.000Z'),
    appVersion: '0.0.0-test',
    timeZone: 'Europe/Berlin',
    ...(signal ? { signal } : {}),
  });
  return { outPath, result, bytes: readFileSync(outPath) };
}

const manifestLine = (bytes: Buffer, name: string): string => `${createHash('sha256').update(bytes).digest('hex')}  ${name}`;
const manifest = (): string => readFileSync(join(lib.dir, 'out', 'manifest.sha256'), 'utf8');

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0]!;
}

/** One column's cells under the header, empty ones as null. */
const column = (sheet: ExcelJS.Worksheet, columns: readonly string[], name: string): ExcelJS.CellValue[] =>
  Array.from({ length: sheet.rowCount - 1 }, (_, index) => sheet.getRow(index + 2).getCell(columns.indexOf(name) + 1).value ?? null);

describe('table flavours', () => {
  it('the CSV for data tools holds the platform values as given, the spreadsheet CSV the same rows made safe', async () => {
    const data = await exportTo('data.csv', { format: 'csv-data' });
    expect(manifest()).toContain(manifestLine(data.bytes, 'data.csv'));
    const sheet = await exportTo('sheet.csv', { format: 'csv' });
    const dataRows = parse(data.bytes, { columns: true }) as Record<string, string>[];
    const sheetRows = parse(sheet.bytes, { columns: true, bom: true }) as Record<string, string>[];
    expect(dataRows.map((row) => row.id)).toEqual(sheetRows.map((row) => row.id));
    expect(dataRows.map((row) => row.title)).toContain(HOSTILE_FORMULAS[0]);
    expect(dataRows.map((row) => row.author_handle)).toContain(HOSTILE_FORMULAS[3]);
    expect(sheetRows.map((row) => row.title)).toContain(`'${HOSTILE_FORMULAS[0]}`);
    expect(data.result.files).toEqual([expect.objectContaining({ path: 'data.csv', bytes: data.bytes.length })]);
  });

  it('XLSX holds the collection a row per item, text as given, counts as numbers, with its manifest', async () => {
    const { bytes, result } = await exportTo('items.xlsx', { format: 'xlsx' });
    expect(result.items).toBe(3);
    expect(manifest()).toBe(`${manifestLine(bytes, 'items.xlsx')}\n`);
    const sheet = await sheetOf(bytes);
    expect(sheet.name).toBe('Items');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ITEM_COLUMNS]);
    expect(column(sheet, ITEM_COLUMNS, 'id')).toEqual([lib.ids.hostile, lib.ids.harbour, lib.ids.untimed]);
    expect(column(sheet, ITEM_COLUMNS, 'title')[0]).toBe(HOSTILE_FORMULAS[0]);
    expect(column(sheet, ITEM_COLUMNS, 'author_handle')[0]).toBe(HOSTILE_FORMULAS[3]);
    expect(column(sheet, ITEM_COLUMNS, 'views')[1]).toBe(1200);
    expect(column(sheet, ITEM_COLUMNS, 'local_time_zone')).toEqual(['Europe/Berlin', 'Europe/Berlin', 'Europe/Berlin']);
    // 10:00 UTC is 11:00 in Berlin in January: the local column is that wall-clock time.
    expect((column(sheet, ITEM_COLUMNS, 'published_local')[1] as Date).toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(column(sheet, ITEM_COLUMNS, 'published_at_utc')[1]).toBe('2026-01-01T10:00:00.000Z');
  });

  it('XLSX holds transcripts a row per segment, as the CSV does', async () => {
    const xlsx = await exportTo('transcripts.xlsx', { format: 'xlsx', transcripts: true });
    const csv = await exportTo('transcripts.csv', { format: 'csv-data', transcripts: true });
    expect(xlsx.result.segments).toBe(csv.result.segments);
    const sheet = await sheetOf(xlsx.bytes);
    expect(sheet.name).toBe('Transcripts');
    const rows = parse(csv.bytes, { columns: true }) as Record<string, string>[];
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(column(sheet, SEGMENT_COLUMNS, 'text')).toEqual(rows.map((row) => row.text));
    expect(column(sheet, SEGMENT_COLUMNS, 'start_ms')).toEqual(rows.map((row) => (row.start_ms === '' ? null : Number(row.start_ms))));
    expect(manifest()).toContain(manifestLine(xlsx.bytes, 'transcripts.xlsx'));
  });

  it('a cancelled XLSX export leaves nothing behind', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(exportTo('gone.xlsx', { format: 'xlsx' }, controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(readdirSync(join(lib.dir, 'out'))).toEqual([]);
  });
});
