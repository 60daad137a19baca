import { describe, expect, it } from 'vitest';
import { approximatelySuffix, describeApproximate, exactPublishedAt, formatPublished } from '../../src/shared/published';

const approximate = { publishedAt: '2025-11-27T00:00:00.000Z', publishedText: '1 year ago', publishedApproximate: true };
const exact = { publishedAt: '2024-03-04T10:00:00.000Z', publishedText: null, publishedApproximate: false };

describe('how a publish date reads', () => {
  it('marks an approximate date, only as fine as its wording', () => {
    expect(formatPublished(approximate)).toBe('≈ Nov 2025');
    expect(formatPublished({ ...approximate, publishedText: '2 days ago', publishedAt: '2026-11-25T00:00:00.000Z' })).toBe('≈ 25 Nov 2026');
    expect(formatPublished(exact)).toBe('4 Mar 2024');
    expect(formatPublished({ publishedAt: null, publishedText: 'Premieres in 3 days', publishedApproximate: false })).toBe(
      'Premieres in 3 days',
    );
  });

  it('gives the wording and the approximate date together for the item detail', () => {
    expect(describeApproximate(approximate)).toBe('about 1 year ago · ≈ Nov 2025');
    expect(describeApproximate({ ...approximate, publishedText: 'Streamed 2 days ago', publishedAt: '2026-11-25T00:00:00.000Z' })).toBe(
      'Streamed 2 days ago · ≈ 25 Nov 2026',
    );
    expect(describeApproximate(exact)).toBeNull();
  });

  it('never lets a citation state an approximate date as a time', () => {
    expect(exactPublishedAt(approximate)).toBeNull();
    expect(exactPublishedAt(exact)).toBe(exact.publishedAt);
    expect(approximatelySuffix(approximate)).toBe(', approximately 2025-11-27');
    expect(approximatelySuffix(exact)).toBe('');
  });
});
