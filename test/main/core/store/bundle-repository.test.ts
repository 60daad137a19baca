/**
 * What a bundle reads of the library: the items' records as JSON text written by SQLite are the
 * very bytes JSON.stringify gives for the same records (quotes, control characters, scripts,
 * emoji, numbers, nulls), with each item's answers once, oldest first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemRecord } from '../../../../src/main/core/bundle/records';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { createBundleReader } from '../../../../src/main/core/store/bundle-repository';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { createScopeTable } from '../../../../src/main/core/store/export-scope';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: Database;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

const awkward = [
  'Quote " backslash \\ slash / and a tab\there',
  'Line\nbreak\r\nand \u0000\u0001\u001f\u007f controls',
  'Ünïcödé: Ελληνικά, 日本語, العربية, \u2028\u2029, \ufeff, 😀',
  '=SUM(A1);"cell, with comma"',
];

describe('bundle reader', () => {
  it('gives each item as the JSON text JSON.stringify makes of its record, byte for byte', () => {
    const ingest = createIngester(db, stubNormalise);
    const first = ingest(
      fakeResponse('videosite/search', {
        items: awkward.map((title, k) =>
          item({
            nativeId: `n${k}`,
            title,
            text: k === 0 ? null : title.repeat(3),
            author: { name: title, handle: '@h', id: null, url: null },
            durationMs: k * 1000,
            metrics: { views: 2 ** 53 - 1 - k, likes: 0, comments: null, reposts: -k, shares: null, followers: null },
          }),
        ),
      }),
    );
    // The first item found again in a later answer: both answers, oldest first, each once.
    ingest(
      fakeResponse(
        'videosite/search',
        { items: [item({ nativeId: 'n0', title: awkward[0] }), item({ nativeId: 'n0', sourcePath: 'videos[1]' })] },
        { requestId: 'req_later' },
      ),
    );
    const scope = createScopeTable(db, { kind: 'all' });
    const rows = createBundleReader(db, scope.name);
    const expected = [...rows.items()].map((row) => JSON.stringify(itemRecord(row)));
    const lines = [...rows.itemsJson()];
    expect(lines).toEqual(expected);
    expect(lines).toHaveLength(first.itemIds.length);
    expect(JSON.parse(lines[0]!).answers).toHaveLength(2);
    expect(JSON.parse(lines[1]!).answers).toHaveLength(1);
    rows.close();
    scope.drop();
  });
});
