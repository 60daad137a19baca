import { describe, expect, it } from 'vitest';
import { plainTextFormat } from '../../../../../src/main/core/export/formats/plain-text';
import { context, exportItem, segments, transcript } from './fixtures';

describe('plain text format', () => {
  it('starts a transcript with its citation, then a line per segment with its time', () => {
    const writer = plainTextFormat.transcripts!(context);
    const item = exportItem();
    let text = writer.begin() + writer.startItem(item) + writer.startTranscript(transcript, item);
    for (const segment of segments) text += writer.segment(segment);
    text += writer.endTranscript() + writer.endItem() + writer.end();
    const lines = text.split('\n');
    expect(lines[0]).toBe('Harbour flooding explained');
    expect(text).toContain('Source: https://www.youtube.com/watch?v=abc123');
    expect(text).toContain('Transcript fetched: 2026-01-05T01:00:00.000Z by videosite/transcript, request id req_2');
    expect(lines).toContain('[0:00:00] Welcome back');
    expect(lines).toContain('[0:01:05] The reservoir is nearly empty');
  });

  it('writes an untimed transcript as its whole text', () => {
    const writer = plainTextFormat.transcripts!(context);
    const item = exportItem();
    const untimed = { ...transcript, timed: false, fullText: '  All of it.  ' };
    const text = writer.begin() + writer.startTranscript(untimed, item) + writer.endTranscript() + writer.end();
    expect(text.endsWith('All of it.\n')).toBe(true);
  });

  it('keeps a blank line between two transcripts of one file', () => {
    const writer = plainTextFormat.transcripts!(context);
    const item = exportItem();
    writer.begin();
    writer.startTranscript(transcript, item);
    expect(writer.startTranscript({ ...transcript, language: 'fr' }, item).startsWith('\n')).toBe(true);
  });
});
