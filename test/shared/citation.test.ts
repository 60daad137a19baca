import { describe, expect, it } from 'vitest';
import {
  citeItem,
  citedTitle,
  makeCitation,
  parseMoment,
  quoteSegment,
  referenceSentence,
  segmentAt,
  type ReferenceStyle,
} from '../../src/shared/citation';
import type { ItemRecord } from '../../src/shared/library';

const video: ItemRecord = {
  id: 7,
  platform: 'videosite',
  kind: 'video',
  nativeId: 'dQw4w9WgXcQ',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  title: 'Council budget hearing',
  text: null,
  authorName: 'Harbour News',
  authorHandle: '@harbournews',
  authorId: 'UC1',
  authorUrl: null,
  publishedAt: '2025-03-08T10:00:00Z',
  publishedText: null,
  publishedApproximate: false,
  durationMs: 253_000,
  thumbnailUrl: null,
  views: 1200,
  likes: null,
  comments: null,
  reposts: null,
  shares: null,
  followers: null,
  firstFetchedAt: '2026-11-20T09:00:00.000Z',
  lastFetchedAt: '2026-11-23T00:17:34.000Z',
  hasTranscript: true,
  extras: {},
};
const cited = { operation: 'videosite/video', requestId: 'req_item_1', fetchedAt: '2026-11-23T00:17:34Z' };
const transcript = { language: 'en', fetchedAt: '2026-11-23T00:18:00.000Z', operation: 'videosite/transcript', requestId: 'req_tr_2' };

describe('an item’s citation', () => {
  it('names the author, title, platform, publication, address and the request that fetched it', () => {
    expect(citeItem(video, makeCitation(video, cited))).toBe(
      'Harbour News @harbournews, “Council budget hearing”, videosite, published 2025-03-08T10:00:00.000Z. ' +
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ. Fetched 2026-11-23T00:17:34.000Z by videosite/video, request id req_item_1.',
    );
  });

  it('never offers an address that is not plain https, and says when there is none', () => {
    const citation = makeCitation({ ...video, url: 'javascript:alert(1)' }, cited);
    expect(citation.url).toBeNull();
    expect(citeItem(video, citation)).toContain('. no web address on record. Fetched');
  });

  it('leaves out a publication time the platform gave only in words', () => {
    const citation = makeCitation({ ...video, publishedAt: '3 days ago' }, cited);
    expect(citation.publishedAt).toBeNull();
    expect(citeItem(video, citation)).not.toContain('published');
  });

  it('calls an untitled item by the start of its text, else by what it is', () => {
    expect(citedTitle({ ...video, title: null, text: 'x'.repeat(100) })).toBe('x'.repeat(80));
    // Never half of a surrogate pair at the cut.
    expect(citedTitle({ ...video, title: null, text: `${'a'.repeat(79)}😀 rest` })).toBe('a'.repeat(79));
    expect(citedTitle({ ...video, title: null, text: null })).toBe('[Untitled video]');
    expect(citedTitle({ ...video, kind: 'tweet', title: null, text: ' ' })).toBe('[Untitled short message]');
    expect(citedTitle({ ...video, kind: 'novel', title: null, text: null })).toBe('[Untitled novel]');
    expect(citedTitle({ ...video, title: '  ', text: 'The words' })).toBe('The words');
  });

  it('describes an untitled item in square brackets, not in the quotes of a title', () => {
    const untitled = { ...video, kind: 'short', title: null, text: null };
    expect(citeItem(untitled, makeCitation(untitled, cited))).toMatch(
      /^Harbour News @harbournews, \[Untitled short\], videosite, published /,
    );
  });

  it('keeps platform text on one line, without controls or direction overrides, in plain text', () => {
    const hostile = { ...video, title: 'Line one\nline two\u001b[31m', authorName: 'in\u202Egnp.exe', authorHandle: null };
    const text = citeItem(hostile, makeCitation(hostile, cited));
    expect(text).toContain('“Line one line two[31m”');
    expect(text).toContain('ingnp.exe,');
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
  });

  it('writes the same sentence in any medium, through that medium’s escaping', () => {
    const brackets: ReferenceStyle = { text: (value) => `[${value}]`, link: (url) => `<${url}>` };
    expect(referenceSentence(makeCitation(video, cited), { ...video, title: 'T' }, brackets)).toBe(
      '[Harbour News @harbournews], “[T]”, [videosite], published 2025-03-08T10:00:00.000Z. <https://www.youtube.com/watch?v=dQw4w9WgXcQ>. ' +
        'Fetched [2026-11-23T00:17:34.000Z] by [videosite/video], request id [req_item_1].',
    );
  });
});

