import { describe, it, expect } from 'vitest';
import { findAtPlaces, findTranscriptKey } from '../../../../../src/main/core/platforms/read/find-transcript';
import { inferUnit, readSegmentList } from '../../../../../src/main/core/platforms/read/segments';
import { looksTimed, parseTimedText } from '../../../../../src/main/core/platforms/read/timed-text';
import { clockToMs } from '../../../../../src/main/core/platforms/read/time';
import { isExplicitlyEmpty, readTranscript, unavailableTranscript } from '../../../../../src/main/core/platforms/read/transcripts';

const ID = { nativeId: 'abc', url: 'https://example.com/v/abc', kind: 'video' as const, language: null };

describe('segment lists', () => {
  it('reads milliseconds carried as strings, sorted by start', () => {
    const reading = readSegmentList([
      { text: 'second', startMs: '2000', endMs: '3500', startTimeText: '0:02' },
      { text: 'first', startMs: '0', endMs: '2000', startTimeText: '0:00' },
    ]);
    expect(reading.segments).toEqual([
      { startMs: 0, endMs: 2000, text: 'first' },
      { startMs: 2000, endMs: 3500, text: 'second' },
    ]);
    expect(reading.texts).toEqual(['second', 'first']);
  });

  it('takes unit-less integers with small gaps as seconds', () => {
    expect(
      readSegmentList([
        { text: 'a', start: 0, end: 3 },
        { text: 'b', start: 3, end: 7 },
      ]).segments,
    ).toEqual([
      { startMs: 0, endMs: 3000, text: 'a' },
      { startMs: 3000, endMs: 7000, text: 'b' },
    ]);
  });

  it('takes unit-less integers with large gaps as milliseconds', () => {
    expect(
      readSegmentList([
        { text: 'a', offset: 0, duration: 2500 },
        { text: 'b', offset: 2500, duration: 1800 },
      ]).segments,
    ).toEqual([
      { startMs: 0, endMs: 2500, text: 'a' },
      { startMs: 2500, endMs: 4300, text: 'b' },
    ]);
  });

  it('takes fractional unit-less values as seconds', () => {
    expect(readSegmentList([{ text: 'a', start: '0.5', dur: '1.25' }]).segments).toEqual([{ startMs: 500, endMs: 1750, text: 'a' }]);
  });

  it('honours keys that say their unit, clock strings and unit suffixes', () => {
    const reading = readSegmentList([
      { text: 'a', startSeconds: 1, endSeconds: 2 },
      { text: 'b', start_ms: 2500, duration_ms: 500 },
      { text: 'c', start: '00:00:04.250', end: '00:00:05,000' },
      { text: 'd', start: '6s', end: '6500ms' },
      { text: 'e', tStartMs: 7000, dDurationMs: 1000 },
    ]);
    expect(reading.segments.map((segment) => [segment.startMs, segment.endMs])).toEqual([
      [1000, 2000],
      [2500, 3000],
      [4250, 5000],
      [6000, 6500],
      [7000, 8000],
    ]);
  });

  it('leaves the end null when unknown or before the start', () => {
    expect(
      readSegmentList([
        { text: 'a', startMs: '5000' },
        { text: 'b', startMs: '6000', endMs: '100' },
      ]).segments,
    ).toEqual([
      { startMs: 5000, endMs: null, text: 'a' },
      { startMs: 6000, endMs: null, text: 'b' },
    ]);
  });

  it('reads other text keys and runs of text', () => {
    const reading = readSegmentList([
      { snippet: 'x', start: 0 },
      { segs: [{ utf8: 'he' }, { utf8: 'llo' }], tStartMs: 100 },
      { content: 'y', start: 1 },
    ]);
    expect(reading.texts).toEqual(['x', 'hello', 'y']);
  });

  it('counts entries without text as unreadable and entries without time as untimed', () => {
    const reading = readSegmentList([{ text: 'a', startMs: '0' }, { startMs: '1' }, null, 5, { text: 'no time' }, 'plain']);
    expect(reading.segments).toHaveLength(1);
    expect(reading.unreadable).toBe(3);
    expect(reading.untimed).toBe(2);
    expect(reading.texts).toEqual(['a', 'no time', 'plain']);
  });

  it('infers units from the pace of the text, as documented', () => {
    const timing = (start: number | null, chars: number, end: number | null = null, duration: number | null = null) => ({
      start,
      end,
      duration,
      chars,
    });
    // Caption lines of about 40 characters, a few seconds apart, in seconds and in milliseconds.
    expect(inferUnit([timing(0, 40), timing(2, 40), timing(5, 40)])).toBe('s');
    expect(inferUnit([timing(0, 40), timing(2000, 40), timing(5000, 40)])).toBe('ms');
    // Paragraphs two minutes long in whole seconds: long gaps, but a paragraph's worth of text.
    expect(inferUnit([timing(0, 1800, 120), timing(120, 1900, 245), timing(245, 1850, 370)])).toBe('s');
    // Word timings in milliseconds: short gaps, one word each.
    expect(inferUnit([timing(0, 4), timing(80, 5), timing(160, 3), timing(240, 6)])).toBe('ms');
    // Sparse music cues in seconds still read as seconds.
    expect(inferUnit([timing(0, 7, 30), timing(30, 7, 60)])).toBe('s');
    // Durations alone, and a fraction anywhere.
    expect(inferUnit([timing(null, 30, null, 3500)])).toBe('ms');
    expect(inferUnit([timing(null, 30, null, 3)])).toBe('s');
    expect(inferUnit([timing(0, 40), timing(1.5, 40)])).toBe('s');
    // No length at all: a lone start of 1000 or more is milliseconds.
    expect(inferUnit([timing(12, 40)])).toBe('s');
    expect(inferUnit([timing(12000, 40)])).toBe('ms');
  });

  it('reads whole-second paragraphs and millisecond words at their true times', () => {
    const paragraph = (n: number) => `${'word '.repeat(300)}${n}`;
    const seconds = readSegmentList([
      { start: 0, end: 120, text: paragraph(1) },
      { start: 120, end: 245, text: paragraph(2) },
      { start: 245, end: 370, text: paragraph(3) },
    ]);
    expect(seconds.segments.map((segment) => [segment.startMs, segment.endMs])).toEqual([
      [0, 120_000],
      [120_000, 245_000],
      [245_000, 370_000],
    ]);
    const words = readSegmentList(['So', 'here', 'we', 'go'].map((word, index) => ({ start: 80 * index, text: word })));
    expect(words.segments.map((segment) => segment.startMs)).toEqual([0, 80, 160, 240]);
  });
});

