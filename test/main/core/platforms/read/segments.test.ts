import { describe, it, expect } from 'vitest';
import { inferUnit, readSegmentList } from '../../../../../src/main/core/platforms/read/segments';

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
