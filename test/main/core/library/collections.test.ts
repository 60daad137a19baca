import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { getItemDetail } from '../../../../src/main/core/library/items';
import { openDatabase, type Database } from '../../../../src/main/core/store/database';
import { searchLibrary } from '../../../../src/main/core/store/search/search-engine';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let db: Database;
let ingest: ReturnType<typeof createIngester>;
let collections: ReturnType<typeof createCollectionRepository>;

beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  ingest = createIngester(db, stubNormalise);
  collections = createCollectionRepository(db, () => '2026-01-01T00:00:00.000Z');
});
afterEach(() => db.close());

const video = (nativeId: string, title: string, views: number | null = 100) =>
  item({
    nativeId,
    title,
    text: `about ${title}`,
    author: { name: 'Ana Reporter', handle: '@ana', id: 'UC1', url: null },
    metrics: { views, likes: 5, comments: 1, reposts: null, shares: null, followers: null },
  });

describe('collections', () => {
  let ids: number[];
  beforeEach(() => {
    ids = ingest(fakeResponse('videosite/search', { items: [video('a1', 'One'), video('a2', 'Two'), video('a3', 'Three')] })).itemIds;
  });

  it('round-trips create, add, move, rename, remove and delete, leaving items in the library', () => {
    collections.create('Story');
    expect(() => collections.create('story')).toThrow(/already exists/);
    expect(collections.add('Story', ids)).toEqual({ added: 3 });
    expect(collections.add('Story', [ids[0]!])).toEqual({ added: 0 });
    expect(collections.move('Story', ids[2]!, -2)).toEqual({ position: 1, total: 3 });
    expect(collections.items('Story').items.map((i) => i.title)).toEqual(['Three', 'One', 'Two']);
    collections.rename('Story', 'Water story');
    expect(collections.list().map((c) => [c.name, c.itemCount])).toEqual([['Water story', 3]]);
    expect(collections.remove('Water story', [ids[1]!])).toEqual({
      removed: 1,
      places: [{ itemId: ids[1], position: expect.any(Number), addedAt: '2026-01-01T00:00:00.000Z' }],
    });
    expect(collections.delete('Water story')).toEqual({
      items: 2,
      contents: {
        name: 'Water story',
        itemIds: [ids[2], ids[0]],
        addedAt: ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
        notes: [],
        tags: {},
        waitingJobIds: [],
      },
    });
    expect(collections.list()).toEqual([]);
    expect(searchLibrary(db, {}).total).toBe(3);
  });

  it('puts removed items back where they stood, with when they were added, after other moves; notes and tags here never left', () => {
    collections.create('Desk');
    collections.add('Desk', ids);
    collections.setNote(ids[1]!, 'call the harbour master', 'Desk');
    collections.tag([ids[1]!], 'verify', 'Desk');
    const { places } = collections.remove('Desk', [ids[1]!, ids[2]!, 999_999]);
    expect(places.map((p) => p.itemId)).toEqual([ids[1], ids[2]]);
    // Meanwhile the other one is added again (at the end): it stays where it is now.
    collections.add('Desk', [ids[2]!]);
    expect(collections.putBack('Desk', places)).toEqual({ restored: 1 });
    expect(collections.items('Desk').items.map((i) => [i.title, i.note, i.addedAt])).toEqual([
      ['One', null, '2026-01-01T00:00:00.000Z'],
      ['Two', 'call the harbour master', '2026-01-01T00:00:00.000Z'],
      ['Three', null, expect.any(String)],
    ]);
    expect(collections.items('Desk').items[1]!.tags).toEqual([{ tag: 'verify', collection: 'Desk' }]);
    expect(() => collections.putBack('Desk', [{ itemId: 999_999, position: 1, addedAt: '2026-01-01T00:00:00.000Z' }])).toThrow(
      /No item with id 999999/,
    );
    expect(() => collections.putBack('Gone', places)).toThrow(/no collection/i);
  });

  it('brings a deleted collection back with the notes and tags of items taken out of it before', () => {
    collections.create('Desk');
    collections.add('Desk', ids);
    collections.setNote(ids[0]!, 'taken out, but the note stays', 'Desk');
    collections.tag([ids[0]!], 'dropped', 'Desk');
    collections.remove('Desk', [ids[0]!]);
    const { contents } = collections.delete('Desk');
    expect(contents.notes).toEqual([{ itemId: ids[0], body: 'taken out, but the note stays' }]);
    collections.restore(contents);
    expect(collections.items('Desk').items.map((i) => i.id)).toEqual([ids[1], ids[2]]);
    const kept = getItemDetail(db, ids[0]!)!;
    expect(kept.collections).toEqual([]);
    expect(kept.notes).toMatchObject([{ collection: 'Desk', body: 'taken out, but the note stays' }]);
    expect(kept.tags).toEqual([{ tag: 'dropped', collection: 'Desk' }]);
  });

  it('never overwrites a note saved meanwhile when the save says which note it replaces', () => {
    collections.setNote(ids[0]!, 'first', undefined, '');
    expect(() => collections.setNote(ids[0]!, 'mine', undefined, '')).toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: expect.stringContaining('It now reads: “first”.') }),
    );
    expect(getItemDetail(db, ids[0]!)!.notes).toMatchObject([{ body: 'first' }]);
    collections.setNote(ids[0]!, 'mine', undefined, 'first');
    // The same words saved elsewhere are no conflict; nor is a save that names no note (the CLI's).
    collections.setNote(ids[0]!, 'mine', undefined, 'something older');
    collections.setNote(ids[0]!, 'theirs');
    expect(() => collections.setNote(ids[0]!, '', undefined, 'mine')).toThrow(/changed elsewhere/);
    collections.setNote(ids[0]!, '', undefined, 'theirs');
    expect(() => collections.setNote(ids[0]!, 'again', undefined, 'theirs')).toThrow(/It has since been removed/);
    expect(getItemDetail(db, ids[0]!)!.notes).toEqual([]);
  });

  it('keeps notes and tags per collection and global', () => {
    collections.create('A');
    collections.add('A', [ids[0]!]);
    collections.setNote(ids[0]!, 'global note');
    collections.setNote(ids[0]!, 'note for A', 'A');
    collections.tag([ids[0]!], 'lead', 'A');
    collections.tag([ids[0]!], 'checked');
    const detail = getItemDetail(db, ids[0]!);
    expect(detail.notes.map((n) => [n.collection, n.body])).toEqual([
      [null, 'global note'],
      ['A', 'note for A'],
    ]);
    expect(detail.tags.map((t) => [t.collection, t.tag])).toEqual([
      [null, 'checked'],
      ['A', 'lead'],
    ]);
    expect(collections.items('A').items[0]).toMatchObject({
      note: 'note for A',
      tags: [
        { collection: null, tag: 'checked' },
        { collection: 'A', tag: 'lead' },
      ],
    });
  });

  it('lists a collection item’s tags with their level, and removes a tag only at the level named', () => {
    collections.create('A');
    collections.add('A', [ids[0]!]);
    collections.tag([ids[0]!], 'eyewitness');
    collections.tag([ids[0]!], 'eyewitness', 'A');
    collections.tag([ids[0]!], 'Verified');
    // Sorted by tag, the library-wide one first: the same word at both levels is two tags, told apart.
    expect(collections.items('a').items[0]!.tags).toEqual([
      { collection: null, tag: 'eyewitness' },
      { collection: 'A', tag: 'eyewitness' },
      { collection: null, tag: 'Verified' },
    ]);
    expect(collections.untag([ids[0]!], 'verified', 'A')).toBe(0);
    expect(collections.untag([ids[0]!, ids[1]!], 'verified')).toBe(1);
    expect(collections.untag([ids[0]!], 'eyewitness', 'A')).toBe(1);
    expect(collections.items('A').items[0]!.tags).toEqual([{ collection: null, tag: 'eyewitness' }]);
  });

  it('says clearly what is missing', () => {
    expect(() => collections.add('Nope', ids)).toThrow(/no collection named "Nope"/);
    collections.create('A');
    expect(() => collections.add('A', [999])).toThrow(/No item with id 999/);
    expect(() => collections.create('  ')).toThrow(/needs a name/);
    expect(() => collections.move('A', ids[0]!, 1)).toThrow(/is not in the collection/);
  });
});
