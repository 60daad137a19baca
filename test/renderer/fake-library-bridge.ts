/**
 * A bridge over a tiny in-memory library (three items, collections, notes and tags at either
 * level), for tests of the renderer's stores. It keeps the core's rules that the stores rely on:
 * a tag or note is library-wide or belongs to one collection, untag counts what it removed, and
 * an over-long note is refused. The core's own tests check the core.
 */
import { GleanerError } from '../../src/shared/errors';
import type { CollectionContents, CollectionPage, CollectionSummary, ItemDetail, ItemTag } from '../../src/shared/library';

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
  const summary = (c: Stored['collections'][number]): CollectionSummary => ({
    id: c.id,
    name: c.name,
    itemCount: c.itemIds.length,
    createdAt: AT,
    updatedAt: AT,
  });
  const byTag = (a: ItemTag, b: ItemTag) =>
    a.tag.localeCompare(b.tag) || (a.collection === null ? -1 : 1) - (b.collection === null ? -1 : 1);

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

  const collectionItems = ({ name, itemIds: only, offset = 0, limit }: Input): CollectionPage => {
    const c = byName(name);
    const rows = c.itemIds.flatMap((id, index) => (only && !only.includes(id) ? [] : [{ id, index }]));
    return {
      collection: summary(c),
      total: rows.length,
      items: rows.slice(offset, limit === undefined ? undefined : offset + limit).map(({ id, index }) => ({
        id,
        position: index + 1,
        addedAt: AT,
        platform: 'videosite',
        kind: 'video',
        title: `Item ${id}`,
        url: null,
        authorName: null,
        publishedAt: null,
        publishedText: null,
        publishedApproximate: false,
        demo: false,
        note: db.notes.find((n) => n.itemId === id && n.collection === c.id)?.body ?? null,
        tags: db.tags
          .filter((t) => t.itemId === id && (t.collection === LIBRARY_WIDE || t.collection === c.id))
          .map((t) => ({ collection: nameOf(t.collection), tag: t.tag }))
          .sort(byTag),
      })),
    };
  };

  // The inputs are the contract's; loosely typed here, as they arrive over the wire.
  type Input = {
    name: string;
    newName: string;
    itemIds: number[];
    itemId: number;
    id: number;
    body: string;
    tag: string;
    collection?: string;
    offset?: number;
    limit?: number;
    delta: number;
    contents: CollectionContents;
  };
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
      const tags: Record<string, number[]> = {};
      for (const t of db.tags) if (t.collection === c.id) (tags[t.tag] ??= []).push(t.itemId);
      const notes = db.notes.filter((n) => n.collection === c.id).map(({ itemId, body }) => ({ itemId, body }));
      db.collections = db.collections.filter((other) => other !== c);
      db.notes = db.notes.filter((n) => n.collection !== c.id);
      db.tags = db.tags.filter((t) => t.collection !== c.id);
      return {
        items: c.itemIds.length,
        contents: { name: c.name, itemIds: c.itemIds, addedAt: c.itemIds.map(() => AT), notes, tags, waitingJobIds: [] },
      };
    },
    'collections.restore': ({ contents }) => {
      const c = { id: nextId++, name: contents.name, itemIds: [...contents.itemIds] };
      db.collections.push(c);
      for (const { itemId, body } of contents.notes) db.notes.push({ itemId, collection: c.id, body });
      for (const [tag, itemIds] of Object.entries(contents.tags))
        for (const itemId of itemIds) db.tags.push({ itemId, collection: c.id, tag });
      return summary(c);
    },
    'collections.move': ({ name, itemId, delta }) => {
      const c = byName(name);
      const from = c.itemIds.indexOf(itemId);
      const to = Math.max(0, Math.min(c.itemIds.length - 1, from + delta));
      c.itemIds.splice(from, 1);
      c.itemIds.splice(to, 0, itemId);
      return { position: to + 1, total: c.itemIds.length };
    },
    'collections.add': ({ name, itemIds }) => {
      const c = byName(name);
      const fresh = itemIds.filter((id) => !c.itemIds.includes(id));
      c.itemIds.push(...fresh);
      return { added: fresh.length };
    },
    'collections.items': collectionItems,
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
      for (const itemId of itemIds)
        if (!db.tags.some((t) => t.itemId === itemId && t.collection === where && t.tag === tag))
          db.tags.push({ itemId, collection: where, tag });
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
