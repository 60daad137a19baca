import { describe, it, expect } from 'vitest';
import { looksTimed, parseTimedText } from '../../../../../src/main/core/platforms/read/timed-text';
import { readTranscript, unavailableTranscript } from '../../../../../src/main/core/platforms/read/transcripts';

const ID = { nativeId: 'abc', url: 'https://example.com/v/abc', kind: 'video' as const, language: null };

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
