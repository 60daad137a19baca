import type { ExportContext } from '../../../../../src/main/core/export/formats/types';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../../../../src/main/core/store/export-records';

export const context: ExportContext = {
  scope: { kind: 'all' },
  scopeLabel: 'whole library',
  exportedAt: '2026-01-06T07:08:09.000Z',
  timeZone: 'UTC',
  appVersion: '0.0.0-test',
};

/** One item as the export records read it, with a note, a tag and its citation. */
export function exportItem(overrides: Partial<ExportItem> = {}): ExportItem {
  return {
    id: 7,
    platform: 'videosite',
    kind: 'video',
    nativeId: 'abc123',
    url: 'https://www.youtube.com/watch?v=abc123',
    title: 'Harbour flooding explained',
    text: 'The tide came in',
    authorName: 'Port News',
    authorHandle: '@portnews',
    authorId: 'UC1',
    authorUrl: 'https://www.youtube.com/@portnews',
    publishedAt: '2026-01-01T10:00:00.000Z',
    publishedText: null,
    publishedApproximate: false,
    durationMs: 61_000,
    views: 1200,
    likes: 30,
    comments: 4,
    reposts: null,
    shares: null,
    followers: null,
    hasTranscript: true,
    extras: {},
    demo: false,
    tags: ['flood'],
    notes: [{ collection: null, body: 'Check the date' }],
    citation: {
      url: 'https://www.youtube.com/watch?v=abc123',
      platform: 'videosite',
      author: 'Port News @portnews',
      publishedAt: '2026-01-01T10:00:00.000Z',
      fetchedAt: '2026-01-05T00:00:00.000Z',
      operation: 'videosite/search',
      requestId: 'req_1',
    },
    ...overrides,
  };
}

export const transcript: ExportTranscript = {
  id: 3,
  itemId: 7,
  language: 'en',
  format: 'segments',
  fullText: null,
  fetchedAt: '2026-01-05T01:00:00.000Z',
  operation: 'videosite/transcript',
  requestId: 'req_2',
  timed: true,
};

export const segments: ExportSegment[] = [
  { number: 1, startMs: 0, endMs: 4000, text: 'Welcome back' },
  { number: 2, startMs: 65_000, endMs: null, text: 'The reservoir is nearly empty' },
];
