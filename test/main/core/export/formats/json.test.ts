import { describe, expect, it } from 'vitest';
import { jsonFormat, jsonLinesFormat } from '../../../../../src/main/core/export/formats/json';
import { context, exportItem, segments, transcript } from './fixtures';

describe('JSON formats', () => {
  it('writes one document: the export header, then the items with their citation', () => {
    const writer = jsonFormat.items!(context);
    const text = writer.begin() + writer.item(exportItem(), 0) + writer.item(exportItem({ id: 8, title: null }), 1) + writer.end();
    const doc = JSON.parse(text) as { export: Record<string, unknown>; items: Record<string, unknown>[] };
    expect(doc.items.map((item) => item.id)).toEqual([7, 8]);
    expect(doc.items[0]).toMatchObject({ native_id: 'abc123', author: { handle: '@portnews' }, metrics: { views: 1200 } });
    expect(JSON.stringify(doc.export)).toContain('2026-01-06T07:08:09.000Z');
  });

  it('writes an empty list as a valid document', () => {
    const writer = jsonFormat.items!(context);
    expect(JSON.parse(writer.begin() + writer.end())).toMatchObject({ items: [] });
  });

  it('nests an item’s transcripts with their segments', () => {
    const writer = jsonFormat.transcripts!(context);
    const item = exportItem();
    let text = writer.begin() + writer.startItem(item) + writer.startTranscript(transcript, item);
    for (const segment of segments) text += writer.segment(segment);
    text += writer.endTranscript() + writer.endItem() + writer.end();
    const doc = JSON.parse(text) as { items: { transcripts: { language: string; segments: { text: string }[] }[] }[] };
    expect(doc.items[0]!.transcripts[0]!.language).toBe('en');
    expect(doc.items[0]!.transcripts[0]!.segments.map((s) => s.text)).toEqual(['Welcome back', 'The reservoir is nearly empty']);
  });

  it('writes JSON Lines as one parseable item per line', () => {
    const writer = jsonLinesFormat.items!(context);
    const text = writer.begin() + writer.item(exportItem(), 0) + writer.item(exportItem({ id: 8 }), 1) + writer.end();
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines.map((line) => (JSON.parse(line) as { id: number }).id)).toEqual([7, 8]);
  });
});
