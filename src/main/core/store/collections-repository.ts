/**
 * Collections and their ordered members (collection_items). An item can be in many collections;
 * deleting a collection never deletes items.
 */
import type { CollectionItem, CollectionPlace, CollectionSummary } from '../../../shared/library';
import { JOB_WAITING } from './queue/statements';
import type { ReadableDB, WritableDB } from './write-transaction';
import { preparedOnUse } from './prepared-on-use';
import { itemIsDemoSql } from './demo-mark';

/** A collection row as read, before its tags are given their level (`tags` is a JSON array). */
export type StoredCollectionRow = Omit<CollectionItem, 'tags' | 'publishedApproximate' | 'demo'> & {
  tags: string | null;
  publishedApproximate: number;
  demo: number;
};

/** A stretch of a collection's rows: `limit` -1 for all. */
export interface RowStretch {
  offset: number;
  limit: number;
}

export interface CollectionsRepository<Tx = WritableDB> {
  byName(name: string): { id: number; name: string } | undefined;
  list(): CollectionSummary[];
  summary(id: number): CollectionSummary | undefined;
  /** Members in order, with the time each came. */
  members(id: number): { itemId: number; addedAt: string }[];
  place(id: number, itemId: number): CollectionPlace | undefined;
  position(id: number, itemId: number): number | undefined;
  /** Up to `count` members before (delta < 0) or after the position, nearest first. */
  neighbours(id: number, position: number, delta: number, count: number): { itemId: number; position: number }[];
  /** How many members stand before this position, plus one: the place shown to the user. */
  rank(id: number, position: number): number;
  /** Rows of the whole order, each with its place (from 1). */
  rows(id: number, stretch: RowStretch): StoredCollectionRow[];
  /** Rows of only these items (those still in it), each with its place in the whole order. */
  rowsOf(id: number, itemIds: readonly number[], stretch: RowStretch): StoredCollectionRow[];
  countOf(id: number, itemIds: readonly number[]): number;
  /** The waiting jobs of the queue that are to fill the collection of this name. */
  waitingJobIds(name: string): number[];
  create(tx: Tx, name: string, at: string): number;
  rename(tx: Tx, id: number, name: string, at: string): void;
  delete(tx: Tx, id: number): void;
  touch(tx: Tx, id: number, at: string): void;
  /** Appends items after the last; says how many were new to it. */
  append(tx: Tx, id: number, itemIds: readonly number[], addedAt: (index: number) => string): number;
  /** Puts an item back at a given place; says whether it was not there already. */
  insertAt(tx: Tx, id: number, place: CollectionPlace): boolean;
  removeItem(tx: Tx, id: number, itemId: number): boolean;
  setPosition(tx: Tx, id: number, itemId: number, position: number): void;
  /** The queue's jobs and batches follow a renamed collection (any case of the old name). */
  retargetQueuedWork(tx: Tx, oldName: string, newName: string): void;
  /** Waiting jobs stop filling a deleted collection: they fetch into the library only. */
  detachWaitingJobs(tx: Tx, name: string): void;
}

/** The columns of a collection row, its place in the order given by `position`; `@id` is the collection. */
const rowColumns = (
  position: string,
): string => `i.id, ${position} AS position, ci.added_at AS addedAt, i.platform, i.kind, i.title, i.url, i.author_name AS authorName,
  substr(i.text, 1, 200) AS excerpt, i.author_handle AS authorHandle, i.published_at AS publishedAt, i.published_text AS publishedText, i.published_approximate AS publishedApproximate,
  ${itemIsDemoSql('i')} AS demo,
  (SELECT body FROM notes n WHERE n.item_id = i.id AND n.collection_id = @id) AS note,
  (SELECT json_group_array(json_object('tag', tag, 'libraryWide', collection_id = 0))
     FROM (SELECT tag, collection_id FROM tags t WHERE t.item_id = i.id AND t.collection_id IN (0, @id) ORDER BY tag COLLATE NOCASE, collection_id)) AS tags`;

