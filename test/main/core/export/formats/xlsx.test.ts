import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_COLUMNS, SEGMENT_COLUMNS } from '../../../../../src/main/core/export/formats/columns';
import {
  CUT_MARK,
  EXCEL_CELL_LIMIT,
  excelText,
  loadExcel,
  xlsxItemWriter,
  xlsxTranscriptWriter,
} from '../../../../../src/main/core/export/formats/xlsx';
import type { ByteSink } from '../../../../../src/main/core/export/formats/types';
import { context, exportItem, transcript } from './fixtures';
import { hostileItem, hostileSegment, NINETEEN_DIGITS } from './hostile-values';

beforeAll(async () => {
  await loadExcel();
});

/** A sink that keeps the bytes, as the export's file would. */
function memorySink(): ByteSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return { write: async (bytes) => void chunks.push(Buffer.from(bytes)), bytes: () => Buffer.concat(chunks) };
}

async function itemsWorkbook(
  items = [hostileItem(), exportItem({ id: 8, views: null, publishedAt: null, citation: { ...exportItem().citation, publishedAt: null } })],
): Promise<Buffer> {
  const sink = memorySink();
  const writer = xlsxItemWriter(context, sink);
  expect(writer.begin()).toBe('');
  items.forEach((item, index) => expect(writer.item(item, index)).toBe(''));
  expect(writer.end()).toBe('');
  await writer.settled!();
  return sink.bytes();
}

