import { describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { openDatabase } from '../../../../src/main/core/store/database';
import { collectionItems } from '../../../../src/main/core/usecases/collection-items';
import { manyVideosResponse } from '../../../helpers/library';

/**
 * Thirty videos in the library ("Harbour report" at 0, 10 and 20, "Weather note" otherwise); the
 * collection "Port" holds them from the last to the first, all but video 20.
 */
function library() {
  const db = openDatabase({ path: ':memory:' });
  const collections = createCollectionRepository(db, () => '2026-03-02T10:00:00.000Z');
  const ids = createIngester(db, normaliseResponse)(manyVideosResponse(30)).itemIds;
  collections.create('Port');
  collections.add('Port', ids.filter((_, n) => n !== 20).reverse());
  return { ctx: { db, collections }, ids };
}

const idsOf = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

describe('collectionItems', () => {
  it('without a query, reads the collection’s rows in its order, a page at a time', () => {
    const { ctx, ids } = library();
    const inOrder = ids.filter((_, n) => n !== 20).reverse();
    const page = collectionItems(ctx, { name: 'Port', offset: 2, limit: 3 });
    expect(page.total).toBe(29);
    expect(idsOf(page)).toEqual(inOrder.slice(2, 5));
    // Blank space is no query.
    expect(idsOf(collectionItems(ctx, { name: 'Port', query: '   ', limit: 3 }))).toEqual(inOrder.slice(0, 3));
  });

  it('with a query, keeps what a search within the collection finds, in the collection’s order', () => {
    const { ctx, ids } = library();
    const found = collectionItems(ctx, { name: 'Port', query: 'harbour' });
    // Video 20 matches but is not in the collection; 10 and 0 come as the collection has them, at places 19 and 29.
    expect(idsOf(found)).toEqual([ids[10], ids[0]]);
    expect(found.total).toBe(2);
    expect(found.items.map((item) => item.position)).toEqual([19, 29]);
    expect(found.collection.itemCount).toBe(29);
  });

  it('narrows a search to the ids asked for', () => {
    const { ctx, ids } = library();
    expect(idsOf(collectionItems(ctx, { name: 'Port', query: 'harbour', itemIds: [ids[0]!, ids[1]!, ids[20]!] }))).toEqual([ids[0]]);
    expect(idsOf(collectionItems(ctx, { name: 'Port', itemIds: [ids[1]!, ids[0]!] })).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('finds nothing where nothing matches, and refuses a collection that does not exist', () => {
    const { ctx } = library();
    expect(collectionItems(ctx, { name: 'Port', query: 'volcano' })).toMatchObject({ items: [], total: 0 });
    expect(() => collectionItems(ctx, { name: 'Nowhere', query: 'harbour' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
