/**
 * A bridge over a tiny in-memory library (three items, collections, notes and tags at either
 * level), for tests of the renderer's stores. It keeps the core's rules that the stores rely on:
 * a tag or note is library-wide or belongs to one collection, untag counts what it removed, and
 * an over-long note is refused. The core's own tests check the core.
 */
import { GleanerError } from '../../src/shared/errors';
import type { CollectionItem, CollectionSummary, ItemDetail, ItemTag } from '../../src/shared/library';

export const ITEM_IDS: readonly number[] = [1, 2, 3];

interface Stored {
  collections: { id: number; name: string; itemIds: number[] }[];
  notes: { itemId: number; collection: number; body: string }[];
  tags: { itemId: number; collection: number; tag: string }[];
}

const LIBRARY_WIDE = 0;
const AT = '2026-01-02T03:04:05Z';

export function createFakeLibraryBridge() {
  const db: Stored = { collections: [], notes: [], tags: [] };
  let nextId = 1;
  const calls: string[] = [];
  /** The inputs of those calls, in the same order. */
  const inputs: unknown[] = [];

  const byName = (name: string) => {
    const found = db.collections.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
    if (!found) throw new GleanerError('NOT_FOUND', `There is no collection named ${JSON.stringify(name)}.`);
    return found;
  };
  const scope = (name: string | undefined) => (name === undefined ? LIBRARY_WIDE : byName(name).id);
  const nameOf = (id: number) => (id === LIBRARY_WIDE ? null : db.collections.find((c) => c.id === id)!.name);
  const summary = (c: Stored['collections'][number]): CollectionSummary => ({ id: c.id, name: c.name, itemCount: c.itemIds.length, createdAt: AT, updatedAt: AT });
  const byTag = (a: ItemTag, b: ItemTag) => a.tag.localeCompare(b.tag) || (a.collection === null ? -1 : 1) - (b.collection === null ? -1 : 1);

  const detail = (id: number): ItemDetail => {
    if (!ITEM_IDS.includes(id)) throw new GleanerError('NOT_FOUND', `No item with id ${id} is in the library.`);
    return {
      item: { id, title: `Item ${id}` },
      metricsHistory: [],
      transcripts: [],
      provenance: [],
      collections: db.collections.filter((c) => c.itemIds.includes(id)).map((c) => c.name),
      notes: db.notes.filter((n) => n.itemId === id).map((n) => ({ collection: nameOf(n.collection), body: n.body, updatedAt: AT })),
      tags: db.tags.filter((t) => t.itemId === id).map((t) => ({ collection: nameOf(t.collection), tag: t.tag })),
    } as unknown as ItemDetail;
  };

  const collectionItems = (name: string, only?: readonly number[]): { collection: CollectionSummary; items: CollectionItem[] } => {
    const c = byName(name);
    return {
      collection: summary(c),
      items: c.itemIds.flatMap((id, index) => (only && !only.includes(id) ? [] : [{ id, index }])).map(({ id, index }) => ({
        id,
        position: index + 1,
        addedAt: AT,
        platform: 'videosite',
        kind: 'video',
        title: `Item ${id}`,
        url: null,
        authorName: null,
        note: db.notes.find((n) => n.itemId === id && n.collection === c.id)?.body ?? null,
        tags: db.tags
          .filter((t) => t.itemId === id && (t.collection === LIBRARY_WIDE || t.collection === c.id))
          .map((t) => ({ collection: nameOf(t.collection), tag: t.tag }))
          .sort(byTag),
      })),
    };
  };

  // The inputs are the contract's; loosely typed here, as they arrive over the wire.
  type Input = { name: string; newName: string; itemIds: number[]; itemId: number; id: number; body: string; tag: string; collection?: string };
  const methods: Record<string, (input: Input) => unknown> = {
    'collections.list': () => db.collections.map(summary),
    'collections.create': ({ name }) => {
      const c = { id: nextId++, name: name.trim(), itemIds: [] };
      db.collections.push(c);
      return summary(c);
    },
    'collections.rename': ({ name, newName }) => {
      byName(name).name = newName.trim();
      return db.collections.map(summary);
    },
    'collections.delete': ({ name }) => {
      const c = byName(name);
      db.collections = db.collections.filter((other) => other !== c);
      db.notes = db.notes.filter((n) => n.collection !== c.id);
      db.tags = db.tags.filter((t) => t.collection !== c.id);
      return { items: c.itemIds.length };
    },
    'collections.add': ({ name, itemIds }) => {
      const c = byName(name);
      const fresh = itemIds.filter((id) => !c.itemIds.includes(id));
      c.itemIds.push(...fresh);
      return { added: fresh.length };
    },
    'collections.items': ({ name, itemIds }) => collectionItems(name, itemIds),
    'items.get': ({ id }) => detail(id),
    'items.setNote': ({ itemId, body, collection }) => {
      if (body.length > 100_000) throw new GleanerError('INVALID_INPUT', 'A note is at most 100,000 characters.');
      const where = scope(collection);
      db.notes = db.notes.filter((n) => !(n.itemId === itemId && n.collection === where));
      if (body.trim()) db.notes.push({ itemId, collection: where, body });
      return detail(itemId);
    },
    'items.tag': ({ itemIds, tag, collection }) => {
      const where = scope(collection);
      for (const itemId of itemIds) if (!db.tags.some((t) => t.itemId === itemId && t.collection === where && t.tag === tag)) db.tags.push({ itemId, collection: where, tag });
      return { tagged: itemIds.length };
    },
    'items.untag': ({ itemIds, tag, collection }) => {
      const where = scope(collection);
      const before = db.tags.length;
      db.tags = db.tags.filter((t) => !(itemIds.includes(t.itemId) && t.collection === where && t.tag === tag));
      return { untagged: before - db.tags.length };
    },
    'library.search': () => ({ hits: [], total: 0 }),
  };

  return {
    /** Every method called, in order. */
    calls,
    inputs,
    bridge: {
      async call(method: string, input: unknown): Promise<unknown> {
        calls.push(method);
        inputs.push(structuredClone(input));
        const run = methods[method];
        if (!run) throw new Error(`the fake library has no ${method}`);
        return structuredClone(run(input as Input));
      },
      subscribe: () => () => {},
    },
  };
}