export function createCollectionsRepository(db: ReadableDB): CollectionsRepository {
  const byName = preparedOnUse(() => db.prepare<[string], { id: number; name: string }>('SELECT id, name FROM collections WHERE name = ?'));
  const list = preparedOnUse(() =>
    db.prepare<[], CollectionSummary>(
      `SELECT c.id, c.name, count(ci.item_id) AS itemCount, c.created_at AS createdAt, c.updated_at AS updatedAt
       FROM collections c LEFT JOIN collection_items ci ON ci.collection_id = c.id
      GROUP BY c.id ORDER BY c.name COLLATE NOCASE`,
    ),
  );
  const summary = preparedOnUse(() =>
    db.prepare<[number], CollectionSummary>(
      `SELECT c.id, c.name, (SELECT count(*) FROM collection_items ci WHERE ci.collection_id = c.id) AS itemCount,
            c.created_at AS createdAt, c.updated_at AS updatedAt
       FROM collections c WHERE c.id = ?`,
    ),
  );
  const members = preparedOnUse(() =>
    db.prepare<[number], { itemId: number; addedAt: string }>(
      'SELECT item_id AS itemId, added_at AS addedAt FROM collection_items WHERE collection_id = ? ORDER BY position, item_id',
    ),
  );
  const place = preparedOnUse(() =>
    db.prepare<[number, number], CollectionPlace>(
      'SELECT item_id AS itemId, position, added_at AS addedAt FROM collection_items WHERE collection_id = ? AND item_id = ?',
    ),
  );
  const position = preparedOnUse(() =>
    db.prepare<[number, number], number>('SELECT position FROM collection_items WHERE collection_id = ? AND item_id = ?').pluck(),
  );
  const before = preparedOnUse(() =>
    db.prepare<[number, number, number], { itemId: number; position: number }>(
      'SELECT item_id AS itemId, position FROM collection_items WHERE collection_id = ? AND position < ? ORDER BY position DESC LIMIT ?',
    ),
  );
  const after = preparedOnUse(() =>
    db.prepare<[number, number, number], { itemId: number; position: number }>(
      'SELECT item_id AS itemId, position FROM collection_items WHERE collection_id = ? AND position > ? ORDER BY position LIMIT ?',
    ),
  );
  const rank = preparedOnUse(() =>
    db.prepare<[number, number], number>('SELECT count(*) + 1 FROM collection_items WHERE collection_id = ? AND position < ?').pluck(),
  );
  // The order read through its index from the offset on: a place is the offset plus the row's.
  const rows = preparedOnUse(() =>
    db.prepare<{ id: number } & RowStretch, StoredCollectionRow>(
      `SELECT ${rowColumns('@offset + row_number() OVER (ORDER BY ci.position, ci.item_id)')}
       FROM (SELECT * FROM collection_items WHERE collection_id = @id ORDER BY position, item_id LIMIT @limit OFFSET @offset) ci
       JOIN items i ON i.id = ci.item_id
      ORDER BY ci.position, ci.item_id`,
    ),
  );
  const rowsOf = preparedOnUse(() =>
    db.prepare<{ id: number; only: string } & RowStretch, StoredCollectionRow>(
      `SELECT ${rowColumns('ci.rank')}
       FROM (SELECT item_id, added_at, row_number() OVER (ORDER BY position, item_id) AS rank FROM collection_items WHERE collection_id = @id) ci
       JOIN items i ON i.id = ci.item_id
      WHERE ci.item_id IN (SELECT value FROM json_each(@only)) ORDER BY ci.rank LIMIT @limit OFFSET @offset`,
    ),
  );
  const countOf = preparedOnUse(() =>
    db
      .prepare<{ id: number; only: string }, number>(
        'SELECT count(*) FROM collection_items WHERE collection_id = @id AND item_id IN (SELECT value FROM json_each(@only))',
      )
      .pluck(),
  );
  const waitingJobIds = preparedOnUse(() =>
    db
      .prepare<[string, string], number>(
        `SELECT id FROM jobs WHERE collection = ? COLLATE NOCASE AND ${JOB_WAITING}
       UNION SELECT job_id FROM job_collections WHERE collection = ? COLLATE NOCASE AND job_id IN (SELECT id FROM jobs WHERE ${JOB_WAITING})
       ORDER BY 1`,
      )
      .pluck(),
  );
  const create = preparedOnUse(() =>
    db.prepare<[string, string, string]>('INSERT INTO collections (name, created_at, updated_at) VALUES (?, ?, ?)'),
  );
  const rename = preparedOnUse(() => db.prepare<[string, string, number]>('UPDATE collections SET name = ?, updated_at = ? WHERE id = ?'));
  const remove = preparedOnUse(() => db.prepare<[number]>('DELETE FROM collections WHERE id = ?'));
  const touch = preparedOnUse(() => db.prepare<[string, number]>('UPDATE collections SET updated_at = ? WHERE id = ?'));
  const lastPosition = preparedOnUse(() =>
    db.prepare<[number], number | null>('SELECT max(position) FROM collection_items WHERE collection_id = ?').pluck(),
  );
  const insert = preparedOnUse(() =>
    db.prepare<[number, number, number, string]>(
      'INSERT OR IGNORE INTO collection_items (collection_id, item_id, position, added_at) VALUES (?, ?, ?, ?)',
    ),
  );
  const removeItem = preparedOnUse(() =>
    db.prepare<[number, number]>('DELETE FROM collection_items WHERE collection_id = ? AND item_id = ?'),
  );
  const setPosition = preparedOnUse(() =>
    db.prepare<[number, number, number]>('UPDATE collection_items SET position = ? WHERE collection_id = ? AND item_id = ?'),
  );
  const jobsFollow = preparedOnUse(() =>
    db.prepare<[string, string]>('UPDATE jobs SET collection = ? WHERE collection = ? COLLATE NOCASE'),
  );
  const batchesFollow = preparedOnUse(() =>
    db.prepare<[string, string]>('UPDATE batches SET collection = ? WHERE collection = ? COLLATE NOCASE'),
  );
  // OR IGNORE: a job listing both names keeps one.
  const alsoIntoFollow = preparedOnUse(() =>
    db.prepare<[string, string]>('UPDATE OR IGNORE job_collections SET collection = ? WHERE collection = ? COLLATE NOCASE'),
  );
  const alsoIntoLeftOver = preparedOnUse(() =>
    db.prepare<[string, string]>('DELETE FROM job_collections WHERE collection = ? COLLATE NOCASE AND collection <> ? COLLATE NOCASE'),
  );
  const detachJobs = preparedOnUse(() =>
    db.prepare<[string]>(`UPDATE jobs SET collection = NULL WHERE collection = ? COLLATE NOCASE AND ${JOB_WAITING}`),
  );
  const detachAlsoInto = preparedOnUse(() =>
    db.prepare<[string]>(
      `DELETE FROM job_collections WHERE collection = ? COLLATE NOCASE AND job_id IN (SELECT id FROM jobs WHERE ${JOB_WAITING})`,
    ),
  );

  return {
    byName: (name) => byName().get(name),
    list: () => list().all(),
    summary: (id) => summary().get(id),
    members: (id) => members().all(id),
    place: (id, itemId) => place().get(id, itemId),
    position: (id, itemId) => position().get(id, itemId),
    neighbours: (id, from, delta, count) => (delta < 0 ? before : after)().all(id, from, count),
    rank: (id, at) => rank().get(id, at)!,
    rows: (id, stretch) => rows().all({ id, ...stretch }),
    rowsOf: (id, itemIds, stretch) => rowsOf().all({ id, only: JSON.stringify(itemIds), ...stretch }),
    countOf: (id, itemIds) => countOf().get({ id, only: JSON.stringify(itemIds) })!,
    waitingJobIds: (name) => waitingJobIds().all(name, name),
    create: (_tx, name, at) => Number(create().run(name, at, at).lastInsertRowid),
    rename: (_tx, id, name, at) => void rename().run(name, at, id),
    delete: (_tx, id) => void remove().run(id),
    touch: (_tx, id, at) => void touch().run(at, id),
    append(_tx, id, itemIds, addedAt) {
      let next = (lastPosition().get(id) ?? 0) + 1;
      let added = 0;
      itemIds.forEach((itemId, index) => {
        if (insert().run(id, itemId, next, addedAt(index)).changes) {
          added += 1;
          next += 1;
        }
      });
      return added;
    },
    insertAt: (_tx, id, at) => insert().run(id, at.itemId, at.position, at.addedAt).changes > 0,
    removeItem: (_tx, id, itemId) => removeItem().run(id, itemId).changes > 0,
    setPosition: (_tx, id, itemId, at) => void setPosition().run(at, id, itemId),
    retargetQueuedWork(_tx, oldName, newName) {
      jobsFollow().run(newName, oldName);
      batchesFollow().run(newName, oldName);
      alsoIntoFollow().run(newName, oldName);
      alsoIntoLeftOver().run(oldName, newName);
    },
    detachWaitingJobs(_tx, name) {
      detachJobs().run(name);
      detachAlsoInto().run(name);
    },
  };
}
