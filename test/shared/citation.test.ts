import { describe, expect, it } from 'vitest';
import {
  citeItem,
  citedTitle,
  makeCitation,
  parseMoment,
  quoteSegment,
  quoteUntimedPassage,
  referenceSentence,
  segmentClock,
  segmentShownAt,
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
  demo: false,
};
const cited = { operation: 'videosite/video', requestId: 'req_item_1', fetchedAt: '2026-11-23T00:17:34Z' };
const transcript = { language: 'en', fetchedAt: '2026-11-23T00:18:00.000Z', operation: 'videosite/transcript', requestId: 'req_tr_2' };

describe('an item’s citation', () => {
  it('names the author with the platform’s handle, title, platform by its known name, dates in words and the request', () => {
    expect(citeItem(video, makeCitation(video, cited))).toBe(
      'Harbour News (@harbournews), “Council budget hearing”, YouTube video, published 8 March 2025. ' +
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ. Fetched 23 November 2026, 00:17 UTC by videosite/video, request id req_item_1.',
    );
  });

  it('writes APA 7 and Chicago for social-media posts, each with the fetch moment and the request id', () => {
    const citation = makeCitation(video, cited);
    expect(citeItem(video, citation, 'apa')).toBe(
      'Harbour News [@harbournews]. (2025, March 8). Council budget hearing [Video]. YouTube. ' +
        'Retrieved 23 November 2026, 00:17 UTC, from https://www.youtube.com/watch?v=dQw4w9WgXcQ (request id req_item_1, videosite/video).',
    );
    expect(citeItem(video, citation, 'chicago')).toBe(
      'Harbour News (@harbournews), “Council budget hearing,” YouTube video, March 8, 2025, https://www.youtube.com/watch?v=dQw4w9WgXcQ, ' +
        'accessed 23 November 2026, 00:17 UTC (request id req_item_1, videosite/video).',
    );
  });

  it('says "approximately" before a date worked out from the platform’s words, in every style', () => {
    const estimated = { ...video, publishedApproximate: true };
    const citation = makeCitation(estimated, cited);
    expect(citeItem(estimated, citation)).toContain(', published approximately 8 March 2025.');
    expect(citeItem(estimated, citation, 'apa')).toContain('(approximately 2025, March 8)');
    expect(citeItem(estimated, citation, 'chicago')).toContain(', approximately March 8, 2025,');
  });

  it('writes one handle form per platform, whichever way the response spelled it', () => {
    const post = { ...video, platform: 'forum', kind: 'post', authorName: null, authorHandle: 'u/tidewatcher' };
    expect(citeItem(post, makeCitation(post, cited))).toMatch(/^u\/tidewatcher, “Council budget hearing”, Reddit post,/);
    const tweet = { ...video, platform: 'tweetsite', kind: 'tweet', authorName: 'Ana', authorHandle: 'ana' };
    expect(citeItem(tweet, makeCitation(tweet, cited), 'apa')).toMatch(/^Ana \[@ana\]\. /);
  });

  it('never offers an address that is not plain https, and says when there is none', () => {
    const citation = makeCitation({ ...video, url: 'javascript:alert(1)' }, cited);
    expect(citation.url).toBeNull();
    expect(citeItem(video, citation)).toContain('. no web address on record. Fetched');
  });

  it('gives a publication time the platform gave only in words as shown, not as a date', () => {
    const worded = { ...video, publishedAt: '3 days ago', publishedText: '3 days ago' };
    const citation = makeCitation(worded, cited);
    expect(citation.publishedAt).toBeNull();
    expect(citeItem(worded, citation)).toContain('YouTube video, shown as published “3 days ago” when fetched.');
    expect(citeItem(worded, citation, 'apa')).toContain('(n.d.)');
  });

  it('calls an untitled item by the shared label: the start of its text, cut at a word, else what it is and who posted it', () => {
    expect(citedTitle({ ...video, title: null, text: 'word '.repeat(30) })).toBe(`${'word '.repeat(16).trim()}…`);
    expect(citedTitle({ ...video, title: null, text: null })).toBe('Untitled video by @harbournews');
    expect(citedTitle({ ...video, kind: 'tweet', title: null, text: ' ', authorHandle: null, authorName: null })).toBe(
      'Untitled short message',
    );
    expect(citedTitle({ ...video, title: '  ', text: 'The words' })).toBe('The words');
  });

  it('describes an untitled item without the quotes of a title', () => {
    const untitled = { ...video, kind: 'short', title: null, text: null };
    expect(citeItem(untitled, makeCitation(untitled, cited))).toMatch(/^Harbour News \(@harbournews\), untitled YouTube short, published /);
    expect(citeItem(untitled, makeCitation(untitled, cited), 'apa')).toContain('(2025, March 8). [Short]. YouTube.');
  });

  it('keeps platform text on one line, without controls, an override shown as a mark, in plain text', () => {
    const hostile = { ...video, title: 'Line one\nline two\u001b[31m', authorName: 'in\u202Egnp.exe', authorHandle: null };
    for (const style of ['newsroom', 'apa', 'chicago'] as const) {
      const text = citeItem(hostile, makeCitation(hostile, cited), style);
      expect(text).toContain('Line one line two[31m');
      expect(text).toContain('in⟨RLO⟩gnp.exe');
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(text).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
    }
  });

  it('writes the same sentence in any medium, through that medium’s escaping', () => {
    const brackets: ReferenceStyle = { text: (value) => `[${value}]`, link: (url) => `<${url}>` };
    expect(referenceSentence(makeCitation(video, cited), { ...video, title: 'T' }, brackets)).toBe(
      '[Harbour News] ([@harbournews]), “[T]”, [YouTube] video, published 8 March 2025. <https://www.youtube.com/watch?v=dQw4w9WgXcQ>. ' +
        'Fetched [23 November 2026, 00:17 UTC] by [videosite/video], request id [req_item_1].',
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
        '— at 1:23 in: Harbour News (@harbournews), “Council budget hearing”, YouTube video, published 8 March 2025. ' +
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ. Fetched 23 November 2026, 00:17 UTC by videosite/video, request id req_item_1.',
        'Open at 1:23: https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s',
        'Transcript in English (en) fetched 23 November 2026, 00:18 UTC by videosite/transcript, request id req_tr_2.',
      ].join('\n'),
    );
  });

  it('cites the item in the style chosen', () => {
    const quote = quoteSegment(video, makeCitation(video, cited), transcript, { startMs: 0, text: 'Hi' }, 'chicago');
    expect(quote.split('\n')[1]).toMatch(
      /^— at 0:00 in: Harbour News \(@harbournews\), “Council budget hearing,” YouTube video, March 8, 2025,/,
    );
  });

  it('offers no moment link where the platform has none, and no language it was not told', () => {
    const short = { ...video, platform: 'shortvideo', kind: 'short', url: 'https://www.tiktok.com/@a/video/1' };
    const quote = quoteSegment(short, makeCitation(short, cited), { ...transcript, language: null }, { startMs: 2000, text: 'Hi' });
    expect(quote).not.toContain('Open at');
    expect(quote).toContain('\nTranscript fetched 23 November 2026, 00:18 UTC by videosite/transcript');
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

describe('the segment the transcript shows at a moment', () => {
  const segments = [{ startMs: 0 }, { startMs: 2000 }, { startMs: 5000 }];

  it('is the latest shown at or before it', () => {
    expect(segmentShownAt(segments, 0)).toBe(segments[0]);
    expect(segmentShownAt(segments, 4999)).toBe(segments[1]);
    expect(segmentShownAt(segments, 5000)).toBe(segments[2]);
    expect(segmentShownAt(segments, 99_000)).toBe(segments[2]);
  });

  it('is the line the transcript labels with that clock, though it starts a fraction of a second later', () => {
    const lines = [{ startMs: 61_700 }, { startMs: 63_400 }, { startMs: 65_000 }];
    expect(segmentClock(lines[1]!.startMs)).toBe('1:03');
    expect(segmentShownAt(lines, parseMoment('1:03')!)).toBe(lines[1]);
    // Two lines shown at one clock: the first of them.
    const same = [{ startMs: 63_100 }, { startMs: 63_800 }];
    expect(segmentShownAt(same, 63_000)).toBe(same[0]);
  });

  it('is the first before any is shown, and none without timed segments', () => {
    expect(segmentShownAt([{ startMs: 1000 }, { startMs: 3000 }], 10)).toEqual({ startMs: 1000 });
    expect(segmentShownAt([], 10)).toBeNull();
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

describe('a quote of a transcript without timings', () => {
  it('gives the words, the item and the transcript’s own request, and no moment', () => {
    const tweet = { ...video, platform: 'tweetsite', kind: 'tweet', url: 'https://x.com/harbournews/status/1712345678901234567' };
    const quote = (style?: 'apa') =>
      quoteUntimedPassage(tweet, makeCitation(tweet, cited), { ...transcript, language: null }, 'The pilots\u202E walked\nout.', style);
    expect(quote('apa')).not.toBe(quote());
    expect(quote()).toBe(
      [
        '“The pilots⟨RLO⟩ walked out.”',
        '— in: Harbour News (@harbournews), “Council budget hearing”, X short message, published 8 March 2025. ' +
          'https://x.com/harbournews/status/1712345678901234567. Fetched 23 November 2026, 00:17 UTC by videosite/video, request id req_item_1.',
        'Transcript (without timings) fetched 23 November 2026, 00:18 UTC by videosite/transcript, request id req_tr_2.',
      ].join('\n'),
    );
  });
});
