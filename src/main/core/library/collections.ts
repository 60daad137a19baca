/**
 * Collections group items for a story; an item can be in many, and deleting a collection
 * never deletes items. Notes and tags are global (collection 0) or belong to one collection.
 */
import { GleanerError } from '../../../shared/errors';
import { hasControlCharacters, wellFormed } from '../../../shared/text';
import type {
  CollectionContents,
  CollectionItem,
  CollectionPage,
  CollectionPlace,
  CollectionSummary,
  ItemTag,
  TagSummary,
} from '../../../shared/library';
import type { Database } from '../store/database';
import { JOB_WAITING } from '../queue/job-states';
import { writeTransaction } from '../store/database';

const MAX_NAME = 200;

/** Which rows of a collection to read: only some items, and a stretch of them (all when no limit). */
interface CollectionRows {
  itemIds?: readonly number[];
  offset?: number;
  limit?: number;
}

/** A collection row as read, before its tags are given their level. */
type StoredRow = Omit<CollectionItem, 'tags'> & { tags: string | null };

/** The columns of a collection row, its place in the order given by `position`; `@id` is the collection. */
const rowColumns = (
  position: string,
): string => `i.id, ${position} AS position, ci.added_at AS addedAt, i.platform, i.kind, i.title, i.url, i.author_name AS authorName,
  (SELECT body FROM notes n WHERE n.item_id = i.id AND n.collection_id = @id) AS note,
  (SELECT json_group_array(json_object('tag', tag, 'libraryWide', collection_id = 0))
     FROM (SELECT tag, collection_id FROM tags t WHERE t.item_id = i.id AND t.collection_id IN (0, @id) ORDER BY tag COLLATE NOCASE, collection_id)) AS tags`;

export function checkCollectionName(raw: string): string {
  const name = wellFormed(raw.trim());
  if (name === '') throw new GleanerError('INVALID_INPUT', 'A collection needs a name.');
  if (name.length > MAX_NAME) throw new GleanerError('INVALID_INPUT', `A collection name is at most ${MAX_NAME} characters.`);
  if (hasControlCharacters(name))
    throw new GleanerError('INVALID_INPUT', 'A collection name cannot contain line breaks or control characters.');
  return name;
}

export function checkTag(raw: string): string {
  const tag = wellFormed(raw.trim());
  if (tag === '' || tag.length > 100 || hasControlCharacters(tag)) {
    throw new GleanerError('INVALID_INPUT', 'A tag is 1 to 100 characters on one line.');
  }
  return tag;
}

