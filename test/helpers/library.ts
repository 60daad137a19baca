import type { OperationId } from '../../src/shared/catalogue';
import type { Normalisation, NormalisedItem, NormalisedTranscript } from '../../src/shared/model';
import type { ResponseToStore } from '../../src/main/core/library/ingest';

let counter = 0;

/** A response as the client would hand it to ingest; `data` is what the stub normaliser reads. */
export function fakeResponse(operation: OperationId, data: unknown, overrides: Partial<ResponseToStore> = {}): ResponseToStore {
  counter += 1;
  return {
    operation,
    params: { query: 'test' },
    requestUrl: `https://api.example.com/api/v1/partner/${operation}?query=test`,
    requestId: `req_test_${counter}`,
    status: 200,
    fetchedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    durationMs: 12,
    body: JSON.stringify({ success: true, data }),
    data,
    nextPage: null,
    ...overrides,
  };
}

export function item(overrides: Partial<NormalisedItem> & Pick<NormalisedItem, 'nativeId'>): NormalisedItem {
  return {
    platform: 'videosite',
    kind: 'video',
    url: overrides.nativeId ? `https://www.youtube.com/watch?v=${overrides.nativeId}` : null,
    title: null,
    text: null,
    author: { name: null, handle: null, id: null, url: null },
    publishedAt: null,
    publishedText: null,
    durationMs: null,
    thumbnailUrl: null,
    metrics: { views: null, likes: null, comments: null, reposts: null, shares: null, followers: null },
    sourcePath: 'videos[0]',
    ...overrides,
  };
}

/** A normaliser that returns what the fake response's data says it holds. */
export const stubNormalise = (_operation: OperationId, data: unknown): Normalisation => {
  const d = data as { items?: NormalisedItem[]; transcripts?: NormalisedTranscript[]; warnings?: string[] };
  return { items: d.items ?? [], transcripts: d.transcripts ?? [], warnings: d.warnings ?? [] };
};

/**
 * A video-site search answer holding `count` videos, as the interface shows them: every tenth
 * titled "Harbour report N", the others "Weather note N" (something for a search to tell apart).
 */
export function manyVideosResponse(count: number): ResponseToStore {
  const videoId = (n: number) => `vid${String(n).padStart(8, '0')}`;
  const videos = Array.from({ length: count }, (_, n) => ({
    type: 'video',
    id: videoId(n),
    url: `https://www.youtube.com/watch?v=${videoId(n)}`,
    title: n % 10 === 0 ? `Harbour report ${n}` : `Weather note ${n}`,
    channel: { id: 'UC1', title: 'Port News', handle: '@portnews' },
  }));
  return fakeResponse('videosite/search', { videos, channels: [], playlists: [], shorts: [] });
}
