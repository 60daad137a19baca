/**
 * Notes and tags on items. Each is library-wide (collection 0) or belongs to one collection;
 * `scope` below is that collection id.
 */
import type { TagSummary } from '../../../shared/library';
import type { ReadableDB, WritableDB } from './write-transaction';
import { preparedOnUse } from './prepared-on-use';

export const LIBRARY_WIDE = 0;

export interface ItemNote {
  collection: string | null;
  body: string;
  updatedAt: string;
}

export interface ItemTagRow {
  collection: string | null;
  tag: string;
}

export interface AnnotationsRepository<Tx = WritableDB> {
  /** The names of the collections an item is in, in name order. */
  collectionsOf(itemId: number): string[];
  notesOf(itemId: number): ItemNote[];
  tagsOf(itemId: number): ItemTagRow[];
  /** Every tag in use, with how many items carry it (globally or in any collection). */
  tagSummaries(): TagSummary[];
  noteBody(itemId: number, scope: number): string | undefined;
  /** A collection's own notes and tags, as deleting it would throw them away. */
  notesOfCollection(scope: number): { itemId: number; body: string }[];
  tagsOfCollection(scope: number): { tag: string; itemId: number }[];
  saveNote(tx: Tx, itemId: number, scope: number, body: string, updatedAt: string): void;
  deleteNote(tx: Tx, itemId: number, scope: number): void;
  /** Says whether the item did not carry the tag yet. */
  addTag(tx: Tx, itemId: number, scope: number, tag: string): boolean;
  /** Says whether the item carried it. */
  removeTag(tx: Tx, itemId: number, scope: number, tag: string): boolean;
  deleteAllOfCollection(tx: Tx, scope: number): void;
}

export function createAnnotationsRepository(db: ReadableDB): AnnotationsRepository {
  const collectionsOf = preparedOnUse(() =>
    db
      .prepare<[number], string>(
        'SELECT c.name FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE ci.item_id = ? ORDER BY c.name COLLATE NOCASE',
      )
      .pluck(),
  );
  const notesOf = preparedOnUse(() =>
    db.prepare<[number], ItemNote>(
      `SELECT c.name AS collection, n.body, n.updated_at AS updatedAt FROM notes n LEFT JOIN collections c ON c.id = n.collection_id
      WHERE n.item_id = ? ORDER BY n.collection_id`,
    ),
  );
  const tagsOf = preparedOnUse(() =>
    db.prepare<[number], ItemTagRow>(
      `SELECT c.name AS collection, t.tag FROM tags t LEFT JOIN collections c ON c.id = t.collection_id WHERE t.item_id = ? ORDER BY t.collection_id, t.tag`,
    ),
  );
  const tagSummaries = preparedOnUse(() =>
    db.prepare<[], TagSummary>('SELECT tag, count(DISTINCT item_id) AS itemCount FROM tags GROUP BY tag ORDER BY tag COLLATE NOCASE'),
  );
  const noteBody = preparedOnUse(() =>
    db.prepare<[number, number], string>('SELECT body FROM notes WHERE item_id = ? AND collection_id = ?').pluck(),
  );
  const notesOfCollection = preparedOnUse(() =>
    db.prepare<[number], { itemId: number; body: string }>(
      'SELECT item_id AS itemId, body FROM notes WHERE collection_id = ? ORDER BY item_id',
    ),
  );
  const tagsOfCollection = preparedOnUse(() =>
    db.prepare<[number], { tag: string; itemId: number }>(
      'SELECT tag, item_id AS itemId FROM tags WHERE collection_id = ? ORDER BY tag, item_id',
    ),
  );
  const saveNote = preparedOnUse(() =>
    db.prepare<[number, number, string, string]>(
      'INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (item_id, collection_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at',
    ),
  );
  const deleteNote = preparedOnUse(() => db.prepare<[number, number]>('DELETE FROM notes WHERE item_id = ? AND collection_id = ?'));
  const addTag = preparedOnUse(() =>
    db.prepare<[number, number, string]>('INSERT OR IGNORE INTO tags (item_id, collection_id, tag) VALUES (?, ?, ?)'),
  );
  const removeTag = preparedOnUse(() =>
    db.prepare<[number, number, string]>('DELETE FROM tags WHERE item_id = ? AND collection_id = ? AND tag = ?'),
  );
  const deleteNotesOf = preparedOnUse(() => db.prepare<[number]>('DELETE FROM notes WHERE collection_id = ?'));
  const deleteTagsOf = preparedOnUse(() => db.prepare<[number]>('DELETE FROM tags WHERE collection_id = ?'));
  return {
    collectionsOf: (itemId) => collectionsOf().all(itemId),
    notesOf: (itemId) => notesOf().all(itemId),
    tagsOf: (itemId) => tagsOf().all(itemId),
    tagSummaries: () => tagSummaries().all(),
    noteBody: (itemId, scope) => noteBody().get(itemId, scope),
    notesOfCollection: (scope) => notesOfCollection().all(scope),
    tagsOfCollection: (scope) => tagsOfCollection().all(scope),
    saveNote: (_tx, itemId, scope, body, updatedAt) => void saveNote().run(itemId, scope, body, updatedAt),
    deleteNote: (_tx, itemId, scope) => void deleteNote().run(itemId, scope),
    addTag: (_tx, itemId, scope, tag) => addTag().run(itemId, scope, tag).changes > 0,
    removeTag: (_tx, itemId, scope, tag) => removeTag().run(itemId, scope, tag).changes > 0,
    deleteAllOfCollection(_tx, scope) {
      deleteNotesOf().run(scope);
      deleteTagsOf().run(scope);
    },
  };
}
