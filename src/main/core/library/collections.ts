/**
 * Collections group items for a story; an item can be in many, and deleting a collection
 * never deletes items. Notes and tags are global (collection 0) or belong to one collection.
 */
import { GleanerError } from '../../../shared/errors';
import { hasControlCharacters, wellFormed } from '../../../shared/text';
import { emptyTextKeyed } from '../../../shared/text-keys';
import type { CollectionContents, CollectionPage, CollectionPlace, CollectionSummary, ItemTag, TagSummary } from '../../../shared/library';
import { LIBRARY_WIDE } from '../store/annotations-repository';
import type { Database } from '../store/database';
import { repositoriesOf } from '../store/repositories';
import { writeTransaction } from '../store/write-transaction';
import { quoteInput } from '../../../shared/quote-input';

const MAX_NAME = 200;
/** The longest note kept, in UTF-16 code units (what a string's length counts). */
export const MAX_NOTE_CHARACTERS = 100_000;

/** Which rows of a collection to read: only some items, and a stretch of them (all when no limit). */
interface CollectionRows {
  itemIds?: readonly number[];
  offset?: number;
  limit?: number;
}

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

/**
 * What the rest of the core does with collections, notes and tags: names and items are checked,
 * errors say what to do, and each change is one write transaction over the repositories.
 */
