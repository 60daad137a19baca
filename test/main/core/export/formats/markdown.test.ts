import { describe, expect, it } from 'vitest';
import { markdownFormat } from '../../../../../src/main/core/export/formats/markdown';
import { context, exportItem, segments, transcript } from './fixtures';

describe('Markdown format', () => {
  it('writes each item under a heading, with its note and tag', () => {
    const writer = markdownFormat.items!(context);
    const text = writer.begin() + writer.item(exportItem(), 0) + writer.end();
    expect(text).toContain('Harbour flooding explained');
    expect(text).toMatch(/^#/m);
    expect(text).toContain('Check the date');
    expect(text).toContain('flood');
  });

  it('ends with a numbered Sources list citing the request', () => {
    const sources = markdownFormat.sources!(context);
    const text = sources.begin() + sources.item(exportItem(), 0);
    expect(text.startsWith('## Sources\n\n1. ')).toBe(true);
    expect(text).toContain('https://www.youtube.com/watch?v=abc123');
  });

  it('writes a transcript’s segments with their times under its item', () => {
    const writer = markdownFormat.transcripts!(context);
    const item = exportItem();
    let text = writer.begin() + writer.startItem(item) + writer.startTranscript(transcript, item);
    for (const segment of segments) text += writer.segment(segment);
    text += writer.endTranscript() + writer.endItem() + writer.end();
    expect(text.indexOf('Harbour flooding explained')).toBeLessThan(text.indexOf('Welcome back'));
    expect(text).toContain('1:05');
    expect(text).toContain('The reservoir is nearly empty');
  });
});
