import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { createCollectionsRepository } from '../../../../src/main/core/store/collections-repository';
import { openDatabase } from '../../../../src/main/core/store/database';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: ReadableDB;
let ids: number[];
const at = '2026-01-01T00:00:00.000Z';
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  ids = createIngester(
    db,
    stubNormalise,
  )(
    fakeResponse('videosite/search', {
      items: [item({ nativeId: 'a1', title: 'One' }), item({ nativeId: 'a2', title: 'Two' }), item({ nativeId: 'a3', title: 'Three' })],
    }),
  ).itemIds;
});
afterEach(() => db.close());

describe('collections repository', () => {
  it('appends items once each, in order, and reads them back with their places', () => {
    const collections = createCollectionsRepository(db);
    const id = writeTransaction(db, (tx) => collections.create(tx, 'Harbour', at));
    const added = writeTransaction(db, (tx) => collections.append(tx, id, [ids[1]!, ids[0]!, ids[1]!], () => at));
    expect(added).toBe(2);
    expect(collections.byName('Harbour')).toEqual({ id, name: 'Harbour' });
    expect(collections.summary(id)).toMatchObject({ name: 'Harbour', itemCount: 2 });
    expect(collections.members(id).map((m) => m.itemId)).toEqual([ids[1], ids[0]]);
    expect(collections.rows(id, { offset: 1, limit: -1 })).toMatchObject([{ id: ids[0], position: 2, title: 'One' }]);
    expect(collections.rowsOf(id, [ids[0]!], { offset: 0, limit: -1 })).toMatchObject([{ id: ids[0], position: 2 }]);
    expect(collections.countOf(id, [ids[0]!, ids[2]!])).toBe(1);
    expect(collections.list().map((c) => c.name)).toEqual(['Harbour']);
  });

  it('moves, removes and puts back by position', () => {
    const collections = createCollectionsRepository(db);
    const id = writeTransaction(db, (tx) => collections.create(tx, 'C', at));
    writeTransaction(db, (tx) => collections.append(tx, id, ids, () => at));
    const from = collections.position(id, ids[2]!)!;
    expect(collections.neighbours(id, from, -1, 2).map((n) => n.itemId)).toEqual([ids[1], ids[0]]);
    expect(collections.rank(id, from)).toBe(3);
    const place = collections.place(id, ids[0]!)!;
    expect(writeTransaction(db, (tx) => collections.removeItem(tx, id, ids[0]!))).toBe(true);
    expect(writeTransaction(db, (tx) => collections.removeItem(tx, id, ids[0]!))).toBe(false);
    expect(writeTransaction(db, (tx) => collections.insertAt(tx, id, place))).toBe(true);
    expect(collections.members(id).map((m) => m.itemId)).toEqual(ids);
  });

  it('takes the queue’s waiting jobs along on a rename and lets them go on a delete', () => {
    const collections = createCollectionsRepository(db);
    const id = writeTransaction(db, (tx) => collections.create(tx, 'Old', at));
    writeTransaction(db, () => {
      const batch = db.prepare("INSERT INTO batches (kind, label, collection, created_at) VALUES ('import', 'x', 'old', ?)").run(at);
      db.prepare(
        "INSERT INTO jobs (batch_id, operation, params, state, collection, created_at, updated_at) VALUES (?, 'videosite/video', '{}', 'queued', 'old', ?, ?)",
      ).run(batch.lastInsertRowid, at, at);
    });
    expect(collections.waitingJobIds('Old')).toHaveLength(1);
    writeTransaction(db, (tx) => {
      collections.rename(tx, id, 'New', at);
      collections.retargetQueuedWork(tx, 'Old', 'New');
    });
    expect(collections.waitingJobIds('Old')).toEqual([]);
    expect(collections.waitingJobIds('new')).toHaveLength(1);
    writeTransaction(db, (tx) => {
      collections.delete(tx, id);
      collections.detachWaitingJobs(tx, 'New');
    });
    expect(collections.byName('New')).toBeUndefined();
    expect(collections.waitingJobIds('New')).toEqual([]);
  });
});
