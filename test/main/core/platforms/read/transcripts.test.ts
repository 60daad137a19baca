import { describe, it, expect } from 'vitest';
import { isExplicitlyEmpty, readTranscript } from '../../../../../src/main/core/platforms/read/transcripts';

const ID = { nativeId: 'abc', url: 'https://example.com/v/abc', kind: 'video' as const, language: null };

describe('readTranscript in any form', () => {
  it('reads plain text as given', () => {
    const words = '  Hello =cmd| "world"  ';
    expect(readTranscript(words, ID).transcript).toEqual({ ...ID, available: true, segments: [], fullText: words, format: 'text' });
  });

  it('reads a list of strings as untimed text', () => {
    expect(readTranscript(['one', 'two'], ID).transcript).toEqual({
      ...ID,
      available: true,
      segments: [],
      fullText: 'one two',
      format: 'text',
    });
  });

  it('prefers the given whole text to the joined segments', () => {
    const reading = readTranscript([{ text: 'a', startMs: '0' }], ID, { fullText: 'The whole text.' });
    expect(reading.transcript?.fullText).toBe('The whole text.');
  });

  it('opens wrappers and takes their language and whole text', () => {
    const reading = readTranscript(
      {
        lang: 'fr',
        text: 'Bonjour tout le monde',
        segments: [
          { text: 'Bonjour', start: 0 },
          { text: 'tout le monde', start: 1 },
        ],
      },
      ID,
    );
    expect(reading.transcript).toEqual({
      ...ID,
      language: 'fr',
      available: true,
      segments: [
        { startMs: 0, endMs: null, text: 'Bonjour' },
        { startMs: 1000, endMs: null, text: 'tout le monde' },
      ],
      fullText: 'Bonjour tout le monde',
      format: 'segments',
    });
    expect(readTranscript({ vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhey' }, ID).transcript?.format).toBe('webvtt');
    expect(readTranscript({ data: { transcript: { content: 'deep text' } } }, ID).transcript?.fullText).toBe('deep text');
  });

  it('chooses the alternative in the requested language', () => {
    const options = [
      { language: 'de', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo' },
      { language: 'en', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello' },
    ];
    expect(readTranscript(options, { ...ID, language: 'en-US' }).transcript).toMatchObject({ language: 'en', fullText: 'Hello' });
    expect(readTranscript(options, ID).transcript).toMatchObject({ language: 'de', fullText: 'Hallo' });
  });

  it('reads untimed lines in one language as one text, and a single wrapper with its language', () => {
    expect(
      readTranscript(
        [
          { text: 'a', lang: 'en' },
          { text: 'b', lang: 'en' },
        ],
        ID,
      ).transcript,
    ).toMatchObject({ fullText: 'a b', format: 'text' });
    expect(
      readTranscript(
        [
          { text: 'Hallo', lang: 'de' },
          { text: 'Hello', lang: 'en' },
        ],
        { ...ID, language: 'en' },
      ).transcript,
    ).toMatchObject({ language: 'en', fullText: 'Hello' });
    expect(readTranscript([{ language: 'es', text: 'Hola' }], ID).transcript).toMatchObject({
      language: 'es',
      fullText: 'Hola',
      format: 'text',
    });
  });

  it('gives no transcript for nothing readable, with a warning for garbage segments', () => {
    expect(readTranscript(null, ID).transcript).toBeNull();
    expect(readTranscript(42, ID).transcript).toBeNull();
    expect(readTranscript('   ', ID).transcript).toBeNull();
    expect(readTranscript({ status: 'ok' }, ID).transcript).toBeNull();
    const garbage = readTranscript([1, 2, null], ID);
    expect(garbage.transcript).toBeNull();
    expect(garbage.warnings).toEqual(['3 of 3 transcript segments could not be read.']);
  });

  it('says when a mixed list has untimed entries', () => {
    const reading = readTranscript([{ text: 'a', startMs: '0' }, { text: 'b' }], ID);
    expect(reading.transcript?.segments).toHaveLength(1);
    expect(reading.transcript?.fullText).toBe('a b');
    expect(reading.warnings).toEqual(['1 of 2 transcript segments had no start time and are only in the full text.']);
  });

  it('stops at a bounded depth on deeply nested or cyclic wrappers', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.data = cyclic;
    expect(readTranscript(cyclic, ID).transcript).toBeNull();
  });

  it('knows explicit emptiness', () => {
    expect([null, '', ' ', []].map(isExplicitlyEmpty)).toEqual([true, true, true, true]);
    expect([undefined, 'x', [1], {}].map(isExplicitlyEmpty)).toEqual([false, false, false, false]);
  });
});