export function createCollectionRepository(db: Database, now: () => string) {
  const byName = db.prepare<[string], { id: number; name: string }>('SELECT id, name FROM collections WHERE name = ?');
  const existingItems = (ids: readonly number[]): Set<number> => {
    const found = new Set<number>();
    const check = db.prepare<[number], { id: number }>('SELECT id FROM items WHERE id = ?');
    for (const id of ids) if (check.get(id)) found.add(id);
    return found;
  };

  function require(name: string): { id: number; name: string } {
    const found = byName.get(checkCollectionName(name));
    if (!found) throw new GleanerError('NOT_FOUND', `There is no collection named ${JSON.stringify(name.trim())}.`);
    return found;
  }

  function requireItems(ids: readonly number[]): void {
    const found = existingItems(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw new GleanerError(
        'NOT_FOUND',
        `No item with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} is in the library.`,
      );
  }

  const touch = db.prepare('UPDATE collections SET updated_at = ? WHERE id = ?');

  /** Puts items at the end, stamped now or with the times given (one for each); says how many were new to it. */
  function insertItems(collectionId: number, itemIds: readonly number[], addedAt?: readonly string[]): number {
    requireItems(itemIds);
    return writeTransaction(db, () => {
      let next =
        ((db.prepare('SELECT max(position) AS p FROM collection_items WHERE collection_id = ?').get(collectionId) as { p: number | null })
          .p ?? 0) + 1;
      const insert = db.prepare('INSERT OR IGNORE INTO collection_items (collection_id, item_id, position, added_at) VALUES (?, ?, ?, ?)');
      let added = 0;
      const at = now();
      itemIds.forEach((id, index) => {
        if (insert.run(collectionId, id, next, addedAt?.[index] ?? at).changes) {
          added += 1;
          next += 1;
        }
      });
      touch.run(at, collectionId);
      return added;
    });
  }

  return {
    /** The collection of that name (any case), or NOT_FOUND: for callers that only need it to exist. */
    require(name: string): { id: number; name: string } {
      return require(name);
    },
    list(): CollectionSummary[] {
      return db
        .prepare<[], CollectionSummary>(
          `SELECT c.id, c.name, count(ci.item_id) AS itemCount, c.created_at AS createdAt, c.updated_at AS updatedAt
             FROM collections c LEFT JOIN collection_items ci ON ci.collection_id = c.id
            GROUP BY c.id ORDER BY c.name COLLATE NOCASE`,
        )
        .all();
    },

    /** Every tag in use, with how many items carry it (globally or in any collection). */
    tags(): TagSummary[] {
      return db
        .prepare<[], TagSummary>('SELECT tag, count(DISTINCT item_id) AS itemCount FROM tags GROUP BY tag ORDER BY tag COLLATE NOCASE')
        .all();
    },

    create(rawName: string): CollectionSummary {
      const name = checkCollectionName(rawName);
      if (byName.get(name)) throw new GleanerError('INVALID_INPUT', `A collection named ${JSON.stringify(name)} already exists.`);
      const at = now();
      const id = Number(
        db.prepare('INSERT INTO collections (name, created_at, updated_at) VALUES (?, ?, ?)').run(name, at, at).lastInsertRowid,
      );
      return { id, name, itemCount: 0, createdAt: at, updatedAt: at };
    },

    /** Finds a collection by name, creating it if needed (for "fetch into a collection"). */
    ensure(rawName: string): number {
      const name = checkCollectionName(rawName);
      return byName.get(name)?.id ?? this.create(name).id;
    },

    rename(oldName: string, rawNewName: string): void {
      const collection = require(oldName);
      const newName = checkCollectionName(rawNewName);
      const clash = byName.get(newName);
      if (clash && clash.id !== collection.id)
        throw new GleanerError('INVALID_INPUT', `A collection named ${JSON.stringify(newName)} already exists.`);
      writeTransaction(db, () => {
        db.prepare('UPDATE collections SET name = ?, updated_at = ? WHERE id = ?').run(newName, now(), collection.id);
        // The queue names the collection its jobs fill: renamed mid-import, the rest of the
        // import must follow it, not bring back a collection under the old name.
        db.prepare('UPDATE jobs SET collection = ? WHERE collection = ? COLLATE NOCASE').run(newName, collection.name);
        db.prepare('UPDATE batches SET collection = ? WHERE collection = ? COLLATE NOCASE').run(newName, collection.name);
        // OR IGNORE: a job listing both names keeps one.
        db.prepare('UPDATE OR IGNORE job_collections SET collection = ? WHERE collection = ? COLLATE NOCASE').run(newName, collection.name);
        db.prepare('DELETE FROM job_collections WHERE collection = ? COLLATE NOCASE AND collection <> ? COLLATE NOCASE').run(
          collection.name,
          newName,
        );
      });
    },

    /** Deletes it, and says what went with it (its order, notes and own tags) so that an undo can bring it back. */
    delete(name: string): { items: number; contents: CollectionContents } {
      const collection = require(name);
      return writeTransaction(db, () => {
        const contents = this.contents(collection.name);
        db.prepare('DELETE FROM notes WHERE collection_id = ?').run(collection.id);
        db.prepare('DELETE FROM tags WHERE collection_id = ?').run(collection.id);
        db.prepare('DELETE FROM collections WHERE id = ?').run(collection.id);
        // Links still waiting are fetched into the library only, unless the delete is undone
        // (contents.waitingJobIds): a deleted collection does not come back by itself.
        db.prepare(`UPDATE jobs SET collection = NULL WHERE collection = ? COLLATE NOCASE AND ${JOB_WAITING}`).run(collection.name);
        db.prepare(
          `DELETE FROM job_collections WHERE collection = ? COLLATE NOCASE AND job_id IN (SELECT id FROM jobs WHERE ${JOB_WAITING})`,
        ).run(collection.name);
        return { items: contents.itemIds.length, contents };
      });
    },

    /**
     * The whole of a collection as deleting it would throw away: its order and when each item
     * came, its notes, its own tags, and the waiting jobs that were to fill it.
     */
    contents(name: string): CollectionContents {
      const collection = require(name);
      const id = collection.id;
      const members = db
        .prepare<[number], { itemId: number; addedAt: string }>(
          'SELECT item_id AS itemId, added_at AS addedAt FROM collection_items WHERE collection_id = ? ORDER BY position, item_id',
        )
        .all(id);
      const notes = db
        .prepare<[number], { itemId: number; body: string }>(
          'SELECT item_id AS itemId, body FROM notes WHERE collection_id = ? ORDER BY item_id',
        )
        .all(id);
      const tags: Record<string, number[]> = {};
      const rows = db
        .prepare<[number], { tag: string; itemId: number }>(
          'SELECT tag, item_id AS itemId FROM tags WHERE collection_id = ? ORDER BY tag, item_id',
        )
        .all(id);
      for (const { tag, itemId } of rows) (tags[tag] ??= []).push(itemId);
      const waitingJobIds = db
        .prepare<[string, string], number>(
          `SELECT id FROM jobs WHERE collection = ? COLLATE NOCASE AND ${JOB_WAITING}
           UNION SELECT job_id FROM job_collections WHERE collection = ? COLLATE NOCASE AND job_id IN (SELECT id FROM jobs WHERE ${JOB_WAITING})
           ORDER BY 1`,
        )
        .pluck()
        .all(collection.name, collection.name);
      return {
        name: collection.name,
        itemIds: members.map((m) => m.itemId),
        addedAt: members.map((m) => m.addedAt),
        notes,
        tags,
        waitingJobIds,
      };
    },

    /**
     * Brings a deleted collection back from what `delete` gave, in one step: all of it or, when
     * the name is taken meanwhile or an item is gone, none of it. Each item keeps the time it was
     * first added. (Its waiting jobs are the queue's to send back: see the handler.)
     */
    restore(contents: CollectionContents): CollectionSummary {
      if (contents.addedAt.length !== contents.itemIds.length)
        throw new GleanerError('INVALID_INPUT', 'A restored collection needs one added time for each item.');
      return writeTransaction(db, () => {
        const created = this.create(contents.name);
        if (contents.itemIds.length) insertItems(created.id, contents.itemIds, contents.addedAt);
        // Notes and tags may be on items no longer in it (taken out, they keep them): they come back too.
        for (const { itemId, body } of contents.notes) this.setNote(itemId, body, created.name);
        for (const [tag, itemIds] of Object.entries(contents.tags)) this.tag(itemIds, tag, created.name);
        return this.summary(created.id);
      });
    },

    /** Adds items at the end, in the order given; items already in it stay where they are. */
    add(name: string, itemIds: readonly number[]): { added: number } {
      return { added: insertItems(require(name).id, itemIds) };
    },

    /**
     * Takes items out of the collection (they stay in the library, with their notes and tags
     * here). Resolves to where each one stood, which is all `putBack` needs to undo it.
     */
    remove(name: string, itemIds: readonly number[]): { removed: number; places: CollectionPlace[] } {
      const collection = require(name);
      return writeTransaction(db, () => {
        const place = db.prepare<[number, number], CollectionPlace>(
          'SELECT item_id AS itemId, position, added_at AS addedAt FROM collection_items WHERE collection_id = ? AND item_id = ?',
        );
        const del = db.prepare('DELETE FROM collection_items WHERE collection_id = ? AND item_id = ?');
        const places: CollectionPlace[] = [];
        for (const id of itemIds) {
          const was = place.get(collection.id, id);
          if (was && del.run(collection.id, id).changes > 0) places.push(was);
        }
        touch.run(now(), collection.id);
        return { removed: places.length, places };
      });
    },

    /**
     * Undoes a `remove`: each item goes back to the place it had, with the time it was first
     * added. An item put back meanwhile (added again) keeps where it is now.
     */
    putBack(name: string, places: readonly CollectionPlace[]): { restored: number } {
      const collection = require(name);
      requireItems(places.map((p) => p.itemId));
      return writeTransaction(db, () => {
        const insert = db.prepare(
          'INSERT OR IGNORE INTO collection_items (collection_id, item_id, position, added_at) VALUES (?, ?, ?, ?)',
        );
        let restored = 0;
        for (const p of places) restored += insert.run(collection.id, p.itemId, p.position, p.addedAt).changes;
        if (restored) touch.run(now(), collection.id);
        return { restored };
      });
    },

    /**
     * Moves one item up (negative) or down by `delta` places, as far as the collection goes: the
     * items it passes each take the place of the one before, so only they are written. Resolves
     * to where it now stands (from 1) and how many items there are.
     */
    move(name: string, itemId: number, delta: number): { position: number; total: number } {
      const collection = require(name);
      return writeTransaction(db, () => {
        const id = collection.id;
        const from = db
          .prepare<[number, number], number>('SELECT position FROM collection_items WHERE collection_id = ? AND item_id = ?')
          .pluck()
          .get(id, itemId);
        if (from === undefined) throw notInIt(itemId, collection.name);
        const passed = db
          .prepare<[number, number, number], { itemId: number; position: number }>(
            delta < 0
              ? 'SELECT item_id AS itemId, position FROM collection_items WHERE collection_id = ? AND position < ? ORDER BY position DESC LIMIT ?'
              : 'SELECT item_id AS itemId, position FROM collection_items WHERE collection_id = ? AND position > ? ORDER BY position LIMIT ?',
          )
          .all(id, from, Math.abs(delta));
        const update = db.prepare('UPDATE collection_items SET position = ? WHERE collection_id = ? AND item_id = ?');
        let place = from;
        for (const row of passed) {
          update.run(place, id, row.itemId);
          place = row.position;
        }
        if (passed.length) {
          update.run(place, id, itemId);
          touch.run(now(), id);
        }
        const position = db
          .prepare<[number, number], number>('SELECT count(*) + 1 FROM collection_items WHERE collection_id = ? AND position < ?')
          .pluck()
          .get(id, place)!;
        return { position, total: this.summary(id).itemCount };
      });
    },

    /** One collection's summary by id. */
    summary(id: number): CollectionSummary {
      return db
        .prepare<[number], CollectionSummary>(
          `SELECT c.id, c.name, (SELECT count(*) FROM collection_items ci WHERE ci.collection_id = c.id) AS itemCount,
                  c.created_at AS createdAt, c.updated_at AS updatedAt
             FROM collections c WHERE c.id = ?`,
        )
        .get(id)!;
    },

    /**
     * The collection's items in order, each with its place (from 1), its note here and its tags:
     * all of them, or a stretch (`offset`, `limit`), or only those of `itemIds` still in it (a
     * view refreshing the rows it changed, or showing what a search within it found).
     */
    items(name: string, rows: CollectionRows = {}): CollectionPage {
      const collection = require(name);
      const summary = this.summary(collection.id);
      const stretch = { id: collection.id, limit: rows.limit ?? -1, offset: rows.offset ?? 0 };
      let found: StoredRow[];
      let total = summary.itemCount;
      if (rows.itemIds === undefined) {
        // The order read through its index from the offset on: a place is the offset plus the row's.
        found = db
          .prepare<typeof stretch, StoredRow>(
            `SELECT ${rowColumns('@offset + row_number() OVER (ORDER BY ci.position, ci.item_id)')}
               FROM (SELECT * FROM collection_items WHERE collection_id = @id ORDER BY position, item_id LIMIT @limit OFFSET @offset) ci
               JOIN items i ON i.id = ci.item_id
              ORDER BY ci.position, ci.item_id`,
          )
          .all(stretch);
      } else {
        // Only some: each keeps its place in the whole order.
        const some = { ...stretch, only: JSON.stringify(rows.itemIds) };
        found = db
          .prepare<typeof some, StoredRow>(
            `SELECT ${rowColumns('ci.rank')}
               FROM (SELECT item_id, added_at, row_number() OVER (ORDER BY position, item_id) AS rank FROM collection_items WHERE collection_id = @id) ci
               JOIN items i ON i.id = ci.item_id
              WHERE ci.item_id IN (SELECT value FROM json_each(@only)) ORDER BY ci.rank LIMIT @limit OFFSET @offset`,
          )
          .all(some);
        const whole = rows.limit === undefined && !rows.offset;
        total = whole
          ? found.length
          : db
              .prepare<{ id: number; only: string }, number>(
                'SELECT count(*) FROM collection_items WHERE collection_id = @id AND item_id IN (SELECT value FROM json_each(@only))',
              )
              .pluck()
              .get({ id: some.id, only: some.only })!;
      }
      // Each tag keeps its level: a library-wide one is removed library-wide, this collection's here.
      const scoped = (json: string | null): ItemTag[] =>
        (JSON.parse(json ?? '[]') as { tag: string; libraryWide: 0 | 1 }[]).map(({ tag, libraryWide }) => ({
          collection: libraryWide ? null : collection.name,
          tag,
        }));
      return { collection: summary, items: found.map((row) => ({ ...row, tags: scoped(row.tags) })), total };
    },

    /** The collection id for a scope: 0 (global) when no collection is named. */
    scopeId(name: string | undefined): number {
      return name === undefined ? 0 : require(name).id;
    },

    /**
     * Saves a note (empty text deletes it). With `expected`, the note as the user last saw it:
     * when the stored one differs, someone saved another meanwhile, and nothing is overwritten.
     */
    setNote(itemId: number, body: string, collection?: string, expected?: string): void {
      requireItems([itemId]);
      const scope = this.scopeId(collection);
      if (body.length > 100_000) throw new GleanerError('INVALID_INPUT', 'A note is at most 100,000 characters.');
      if (expected !== undefined) {
        const stored =
          db
            .prepare<[number, number], string>('SELECT body FROM notes WHERE item_id = ? AND collection_id = ?')
            .pluck()
            .get(itemId, scope) ?? '';
        if (stored !== wellFormed(expected) && stored !== body) throw noteConflict(stored);
      }
      if (body.trim() === '') {
        db.prepare('DELETE FROM notes WHERE item_id = ? AND collection_id = ?').run(itemId, scope);
        return;
      }
      db.prepare(
        'INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (item_id, collection_id) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at',
      ).run(itemId, scope, wellFormed(body), now());
    },

    tag(itemIds: readonly number[], rawTag: string, collection?: string): void {
      const tag = checkTag(rawTag);
      requireItems(itemIds);
      const scope = this.scopeId(collection);
      const insert = db.prepare('INSERT OR IGNORE INTO tags (item_id, collection_id, tag) VALUES (?, ?, ?)');
      writeTransaction(db, () => itemIds.forEach((id) => insert.run(id, scope, tag)));
    },

    /** Removes the tag at that level only (library-wide when no collection is named); resolves to how many items lost it. */
    untag(itemIds: readonly number[], rawTag: string, collection?: string): number {
      const tag = checkTag(rawTag);
      const scope = this.scopeId(collection);
      const del = db.prepare('DELETE FROM tags WHERE item_id = ? AND collection_id = ? AND tag = ?');
      return writeTransaction(db, () => itemIds.reduce((removed, id) => removed + del.run(id, scope, tag).changes, 0));
    },
  };
}

export type CollectionRepository = ReturnType<typeof createCollectionRepository>;

function noteConflict(stored: string): GleanerError {
  const now =
    stored.trim() === '' ? 'It has since been removed.' : `It now reads: “${stored.length > 160 ? `${stored.slice(0, 160)}…` : stored}”.`;
  return new GleanerError(
    'CONFLICT',
    `This note was changed elsewhere (another window, tab or the command line) after you began typing, so nothing was overwritten. ${now} Your text is still here, unsaved: save again to replace that note with it, or discard yours.`,
  );
}

function notInIt(itemId: number, collection: string): GleanerError {
  return new GleanerError('INVALID_INPUT', `Item ${itemId} is not in the collection ${JSON.stringify(collection)}.`);
}