describe('a quote of a transcript moment', () => {
  it('gives the words, the moment with a link that opens there, the item and the transcript’s own request', () => {
    expect(
      quoteSegment(video, makeCitation(video, cited), transcript, { startMs: 83_400, text: 'The council says\nthe work is done.' }),
    ).toBe(
      [
        '“The council says the work is done.”',
        '— at 1:23 in: Harbour News @harbournews, “Council budget hearing”, videosite, published 2025-03-08T10:00:00.000Z. ' +
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ. Fetched 2026-11-23T00:17:34.000Z by videosite/video, request id req_item_1.',
        'Open at 1:23: https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s',
        'Transcript in English (en) fetched 2026-11-23T00:18:00.000Z by videosite/transcript, request id req_tr_2.',
      ].join('\n'),
    );
  });

  it('offers no moment link where the platform has none, and no language it was not told', () => {
    const short = { ...video, platform: 'shortvideo', kind: 'short', url: 'https://www.tiktok.com/@a/video/1' };
    const quote = quoteSegment(short, makeCitation(short, cited), { ...transcript, language: null }, { startMs: 2000, text: 'Hi' });
    expect(quote).not.toContain('Open at');
    expect(quote).toContain('\nTranscript fetched 2026-11-23T00:18:00.000Z by videosite/transcript');
  });

  it('keeps a language the library does not know, as the platform gave it, on one line without overrides', () => {
    const quote = quoteSegment(
      video,
      makeCitation(video, cited),
      { ...transcript, language: 'x\u202Eevil\nline' },
      { startMs: 0, text: 'Hi' },
    );
    expect(quote.split('\n')).toHaveLength(4);
    expect(quote).not.toMatch(/[\u202a-\u202e]/);
  });
});

describe('the segment said at a moment', () => {
  const segments = [{ startMs: 0 }, { startMs: 2000 }, { startMs: 5000 }];

  it('is the latest to start at or before it', () => {
    expect(segmentAt(segments, 0)).toBe(segments[0]);
    expect(segmentAt(segments, 4999)).toBe(segments[1]);
    expect(segmentAt(segments, 5000)).toBe(segments[2]);
    expect(segmentAt(segments, 99_000)).toBe(segments[2]);
  });

  it('is the first before any starts, and none without timed segments', () => {
    expect(segmentAt([{ startMs: 1000 }, { startMs: 3000 }], 10)).toEqual({ startMs: 1000 });
    expect(segmentAt([], 10)).toBeNull();
  });
});

describe('a moment as people write it', () => {
  it.each([
    ['83', 83_000],
    ['83.4', 83_400],
    ['1:23', 83_000],
    ['01:23', 83_000],
    ['0:01:23', 83_000],
    ['2:00:05', 7_205_000],
    [' 4:05 ', 245_000],
    ['90:00', 5_400_000],
    ['1:05.5', 65_500],
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseMoment(text)).toBe(ms);
  });

  it.each(['', 'soon', '1:83', '1:000005', '1:2:3:4', '1:60:00', '-5', '1:-2', ':30', '1:', '1,5', '1e3'])('refuses %j', (text) => {
    expect(parseMoment(text)).toBeNull();
  });
});
