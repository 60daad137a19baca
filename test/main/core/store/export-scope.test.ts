import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { createScopeTable, openExportReader } from '../../../../src/main/core/store/export-scope';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: Database;
let ids: number[];
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  ids = createIngester(
    db,
    stubNormalise,
  )(
    fakeResponse('videosite/search', {
      items: [
        item({ nativeId: 'a1', title: 'Flood one' }),
        item({ nativeId: 'a2', title: 'Dry two' }),
        item({ nativeId: 'a3', title: 'Flood three' }),
      ],
    }),
  ).itemIds;
});
afterEach(() => db.close());

const idsIn = (table: string) => db.prepare(`SELECT item_id FROM ${table} ORDER BY ord`).pluck().all();

describe('export scope', () => {
  it('lists a selection in its order, each item once, leaving out ids the library does not hold', () => {
    const scope = createScopeTable(db, { kind: 'items', ids: [ids[2]!, 999, ids[0]!, ids[2]!] });
    expect(scope.label).toBe('selection of 3 items');
    expect(idsIn(scope.name)).toEqual([ids[2], ids[0]]);
    scope.drop();
    expect(() => idsIn(scope.name)).toThrow();
  });

  it('takes a collection in its order, the whole library by id, and one item', () => {
    const collections = createCollectionRepository(db, () => '2026-01-01T00:00:00.000Z');
    collections.create('Harbour');
    collections.add('Harbour', [ids[1]!, ids[0]!]);
    const collection = createScopeTable(db, { kind: 'collection', name: 'Harbour' });
    expect(collection.label).toBe('collection “Harbour”');
    expect(idsIn(collection.name)).toEqual([ids[1], ids[0]]);
    expect(idsIn(createScopeTable(db, { kind: 'all' }).name)).toEqual(ids);
    expect(idsIn(createScopeTable(db, { kind: 'item', id: ids[1]! }).name)).toEqual([ids[1]]);
  });

  it('takes a search in the order the Library shows it', () => {
    const scope = createScopeTable(db, { kind: 'search', search: { query: 'flood', sort: 'title' } });
    expect(scope.label).toBe('search “flood”');
    expect(idsIn(scope.name)).toEqual([ids[0], ids[2]]);
  });

  it('says what is missing, creating no table', () => {
    expect(() => createScopeTable(db, { kind: 'item', id: 999 })).toThrow(/No item with id 999/);
    expect(() => createScopeTable(db, { kind: 'collection', name: 'Nope' })).toThrow(/no collection named "Nope"/);
    expect(db.prepare("SELECT count(*) FROM temp.sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
  });

  it('reads an in-memory library through its own connection, with no snapshot to hold', () => {
    const reader = openExportReader(db);
    expect(reader.db).toBe(db);
    reader.beginSnapshot();
    expect(db.inTransaction).toBe(false);
    reader.close();
    expect(db.open).toBe(true);
  });
});
