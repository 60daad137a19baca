import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { createAnnotationsRepository, LIBRARY_WIDE } from '../../../../src/main/core/store/annotations-repository';
import { createCollectionsRepository } from '../../../../src/main/core/store/collections-repository';
import { openDatabase } from '../../../../src/main/core/store/database';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: ReadableDB;
let itemId: number;
let collectionId: number;
const at = '2026-01-01T00:00:00.000Z';
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  itemId = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [item({ nativeId: 'a1' })] })).itemIds[0]!;
  const collections = createCollectionsRepository(db);
  collectionId = writeTransaction(db, (tx) => {
    const id = collections.create(tx, 'Harbour', at);
    collections.append(tx, id, [itemId], () => at);
    return id;
  });
});
afterEach(() => db.close());

describe('annotations repository', () => {
  it('keeps notes library-wide and per collection, replacing and deleting them', () => {
    const annotations = createAnnotationsRepository(db);
    writeTransaction(db, (tx) => {
      annotations.saveNote(tx, itemId, LIBRARY_WIDE, 'everywhere', at);
      annotations.saveNote(tx, itemId, collectionId, 'first', at);
      annotations.saveNote(tx, itemId, collectionId, 'here', at);
    });
    expect(annotations.noteBody(itemId, collectionId)).toBe('here');
    expect(annotations.notesOf(itemId)).toEqual([
      { collection: null, body: 'everywhere', updatedAt: at },
      { collection: 'Harbour', body: 'here', updatedAt: at },
    ]);
    expect(annotations.notesOfCollection(collectionId)).toEqual([{ itemId, body: 'here' }]);
    writeTransaction(db, (tx) => annotations.deleteNote(tx, itemId, LIBRARY_WIDE));
    expect(annotations.noteBody(itemId, LIBRARY_WIDE)).toBeUndefined();
    expect(annotations.collectionsOf(itemId)).toEqual(['Harbour']);
  });

  it('adds a tag once per level, counts its items, and removes it at one level only', () => {
    const annotations = createAnnotationsRepository(db);
    const added = writeTransaction(db, (tx) => [
      annotations.addTag(tx, itemId, LIBRARY_WIDE, 'flood'),
      annotations.addTag(tx, itemId, LIBRARY_WIDE, 'flood'),
      annotations.addTag(tx, itemId, collectionId, 'flood'),
    ]);
    expect(added).toEqual([true, false, true]);
    expect(annotations.tagSummaries()).toEqual([{ tag: 'flood', itemCount: 1 }]);
    expect(annotations.tagsOf(itemId)).toEqual([
      { collection: null, tag: 'flood' },
      { collection: 'Harbour', tag: 'flood' },
    ]);
    expect(writeTransaction(db, (tx) => annotations.removeTag(tx, itemId, collectionId, 'flood'))).toBe(true);
    expect(annotations.tagsOfCollection(collectionId)).toEqual([]);
    expect(annotations.tagsOf(itemId)).toEqual([{ collection: null, tag: 'flood' }]);
  });

  it('clears a collection’s own notes and tags, never the library-wide ones', () => {
    const annotations = createAnnotationsRepository(db);
    writeTransaction(db, (tx) => {
      annotations.saveNote(tx, itemId, collectionId, 'here', at);
      annotations.addTag(tx, itemId, collectionId, 'mine');
      annotations.addTag(tx, itemId, LIBRARY_WIDE, 'all');
      annotations.deleteAllOfCollection(tx, collectionId);
    });
    expect(annotations.notesOfCollection(collectionId)).toEqual([]);
    expect(annotations.tagsOf(itemId)).toEqual([{ collection: null, tag: 'all' }]);
  });
});