describe('WebVTT and SRT', () => {
  const vtt = [
    '\ufeffWEBVTT - captions',
    'Kind: captions',
    'Language: en',
    '',
    'NOTE this is a comment',
    'that spans two lines',
    '',
    'STYLE',
    '::cue { color: yellow }',
    '',
    'cue-1',
    '00:00:01.000 --> 00:00:03.500 align:start position:0%',
    '<v Roger Bingham>We are in New York City',
    '',
    '00:03.500 --> 00:05.000',
    '<c.colorE5E5E5>and</c><00:00:04.000><c> it is</c> <i>raining</i> &amp; cold',
    'second line',
    '',
    '01:00:00.000 --> 01:00:01.000',
    '<script>alert(1)</script> &lt;b&gt;',
    '',
    '00:00:06.000 --> 00:00:07.000',
    '<c> </c>',
    '',
  ].join('\r\n');

  it('parses cues, ignoring header, NOTE, STYLE, ids, settings, tags and empty cues', () => {
    expect(parseTimedText(vtt)).toEqual([
      { startMs: 1000, endMs: 3500, text: 'We are in New York City' },
      { startMs: 3500, endMs: 5000, text: 'and it is raining & cold\nsecond line' },
      // Text that is not a cue tag is content and is kept verbatim.
      { startMs: 3_600_000, endMs: 3_601_000, text: '<script>alert(1)</script> <b>' },
    ]);
  });

  it('reads WebVTT given as a transcript', () => {
    const reading = readTranscript(vtt, ID);
    expect(reading.transcript).toMatchObject({ ...ID, available: true, format: 'webvtt' });
    expect(reading.transcript?.fullText).toBe(
      'We are in New York City and it is raining & cold\nsecond line <script>alert(1)</script> <b>',
    );
  });

  it('parses SRT with commas and numbered cues', () => {
    const srt = '1\n00:00:00,000 --> 00:00:01,200\nHi\n\n2\n00:00:01,200 --> 00:00:02,000\n<i>there</i>\n';
    expect(looksTimed(srt)).toBe(true);
    expect(readTranscript(srt, ID).transcript).toEqual({
      ...ID,
      available: true,
      segments: [
        { startMs: 0, endMs: 1200, text: 'Hi' },
        { startMs: 1200, endMs: 2000, text: 'there' },
      ],
      fullText: 'Hi there',
      format: 'webvtt',
    });
  });

  it('reads a WebVTT file without cues as no transcript', () => {
    expect(readTranscript('WEBVTT\n\nNOTE nothing here\n', ID).transcript).toEqual(unavailableTranscript(ID));
  });

  it('is not fooled by an arrow in prose', () => {
    expect(looksTimed('go from A --> B')).toBe(false);
    expect(parseTimedText('just text')).toBeNull();
  });
});

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

describe('finding a transcript in an unknown layout', () => {
  it('takes the first place that exists, even when null', () => {
    expect(findAtPlaces({ a: { t: null }, t: 'x' }, [['a', 't'], ['t']])).toEqual({ value: null, path: 'a.t' });
    expect(findAtPlaces({ t: 'x' }, [['a', 't'], ['t']])).toEqual({ value: 'x', path: 't' });
    expect(findAtPlaces({}, [['t']])).toBeNull();
  });

  it('searches keys named like a transcript, breadth first', () => {
    expect(findTranscriptKey({ media: [{ info: { captions: 'x' } }], other: { deep: { deeper: { transcript: 'y' } } } })).toEqual({
      value: 'x',
      path: 'media[0].info.captions',
    });
    expect(findTranscriptKey({ a: 1 })).toBeNull();
  });
});

describe('clock times', () => {
  it('reads m:ss, h:mm:ss, fractions and SRT commas', () => {
    expect(clockToMs('3:33')).toBe(213_000);
    expect(clockToMs('1:02:03')).toBe(3_723_000);
    expect(clockToMs('00:00:01.5')).toBe(1500);
    expect(clockToMs('00:00:01,250')).toBe(1250);
    expect(clockToMs('12:34.567')).toBe(754_567);
    expect(clockToMs('1:60')).toBeNull();
    expect(clockToMs('LIVE')).toBeNull();
    expect(clockToMs(5)).toBeNull();
  });
});
