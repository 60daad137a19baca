import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFormat, ITEM_COLUMNS } from '../../../../src/main/core/export/formats/csv';
import { jsonFormat } from '../../../../src/main/core/export/formats/json';
import { markdownFormat } from '../../../../src/main/core/export/formats/markdown';
import { plainTextFormat } from '../../../../src/main/core/export/formats/plain-text';
import { context, exportItem, transcript } from './formats/fixtures';

const APPROXIMATE = '2025-11-27T00:00:00.000Z';
const FETCHED = '2026-11-27T08:00:00.000Z';
/** A video the video site listed as "1 year ago": its date was read from that wording. */
const relative = exportItem({
  publishedAt: APPROXIMATE,
  publishedText: '1 year ago',
  publishedApproximate: true,
  citation: { ...exportItem().citation, publishedAt: APPROXIMATE, publishedApproximate: true, fetchedAt: FETCHED },
});

describe('an approximate publish date in exports', () => {
  it('is flagged in a published_approximate column of CSV, next to the wording', () => {
    const writer = csvFormat.items!(context);
    const rows = parse(writer.begin() + writer.item(relative, 0) + writer.item(exportItem(), 1) + writer.end()) as string[][];
    const column = ITEM_COLUMNS.indexOf('published_approximate' as (typeof ITEM_COLUMNS)[number]);
    expect(column).toBe(ITEM_COLUMNS.indexOf('published_text') + 1);
    expect(rows.slice(1).map((row) => [row[column - 3], row[column - 1], row[column]])).toEqual([
      [APPROXIMATE, '1 year ago', 'true'],
      ['2026-01-01T10:00:00.000Z', '', 'false'],
    ]);
  });

  it('is flagged in JSON', () => {
    const writer = jsonFormat.items!(context);
    const doc = JSON.parse(writer.begin() + writer.item(relative, 0) + writer.end()) as { items: Record<string, unknown>[] };
    expect(doc.items[0]).toMatchObject({ published_at: APPROXIMATE, published_text: '1 year ago', published_approximate: true });
  });

  it('is never written as an exact time in Markdown or plain text: the wording, when it was shown, and the approximate day', () => {
    const said = `1 year ago (as shown on the platform at ${FETCHED}), approximately 2025-11-27`;
    const markdown = markdownFormat.items!(context);
    const md = markdown.begin() + markdown.item(relative, 0) + markdown.end();
    expect(md).toContain(`- Published: ${said}`);
    expect(md).not.toContain(`Published: ${APPROXIMATE}`);
    const text = plainTextFormat.transcripts!(context);
    const txt = text.begin() + text.startItem(relative) + text.startTranscript(transcript, relative);
    expect(txt).toContain(`Published: ${said}`);
  });
});
