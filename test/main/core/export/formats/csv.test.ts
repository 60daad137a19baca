import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFormat, ITEM_COLUMNS, SEGMENT_COLUMNS } from '../../../../../src/main/core/export/formats/csv';
import { context, exportItem, segments, transcript } from './fixtures';

describe('CSV format', () => {
  it('writes a header row and one row per item, with a byte-order mark for spreadsheets', () => {
    expect(csvFormat.byteOrderMark).toBe(true);
    const writer = csvFormat.items!(context);
    const text = writer.begin() + writer.item(exportItem(), 0) + writer.end();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual([...ITEM_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Harbour flooding explained');
    expect(rows[1]).toContain('Check the date');
  });

  it('neutralises a cell a spreadsheet would run as a formula', () => {
    const writer = csvFormat.items!(context);
    const text = writer.begin() + writer.item(exportItem({ title: '=HYPERLINK("http://x")' }), 0) + writer.end();
    const rows = parse(text) as string[][];
    expect(rows[1]).not.toContain('=HYPERLINK("http://x")');
    expect(rows[1]!.some((cell) => cell.endsWith('=HYPERLINK("http://x")'))).toBe(true);
  });

  it('writes a transcript a row per segment', () => {
    const writer = csvFormat.transcripts!(context);
    const item = exportItem();
    let text = writer.begin() + writer.startItem(item) + writer.startTranscript(transcript, item);
    for (const segment of segments) text += writer.segment(segment);
    text += writer.endTranscript() + writer.endItem() + writer.end();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual([...SEGMENT_COLUMNS]);
    expect(rows.slice(1).map((row) => row.find((cell) => cell.startsWith('The reservoir') || cell === 'Welcome back'))).toEqual([
      'Welcome back',
      'The reservoir is nearly empty',
    ]);
  });
});
