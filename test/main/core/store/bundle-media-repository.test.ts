/** The media addresses a bundle reads: thumbnail and the text extras mediaUrl/downloadUrl, in the scope's order, past one page. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { bundleMediaAddresses } from '../../../../src/main/core/store/bundle-media-repository';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { createScopeTable } from '../../../../src/main/core/store/export-scope';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: Database;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

describe('bundle media addresses', () => {
  it('reads each item’s thumbnail, media file and download, and only text ones', () => {
    const ingest = createIngester(db, stubNormalise);
    const ids = ingest(
      fakeResponse('videosite/search', {
        items: [
          item({
            nativeId: 'a1',
            thumbnailUrl: 'https://img.example/a1.jpg',
            extras: { mediaUrl: 'https://v.example/a1.mp4', downloadUrl: 'https://v.example/a1-nwm.mp4' },
          }),
          // A number where an address belongs is not an address.
          item({ nativeId: 'a2', extras: { mediaUrl: 42, altText: 'a boat' } }),
          item({ nativeId: 'a3' }),
        ],
      }),
    ).itemIds;
    const scope = createScopeTable(db, { kind: 'all' });
    expect([...bundleMediaAddresses(db, scope.name)]).toEqual([
      {
        id: ids[0],
        thumbnailUrl: 'https://img.example/a1.jpg',
        mediaUrl: 'https://v.example/a1.mp4',
        downloadUrl: 'https://v.example/a1-nwm.mp4',
      },
      { id: ids[1], thumbnailUrl: null, mediaUrl: null, downloadUrl: null },
      { id: ids[2], thumbnailUrl: null, mediaUrl: null, downloadUrl: null },
    ]);
  });

  it('goes on past a page, in the scope’s order', () => {
    const ingest = createIngester(db, stubNormalise);
    const count = 1203;
    const ids = ingest(
      fakeResponse('videosite/search', {
        items: Array.from({ length: count }, (_, index) =>
          item({ nativeId: `v${index}`, extras: { mediaUrl: `https://v.example/${index}.mp4` } }),
        ),
      }),
    ).itemIds;
    const reversed = [...ids].reverse();
    const scope = createScopeTable(db, { kind: 'items', ids: reversed });
    const rows = [...bundleMediaAddresses(db, scope.name)];
    expect(rows.map((row) => row.id)).toEqual(reversed);
    expect(rows[0]!.mediaUrl).toBe(`https://v.example/${count - 1}.mp4`);
  });
});