export function createCollectionRepository(db: Database, now: () => string) {
  const { collections, annotations, items } = repositoriesOf(db);

  function require(name: string): { id: number; name: string } {
    const found = collections.byName(checkCollectionName(name));
    if (!found) throw new GleanerError('NOT_FOUND', `There is no collection named ${quoteInput(name.trim())}.`);
    return found;
  }

  function requireItems(ids: readonly number[]): void {
    const found = items.existing(ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw new GleanerError(
        'NOT_FOUND',
        `No item with id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''} is in the library.`,
      );
  }

  /** Puts items at the end, stamped now or with the times given (one for each); says how many were new to it. */
  function insertItems(collectionId: number, itemIds: readonly number[], addedAt?: readonly string[]): number {
    requireItems(itemIds);
    return writeTransaction(db, (tx) => {
      const at = now();
      const added = collections.append(tx, collectionId, itemIds, (index) => addedAt?.[index] ?? at);
      collections.touch(tx, collectionId, at);
      return added;
    });
  }

  return {
    /** The collection of that name (any case), or NOT_FOUND: for callers that only need it to exist. */
    require(name: string): { id: number; name: string } {
      return require(name);
    },
    list(): CollectionSummary[] {
      return collections.list();
    },

    /** Every tag in use, with how many items carry it (globally or in any collection). */
    tags(): TagSummary[] {
      return annotations.tagSummaries();
    },

    create(rawName: string): CollectionSummary {
      const name = checkCollectionName(rawName);
      if (collections.byName(name)) throw new GleanerError('INVALID_INPUT', `A collection named ${quoteInput(name)} already exists.`);
      const at = now();
      const id = writeTransaction(db, (tx) => collections.create(tx, name, at));
      return { id, name, itemCount: 0, createdAt: at, updatedAt: at };
    },

    /** Finds a collection by name, creating it if needed (for "fetch into a collection"). */
    ensure(rawName: string): number {
      const name = checkCollectionName(rawName);
      return collections.byName(name)?.id ?? this.create(name).id;
    },

    rename(oldName: string, rawNewName: string): void {
      const collection = require(oldName);
      const newName = checkCollectionName(rawNewName);
      const clash = collections.byName(newName);
      if (clash && clash.id !== collection.id)
        throw new GleanerError('INVALID_INPUT', `A collection named ${quoteInput(newName)} already exists.`);
      writeTransaction(db, (tx) => {
        collections.rename(tx, collection.id, newName, now());
        // The queue names the collection its jobs fill: renamed mid-import, the rest of the
        // import must follow it, not bring back a collection under the old name.
        collections.retargetQueuedWork(tx, collection.name, newName);
      });
    },

    /** Deletes it, and says what went with it (its order, notes and own tags) so that an undo can bring it back. */
    delete(name: string): { items: number; contents: CollectionContents } {
      const collection = require(name);
      return writeTransaction(db, (tx) => {
        const contents = this.contents(collection.name);
        annotations.deleteAllOfCollection(tx, collection.id);
        collections.delete(tx, collection.id);
        // Links still waiting are fetched into the library only, unless the delete is undone
        // (contents.waitingJobIds): a deleted collection does not come back by itself.
        collections.detachWaitingJobs(tx, collection.name);
        return { items: contents.itemIds.length, contents };
      });
    },

    /**
     * The whole of a collection as deleting it would throw away: its order and when each item
     * came, its notes, its own tags, and the waiting jobs that were to fill it.
     */
    contents(name: string): CollectionContents {
      const collection = require(name);
      const members = collections.members(collection.id);
      const tags = emptyTextKeyed<number[]>();
      for (const { tag, itemId } of annotations.tagsOfCollection(collection.id)) (tags[tag] ??= []).push(itemId);
      return {
        name: collection.name,
        itemIds: members.map((m) => m.itemId),
        addedAt: members.map((m) => m.addedAt),
        notes: annotations.notesOfCollection(collection.id),
        tags,
        waitingJobIds: collections.waitingJobIds(collection.name),
      };
    },

    /**
     * Brings a deleted collection back from what `delete` gave, in one step: all of it or, when
     * the name is taken meanwhile or an item is gone, none of it. Each item keeps the time it was
     * first added. (Its waiting jobs are the queue's to send back: see usecases/restore-collection.)
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

    /**
     * Adds items at the end, in the order given; items already in it stay where they are.
     * `addedAt`: when each was first added elsewhere (a case bundle brings its maker's times).
     */
    add(name: string, itemIds: readonly number[], addedAt?: readonly string[]): { added: number } {
      return { added: insertItems(require(name).id, itemIds, addedAt) };
    },

    /**
     * Takes items out of the collection (they stay in the library, with their notes and tags
     * here). Resolves to where each one stood, which is all `putBack` needs to undo it.
     */
    remove(name: string, itemIds: readonly number[]): { removed: number; places: CollectionPlace[] } {
      const collection = require(name);
      return writeTransaction(db, (tx) => {
        const places: CollectionPlace[] = [];
        for (const id of itemIds) {
          const was = collections.place(collection.id, id);
          if (was && collections.removeItem(tx, collection.id, id)) places.push(was);
        }
        collections.touch(tx, collection.id, now());
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
      return writeTransaction(db, (tx) => {
        let restored = 0;
        for (const p of places) if (collections.insertAt(tx, collection.id, p)) restored += 1;
        if (restored) collections.touch(tx, collection.id, now());
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
      return writeTransaction(db, (tx) => {
        const id = collection.id;
        const from = collections.position(id, itemId);
        if (from === undefined) throw notInIt(itemId, collection.name);
        const passed = collections.neighbours(id, from, delta, Math.abs(delta));
        let place = from;
        for (const row of passed) {
          collections.setPosition(tx, id, row.itemId, place);
          place = row.position;
        }
        if (passed.length) {
          collections.setPosition(tx, id, itemId, place);
          collections.touch(tx, id, now());
        }
        return { position: collections.rank(id, place), total: this.summary(id).itemCount };
      });
    },

    /** One collection's summary by id. */
    summary(id: number): CollectionSummary {
      return collections.summary(id)!;
    },

    /**
     * The collection's items in order, each with its place (from 1), its note here and its tags:
     * all of them, or a stretch (`offset`, `limit`), or only those of `itemIds` still in it (a
     * view refreshing the rows it changed, or showing what a search within it found).
     */
    items(name: string, rows: CollectionRows = {}): CollectionPage {
      const collection = require(name);
      const summary = this.summary(collection.id);
      const stretch = { limit: rows.limit ?? -1, offset: rows.offset ?? 0 };
      let found: ReturnType<typeof collections.rows>;
      let total = summary.itemCount;
      if (rows.itemIds === undefined) {
        found = collections.rows(collection.id, stretch);
      } else {
        // Only some: each keeps its place in the whole order.
        found = collections.rowsOf(collection.id, rows.itemIds, stretch);
        const whole = rows.limit === undefined && !rows.offset;
        total = whole ? found.length : collections.countOf(collection.id, rows.itemIds);
      }
      // Each tag keeps its level: a library-wide one is removed library-wide, this collection's here.
      const scoped = (json: string | null): ItemTag[] =>
        (JSON.parse(json ?? '[]') as { tag: string; libraryWide: 0 | 1 }[]).map(({ tag, libraryWide }) => ({
          collection: libraryWide ? null : collection.name,
          tag,
        }));
      return {
        collection: summary,
        items: found.map((row) => ({ ...row, tags: scoped(row.tags), publishedApproximate: row.publishedApproximate === 1 })),
        total,
      };
    },

    /** The collection id for a scope: 0 (global) when no collection is named. */
    scopeId(name: string | undefined): number {
      return name === undefined ? LIBRARY_WIDE : require(name).id;
    },

    /**
     * Saves a note (empty text deletes it). With `expected`, the note as the user last saw it:
     * when the stored one differs, someone saved another meanwhile, and nothing is overwritten.
     * `at`: when it was written, where that was elsewhere (a case bundle's note keeps its time).
     */
    setNote(itemId: number, body: string, collection?: string, expected?: string, at?: string): void {
      requireItems([itemId]);
      const scope = this.scopeId(collection);
      if (body.length > MAX_NOTE_CHARACTERS) throw new GleanerError('INVALID_INPUT', 'A note is at most 100,000 characters.');
      writeTransaction(db, (tx) => {
        if (expected !== undefined) {
          const stored = annotations.noteBody(itemId, scope) ?? '';
          if (stored !== wellFormed(expected) && stored !== body) throw noteConflict(stored);
        }
        if (body.trim() === '') annotations.deleteNote(tx, itemId, scope);
        else annotations.saveNote(tx, itemId, scope, wellFormed(body), at ?? now());
      });
    },

    tag(itemIds: readonly number[], rawTag: string, collection?: string): void {
      const tag = checkTag(rawTag);
      requireItems(itemIds);
      const scope = this.scopeId(collection);
      writeTransaction(db, (tx) => itemIds.forEach((id) => annotations.addTag(tx, id, scope, tag)));
    },

    /** Removes the tag at that level only (library-wide when no collection is named); resolves to how many items lost it. */
    untag(itemIds: readonly number[], rawTag: string, collection?: string): number {
      const tag = checkTag(rawTag);
      const scope = this.scopeId(collection);
      return writeTransaction(db, (tx) =>
        itemIds.reduce((removed, id) => removed + (annotations.removeTag(tx, id, scope, tag) ? 1 : 0), 0),
      );
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
  return new GleanerError('INVALID_INPUT', `Item ${itemId} is not in the collection ${quoteInput(collection)}.`);
}