async function read(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** The row under the header, as column name → cell. */
function rowByName(sheet: ExcelJS.Worksheet, rowNumber: number, names: readonly string[]): Map<string, ExcelJS.Cell> {
  return new Map(names.map((name, index) => [name, sheet.getRow(rowNumber).getCell(index + 1)]));
}

describe('XLSX format', () => {
  it('writes a header row and types each cell: text as strings, never a formula or a number', async () => {
    const book = await read(await itemsWorkbook());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Items']);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ITEM_COLUMNS]);
    expect(sheet.rowCount).toBe(3);
    const cells = rowByName(sheet, 2, ITEM_COLUMNS);
    const item = hostileItem();
    for (const [name, value] of [
      ['native_id', '-lS8FzY9aUM'],
      ['title', '=1+1'],
      ['author_handle', '@mayabrooks'],
      ['author_id', NINETEEN_DIGITS],
      ['published_text', '\t=cmd'],
      ['published_at_utc', '2026-01-01T10:00:00.000Z'],
      ['url', item.url],
    ] as const) {
      expect(cells.get(name)!.type, name).toBe(ExcelJS.ValueType.String);
      expect(cells.get(name)!.value, name).toBe(value);
    }
    // XML keeps a tab and line breaks; it reads a carriage return as a line break.
    expect(cells.get('text')!.value).toBe(item.text!.replaceAll('\r\n', '\n').replaceAll('\r', '\n'));
    for (const [name, value] of [
      ['id', 7],
      ['views', 1200],
      ['likes', -3],
      ['duration_ms', 61_000],
    ] as const) {
      expect(cells.get(name)!.type, name).toBe(ExcelJS.ValueType.Number);
      expect(cells.get(name)!.value, name).toBe(value);
    }
    expect(cells.get('has_transcript')!.value).toBe(true);
    expect(cells.get('reposts')!.type).toBe(ExcelJS.ValueType.Null);
    expect(sheet.getRow(3).getCell(ITEM_COLUMNS.indexOf('views') + 1).type).toBe(ExcelJS.ValueType.Null);
  });

  it('writes the local-time columns as dates of that wall-clock time, the UTC ones as ISO text', async () => {
    const sheet = (await read(await itemsWorkbook())).worksheets[0]!;
    const cells = rowByName(sheet, 2, ITEM_COLUMNS);
    expect(cells.get('published_local')!.type).toBe(ExcelJS.ValueType.Date);
    expect((cells.get('published_local')!.value as Date).toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(cells.get('published_local')!.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cells.get('fetched_at_utc')!.value).toBe('2026-01-05T00:00:00.000Z');
    expect(cells.get('local_time_zone')!.value).toBe('UTC');
    // An item without a date has empty date cells.
    expect(sheet.getRow(3).getCell(ITEM_COLUMNS.indexOf('published_local') + 1).type).toBe(ExcelJS.ValueType.Null);
  });

  it('writes transcripts a row per segment on a Transcripts sheet, an untimed one as its text', async () => {
    const sink = memorySink();
    const writer = xlsxTranscriptWriter(context, sink);
    const item = hostileItem();
    writer.begin();
    writer.startItem(item);
    writer.startTranscript(transcript, item);
    writer.segment(hostileSegment);
    writer.endTranscript();
    writer.startTranscript({ ...transcript, id: 4, timed: false, fullText: '@all =untimed' }, item);
    writer.endTranscript();
    writer.endItem();
    writer.end();
    await writer.settled!();
    const book = await read(sink.bytes());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Transcripts']);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SEGMENT_COLUMNS]);
    const timed = rowByName(sheet, 2, SEGMENT_COLUMNS);
    expect(timed.get('text')!.value).toBe(hostileSegment.text);
    expect(timed.get('start_ms')!.value).toBe(1500);
    expect(timed.get('start')!.value).toBe('0:00:01');
    expect(timed.get('item_id')!.value).toBe(7);
    expect(timed.get('request_id')!.value).toBe('req_2');
    expect(timed.get('transcript_fetched_local')!.type).toBe(ExcelJS.ValueType.Date);
    const untimed = rowByName(sheet, 3, SEGMENT_COLUMNS);
    expect(untimed.get('text')!.value).toBe('@all =untimed');
    expect(untimed.get('segment')!.type).toBe(ExcelJS.ValueType.Null);
  });

  it('cuts a text longer than Excel takes in a cell, and says so in it', () => {
    expect(excelText('short')).toBe('short');
    const long = '🙂'.repeat(EXCEL_CELL_LIMIT);
    const cut = excelText(long);
    expect(cut.length).toBeLessThanOrEqual(EXCEL_CELL_LIMIT);
    expect(cut.endsWith(CUT_MARK)).toBe(true);
    // Never half an emoji.
    expect(cut.slice(0, -CUT_MARK.length)).toBe('🙂'.repeat((cut.length - CUT_MARK.length) / 2));
  });

  it('is a zip that Python opens, with a sheet that holds no formula', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-xlsx-'));
    try {
      const path = join(dir, 'items.xlsx');
      writeFileSync(path, await itemsWorkbook());
      const listed = execFileSync(
        'python3',
        [
          '-c',
          'import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({"names": z.namelist(), "sheet": z.read("xl/worksheets/sheet1.xml").decode("utf-8")}))',
          path,
        ],
        { encoding: 'utf8' },
      );
      const { names, sheet } = JSON.parse(listed) as { names: string[]; sheet: string };
      expect(names).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
      expect(sheet).not.toMatch(/<f[ >]/);
      expect(sheet).toContain(`<v>${NINETEEN_DIGITS}</v>`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds the rows back while the zip is behind, so a large export does not pile up in memory', async () => {
    const sink: ByteSink = { write: async () => undefined };
    const writer = xlsxItemWriter(context, sink);
    writer.begin();
    const item = exportItem({ text: 'x'.repeat(6000) });
    let highest = 0;
    let sawBacklog = false;
    for (let index = 0; index < 3000; index += 1) {
      writer.item({ ...item, id: index }, index);
      if (index % 250 === 249) {
        sawBacklog ||= writer.sheet.backlog() > 0;
        await writer.settled!();
        highest = Math.max(highest, writer.sheet.backlog());
      }
    }
    writer.end();
    await writer.settled!();
    // About 18 MB of rows went through; after each wait, no more than the limit was waiting.
    expect(sawBacklog).toBe(true);
    expect(highest).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
