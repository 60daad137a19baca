import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFormat, ITEM_COLUMNS, SEGMENT_COLUMNS } from '../../../../../src/main/core/export/formats/csv';
import { csvDataFormat } from '../../../../../src/main/core/export/formats/csv-data';
import { context, transcript } from './fixtures';
import { hostileItem, hostileSegment, NINETEEN_DIGITS } from './hostile-values';

const itemsCsv = (format = csvDataFormat): string => {
  const writer = format.items!(context);
  return writer.begin() + writer.item(hostileItem(), 0) + writer.end();
};

const records = (text: string): Record<string, string>[] => parse(text, { columns: true }) as Record<string, string>[];

describe('CSV for data tools', () => {
  it('writes every value as given, quoted so csv-parse reads it back whole', () => {
    expect(csvDataFormat.byteOrderMark).toBe(false);
    const text = itemsCsv();
    expect(text.startsWith('id,platform')).toBe(true);
    const [record] = records(text);
    const item = hostileItem();
    expect(Object.keys(record!)).toEqual([...ITEM_COLUMNS]);
    expect(record).toMatchObject({
      native_id: '-lS8FzY9aUM',
      title: '=1+1',
      text: item.text,
      author_name: '@mayabrooks',
      author_handle: '@mayabrooks',
      author_id: NINETEEN_DIGITS,
      published_text: '\t=cmd',
      likes: '-3',
      views: '1200',
      has_transcript: 'true',
    });
  });

  it('keeps the spreadsheet flavour as it was: an apostrophe before what a spreadsheet would run', () => {
    const [record] = records(itemsCsv(csvFormat));
    expect(record).toMatchObject({ native_id: "'-lS8FzY9aUM", title: "'=1+1", author_handle: "'@mayabrooks", likes: "'-3" });
    expect(record!.author_id).toBe(NINETEEN_DIGITS);
  });

  it('writes transcript segments as given, under the same columns as the spreadsheet CSV', () => {
    const writer = csvDataFormat.transcripts!(context);
    const item = hostileItem();
    const text =
      writer.begin() +
      writer.startItem(item) +
      writer.startTranscript(transcript, item) +
      writer.segment(hostileSegment) +
      writer.endTranscript() +
      writer.endItem() +
      writer.end();
    const [record] = records(text);
    expect(Object.keys(record!)).toEqual([...SEGMENT_COLUMNS]);
    expect(record).toMatchObject({ text: hostileSegment.text, start_ms: '1500', start: '0:00:01', language: 'en' });
  });

  it("opens in Python's csv module with every value as given", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-csv-data-'));
    try {
      const path = join(dir, 'items.csv');
      writeFileSync(path, itemsCsv());
      const read = execFileSync(
        'python3',
        [
          '-c',
          'import csv, json, sys\nwith open(sys.argv[1], newline="", encoding="utf-8") as f: print(json.dumps(list(csv.DictReader(f))))',
          path,
        ],
        { encoding: 'utf8' },
      );
      const [row] = JSON.parse(read) as Record<string, string>[];
      expect(Object.keys(row!)[0]).toBe('id');
      expect(row).toMatchObject({ native_id: '-lS8FzY9aUM', title: '=1+1', author_id: NINETEEN_DIGITS, text: hostileItem().text });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
