/**
 * A small library on disk for the export tests: videos with transcripts (one untimed), hostile
 * items from the demo service's list, notes, tags and a collection in a hand-made order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTILE_FORMULAS, HOSTILE_MARKDOWN, HOSTILE_MARKUP, HOSTILE_LINKS } from '../../../../src/main/demo/hostile';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

export interface ExportLibrary {
  db: Database;
  dir: string;
  ids: { harbour: number; drought: number; hostile: number; minus: number; untimed: number };
  dispose(): void;
}

export function createExportLibrary(): ExportLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-export-'));
  const db = openDatabase({ path: join(dir, 'library', 'gleaner.sqlite') });
  const ingest = createIngester(db, stubNormalise);
  const collections = createCollectionRepository(db, () => '2026-01-05T00:00:00.000Z');
  const author = { name: 'Port News', handle: '@portnews', id: 'UC1', url: 'https://www.youtube.com/@portnews' };

  const videos = ingest(
    fakeResponse(
      'videosite/search',
      {
        items: [
          item({
            nativeId: 'aaaaaaaaaa1',
            title: 'Harbour flooding explained',
            text: 'Water reached the quay.\nSecond line.\n\nA new paragraph, with "quotes", commas and a CRLF\r\nbreak.',
            author,
            publishedAt: '2026-01-01T10:00:00.000Z',
            durationMs: 95_000,
            metrics: { views: 1200, likes: 31, comments: 4, reposts: null, shares: null, followers: null },
          }),
          item({
            nativeId: 'bbbbbbbbbb2',
            title: 'Dry summer in Spain',
            author: { ...author, name: 'Iberia', handle: '@iberia' },
            publishedText: '3 days ago',
          }),
        ],
      },
      { requestId: 'req_videos_1', fetchedAt: '2026-01-02T08:00:00.000Z' },
    ),
  ).itemIds;

  const hostile = ingest(
    fakeResponse(
      'tweetsite/user/tweets',
      {
        items: [
          item({
            nativeId: 'h1',
            platform: 'tweetsite',
            kind: 'post',
            url: 'javascript:alert(1)',
            title: HOSTILE_FORMULAS[0],
            text: [...HOSTILE_MARKDOWN, ...HOSTILE_MARKUP, `see ${HOSTILE_LINKS[0]}`].join('\n'),
            author: { name: HOSTILE_MARKDOWN[1], handle: HOSTILE_FORMULAS[3], id: null, url: null },
            publishedAt: '2026-01-03T23:30:00.000Z',
          }),
          item({
            nativeId: 'h2',
            platform: 'tweetsite',
            kind: 'post',
            url: 'https://x.com/someone/status/2',
            title: '-2',
            text: HOSTILE_FORMULAS[4],
            metrics: { views: 10, likes: -3, comments: 0, reposts: null, shares: null, followers: null },
          }),
        ],
      },
      { requestId: 'req_tweets_1', fetchedAt: '2026-01-04T12:00:00.000Z' },
    ),
  ).itemIds;

  const untimed = ingest(
    fakeResponse(
      'shortvideo/video',
      {
        items: [
          item({ nativeId: 'sv1', platform: 'shortvideo', kind: 'video', url: 'https://www.tiktok.com/@a/video/1', title: 'Short clip' }),
        ],
      },
      { requestId: 'req_short_1', fetchedAt: '2026-01-02T09:00:00.000Z' },
    ),
  ).itemIds;

  ingest(
    fakeResponse(
      'videosite/transcript',
      {
        transcripts: [
          {
            nativeId: 'aaaaaaaaaa1',
            url: null,
            language: 'en',
            available: true,
            format: 'segments',
            fullText: null,
            segments: [
              { startMs: 0, endMs: 2500, text: 'Good evening from the harbour.' },
              { startMs: 2500, endMs: null, text: `=cmd|' /C calc'!A0 and <b>bold</b> --> arrow` },
              { startMs: 3_725_400, endMs: 3_730_000, text: 'Line one\nline two\n\nafter a blank line' },
            ],
          },
          {
            nativeId: 'bbbbbbbbbb2',
            url: null,
            language: null,
            available: true,
            format: 'segments',
            fullText: null,
            segments: [{ startMs: 1000, endMs: 4000, text: '# not a heading | not a table' }],
          },
        ],
      },
      {
        requestId: 'req_transcript_1',
        fetchedAt: '2026-01-02T08:30:00.000Z',
        params: { url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1' },
      },
    ),
  );
  ingest(
    fakeResponse(
      'shortvideo/video',
      {
        transcripts: [
          {
            nativeId: 'sv1',
            url: null,
            language: 'en',
            available: true,
            format: 'text',
            fullText: 'An untimed transcript, text only.',
            segments: [],
          },
        ],
      },
      { requestId: 'req_short_2', fetchedAt: '2026-01-02T09:05:00.000Z' },
    ),
  );

  const ids = { harbour: videos[0]!, drought: videos[1]!, hostile: hostile[0]!, minus: hostile[1]!, untimed: untimed[0]! };
  collections.create('Harbour story');
  collections.add('Harbour story', [ids.hostile, ids.harbour, ids.untimed]);
  db.prepare("INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (?, 0, ?, '2026-01-05T00:00:00.000Z')").run(
    ids.harbour,
    'Ask the port authority.\n# not a heading',
  );
  db.prepare("INSERT INTO tags (item_id, collection_id, tag) VALUES (?, 0, 'water'), (?, 0, '=tag')").run(ids.harbour, ids.harbour);

  return {
    db,
    dir,
    ids,
    dispose() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
