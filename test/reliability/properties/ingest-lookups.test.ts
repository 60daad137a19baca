/**
 * Ingest looks a response's stored items up in advance (by URL, then the native ids no URL
 * settled, or none of them while no URL is a stored item's, leaving the insert's unique index to
 * object). Over generated answers whose records share, lose, gain and swap native ids and links,
 * the library it builds is the one that asking record by record builds: the same items with the
 * same fields, the same sightings, the same item counts, and a consistent full-text index.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIngester, type IngesterOptions } from '../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../src/main/core/store/database';
import type { NormalisedItem } from '../../../src/shared/model';
import { fakeResponse, item, stubNormalise } from '../../helpers/library';
import { SIZES, TEST_TIMEOUT_MS } from '../sizes';

type Drawn = {
  platform: string;
  nativeId: string | null;
  url: string | null;
  title: string | null;
  views: number | null;
  publishedAt: string | null;
  publishedText: string | null;
};

const record: fc.Arbitrary<Drawn> = fc.record({
  platform: fc.constantFrom('videosite', 'videosite', 'videosite', 'shortvideo'),
  nativeId: fc.constantFrom(null, 'a', 'b', 'c', 'd'),
  url: fc.constantFrom(null, 'https://x/1', 'https://x/2', 'https://x/3', 'https://x/4', 'https://x/5'),
  title: fc.constantFrom(null, 'Flood', 'Harbour', 'Council'),
  views: fc.constantFrom(null, 1, 2),
  publishedAt: fc.constantFrom(null, '2025-01-01T00:00:00.000Z'),
  publishedText: fc.constantFrom(null, '3 days ago'),
});
const drawn = (platform: string, nativeId: string | null, url: string | null, title: string | null = null): Drawn => ({
  platform,
  nativeId,
  url,
  title,
  views: null,
  publishedAt: null,
  publishedText: null,
});
/** Cases the generator reaches only now and then: a stored id under a new link, met after a new item with that link. */
const EXAMPLES: [Drawn[][]][] = [
  [[[drawn('videosite', 'b', null, 'Flood')], [drawn('videosite', 'a', 'https://x/1'), drawn('videosite', 'b', 'https://x/1', 'Harbour')]]],
  [
    [
      [drawn('videosite', 'b', 'https://x/2')],
      [drawn('videosite', null, 'https://x/1'), drawn('videosite', 'b', 'https://x/1', 'Council')],
    ],
  ],
  [[[drawn('videosite', 'a', 'https://x/1')], [drawn('videosite', 'a', 'https://x/2'), drawn('videosite', null, 'https://x/1')]]],
];

const answers = fc.array(fc.array(record, { maxLength: 6 }), { minLength: 1, maxLength: 6 });

function toItem(drawn: Drawn, index: number): NormalisedItem {
  return item({
    platform: drawn.platform as NormalisedItem['platform'],
    nativeId: drawn.nativeId,
    url: drawn.url,
    title: drawn.title,
    publishedAt: drawn.publishedAt,
    publishedText: drawn.publishedText,
    metrics: { views: drawn.views, likes: null, comments: null, reposts: null, shares: null, followers: null },
    sourcePath: `videos[${index}]`,
  });
}

/** Everything ingest wrote, in a form two libraries can be compared by. */
function contents(db: Database) {
  return {
    items: db.prepare('SELECT * FROM items ORDER BY id').all(),
    sources: db.prepare('SELECT * FROM item_sources ORDER BY response_id, position').all(),
    counts: db.prepare('SELECT id, item_count FROM responses ORDER BY id').all(),
    index: db.prepare("SELECT rowid, * FROM items_fts WHERE items_fts MATCH 'flood OR harbour OR council' ORDER BY rowid").all(),
  };
}

function build(batches: readonly Drawn[][], options: IngesterOptions) {
  const db = openDatabase({ path: ':memory:' });
  try {
    const ingest = createIngester(db, stubNormalise, options);
    const results = batches.map((records, n) =>
      ingest(
        fakeResponse('videosite/search', { items: records.map(toItem) }, { fetchedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() }),
      ),
    );
    db.prepare("INSERT INTO items_fts (items_fts) VALUES ('integrity-check')").run();
    return { itemIds: results.map((result) => result.itemIds), ...contents(db) };
  } finally {
    db.close();
  }
}

describe('ingest lookups (property)', () => {
  it(
    'builds the library that record-by-record lookups build',
    () => {
      fc.assert(
        fc.property(answers, (batches) => {
          const batched = build(batches, { lookups: 'batched' });
          const perRecord = build(batches, { lookups: 'per-record' });
          expect(batched.itemIds).toEqual(perRecord.itemIds);
          expect(batched.items).toEqual(perRecord.items);
          expect(batched.sources).toEqual(perRecord.sources);
          expect(batched.counts).toEqual(perRecord.counts);
          expect(batched.index).toEqual(perRecord.index);
        }),
        { numRuns: SIZES.propertyRuns * 2, examples: EXAMPLES },
      );
    },
    TEST_TIMEOUT_MS,
  );
});
