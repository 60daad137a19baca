import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatDate, formatDateTime, formatItems, formatPublished } from '../../src/renderer/src/lib/format';
import { formatClock, formatMoment } from '../../src/shared/export';
import { containsText, highlightText, splitSnippet, stripMarkers } from '../../src/renderer/src/lib/snippet';

describe('snippets', () => {
  it('splits on the private-use markers into marked and unmarked text', () => {
    expect(splitSnippet('…the \uE000flood\uE001 came in \uE000March\uE001')).toEqual([
      { text: '…the ', marked: false },
      { text: 'flood', marked: true },
      { text: ' came in ', marked: false },
      { text: 'March', marked: true },
    ]);
  });

  it('keeps markup as text and drops stray markers', () => {
    expect(splitSnippet('<script>alert(1)</script> \uE000x\uE001\uE001')).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'x', marked: true },
    ]);
    expect(splitSnippet('\uE000open')).toEqual([{ text: 'open', marked: true }]);
    expect(splitSnippet('')).toEqual([]);
    expect(stripMarkers('a \uE000b\uE001 c')).toBe('a b c');
  });

  it('highlights every case-insensitive occurrence of typed text', () => {
    expect(highlightText('Open data, open DATA', 'data')).toEqual([
      { text: 'Open ', marked: false },
      { text: 'data', marked: true },
      { text: ', open ', marked: false },
      { text: 'DATA', marked: true },
    ]);
    expect(highlightText('nothing here', '  ')).toEqual([{ text: 'nothing here', marked: false }]);
    expect(containsText('The Council says', ' council ')).toBe(true);
  });
});

describe('formatting', () => {
  it('formats counts and item totals', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('—');
    expect(formatCompact(9999)).toBe('9,999');
    expect(formatCompact(2_181_795)).toBe('2.2M');
    expect(formatItems(1)).toBe('1 item');
    expect(formatItems(1234)).toBe('1,234 items');
  });

  it('formats times in UTC and transcript moments as a clock', () => {
    expect(formatDate('2024-03-12T23:30:00Z')).toBe('12 Mar 2024');
    expect(formatDateTime('2024-03-12T14:05:09.000Z')).toBe('12 Mar 2024, 14:05:09 UTC');
    expect(formatPublished(null, '3 days ago')).toBe('3 days ago');
    expect(formatMoment(0)).toBe('0:00');
    expect(formatMoment(75_400)).toBe('1:15');
    expect(formatMoment(3_599_999)).toBe('59:59');
    expect(formatMoment(3_725_000)).toBe('1:02:05');
    expect(formatMoment(-5)).toBe('0:00');
    // The exports' column keeps one width.
    expect(formatClock(75_400)).toBe('0:01:15');
    expect(formatClock(36_000_000)).toBe('10:00:00');
  });
});
