/**
 * Matching one response's records to items: each record is matched as if every record before it
 * had been written, by native id, else by canonical URL, against stored items and the response's
 * new ones; a match is merged into, anything else is a new item, written with the others at the end.
 */
import type { NormalisedItem } from '../../../shared/model';
import { publishedValue } from '../../../shared/relative-date';
import { ITEM_VALUE, type ItemsRepository, type ItemValues, type StoredItemKey } from '../store/items-repository';
import type { WritableDB } from '../store/write-transaction';

/**
 * Values per platform (or per item id), looked up without building a joined key string for
 * every lookup: a response's records make a dozen lookups each.
 */
export class KeyedByScope<Scope extends string | number, V> {
  private readonly scopes = new Map<Scope, Map<string, V>>();
  get(scope: Scope, value: string): V | undefined {
    return this.scopes.get(scope)?.get(value);
  }
  has(scope: Scope, value: string): boolean {
    return this.scopes.get(scope)?.has(value) ?? false;
  }
  set(scope: Scope, value: string, found: V): void {
    let values = this.scopes.get(scope);
    if (!values) {
      values = new Map();
      this.scopes.set(scope, values);
    }
    values.set(value, found);
  }
  clear(): void {
    this.scopes.clear();
  }
}

/**
 * Thrown when a native id taken to be new is stored after all (an item whose link changed):
 * nothing was written for the records yet, and matching them again with every native id looked
 * up gives what that would have given from the start.
 */
export class NativeIdStoredAfterAll extends Error {
  constructor() {
    super('A native id taken to be new is stored.');
  }
}

/** An item of this response that is not in the library yet: written when the response's items are all read. */
interface NewItem {
  values: ItemValues;
}

/**
 * The items of one response, matched as if each were written before the next was read: a
 * later record can match an earlier new one by native id or URL, and then merges into it.
 */
export function createItemWriter(items: ItemsRepository, tx: WritableDB, responseId: number, fetchedAt: string) {
  const newItems: NewItem[] = [];
  /** The first new item per URL; given up (for a scan) once a merge moves an item to another URL. */
  const newByUrl = new KeyedByScope<string, NewItem>();
  let newByUrlExact = true;
  const newByNativeId = new KeyedByScope<string, NewItem>();
  let nextId = 0;
  /** Stored items looked up for all records at once; dropped when an update changes what items are matched on. */
  let prefetched: { byNativeId: KeyedByScope<string, StoredItemKey>; byUrl: KeyedByScope<string, StoredItemKey> } | null = null;
  /**
   * True when no record's URL is a stored item's and the native ids were not looked up: they are
   * taken to be new, and the insert's unique index on native ids says otherwise (then the caller
   * matches the records again with every native id looked up).
   */
  let nativeIdsAssumedNew = false;

  /**
   * Looks up the stored items of all records at once: by URL first, since a URL's item that carries
   * the record's native id is the item with that id (native ids are unique per platform); the other
   * native ids are looked up only when `lookUpNativeIds` or when some URL is a stored item's.
   */
  function prefetch(records: readonly NormalisedItem[], lookUpNativeIds: boolean): void {
    const byNativeIdFound = new KeyedByScope<string, StoredItemKey>();
    const byUrlFound = new KeyedByScope<string, StoredItemKey>();
    const unresolved = new Map<string, string[]>();
    let anyStored = false;
    for (const platform of new Set(records.map((item) => item.platform))) {
      const mine = records.filter((item) => item.platform === platform);
      const urls = mine.flatMap((item) => (item.url ? [item.url] : []));
      if (urls.length > 0) {
        for (const stored of items.allByUrls(platform, urls)) {
          // The lowest id per URL, as the single lookup's ORDER BY id LIMIT 1.
          if (!byUrlFound.has(platform, stored.url!)) byUrlFound.set(platform, stored.url!, stored);
          anyStored = true;
        }
      }
      const nativeIds: string[] = [];
      for (const item of mine) {
        if (!item.nativeId) continue;
        const byUrl = item.url ? byUrlFound.get(platform, item.url) : undefined;
        if (byUrl?.nativeId === item.nativeId) byNativeIdFound.set(platform, item.nativeId, byUrl);
        else nativeIds.push(item.nativeId);
      }
      if (nativeIds.length > 0) unresolved.set(platform, nativeIds);
    }
    nativeIdsAssumedNew = !lookUpNativeIds && !anyStored;
    if (!nativeIdsAssumedNew) {
      for (const [platform, nativeIds] of unresolved)
        for (const stored of items.allByNativeIds(platform, nativeIds)) byNativeIdFound.set(platform, stored.nativeId!, stored);
    }
    prefetched = { byNativeId: byNativeIdFound, byUrl: byUrlFound };
  }

  const storedByNativeId = (platform: string, nativeId: string): StoredItemKey | undefined =>
    prefetched ? prefetched.byNativeId.get(platform, nativeId) : items.byNativeId(platform, nativeId);
  const storedByUrl = (platform: string, url: string): StoredItemKey | undefined =>
    prefetched ? prefetched.byUrl.get(platform, url) : items.byUrl(platform, url);

  /** The lowest-numbered new item with this URL, as `ORDER BY id LIMIT 1` finds among written ones. */
  function newItemWithUrl(platform: string, url: string): NewItem | undefined {
    if (newByUrlExact) return newByUrl.get(platform, url);
    return newItems.find((candidate) => candidate.values[ITEM_VALUE.platform] === platform && candidate.values[ITEM_VALUE.url] === url);
  }

  function find(platform: string, nativeId: string | null, url: string | null): StoredItemKey | NewItem | undefined {
    if (nativeId) {
      const found = storedByNativeId(platform, nativeId) ?? newByNativeId.get(platform, nativeId);
      if (found) return found;
    }
    // Else by canonical URL; stored items have lower ids than this response's new ones.
    if (!url) return undefined;
    const stored = storedByUrl(platform, url);
    if (stored) return stored;
    const created = newItemWithUrl(platform, url);
    // Merging into a new item with another native id drops this one, so no insert would tell
    // whether it was stored: ask now.
    if (created && nativeId && nativeIdsAssumedNew && created.values[ITEM_VALUE.nativeId] !== null && items.byNativeId(platform, nativeId))
      throw new NativeIdStoredAfterAll();
    return created;
  }

  function valuesOf(item: NormalisedItem, id: number): ItemValues {
    const { author, metrics } = item;
    const published = publishedValue(item.publishedAt, item.publishedText, fetchedAt);
    return [
      id,
      item.platform,
      item.kind,
      item.nativeId,
      item.url,
      item.title,
      item.text,
      author.name,
      author.handle,
      author.id,
      author.url,
      published.at,
      item.publishedText,
      item.durationMs,
      item.thumbnailUrl,
      metrics.views,
      metrics.likes,
      metrics.comments,
      metrics.reposts,
      metrics.shares,
      metrics.followers,
      fetchedAt,
      fetchedAt,
      responseId,
      item.extras && Object.keys(item.extras).length > 0 ? JSON.stringify(item.extras) : null,
      published.approximate,
    ];
  }

  /** Same rules as updateItem, for an item not written yet. */
  function merge(into: NewItem, values: ItemValues): void {
    const merged = into.values;
    const platform = merged[1];
    const nativeId = merged[ITEM_VALUE.nativeId];
    const url = values[ITEM_VALUE.url];
    if (url !== null && url !== merged[ITEM_VALUE.url]) newByUrlExact = false;
    // As the stored update: an approximate date never replaces a date.
    const keepPublished = values[ITEM_VALUE.publishedApproximate] === 1 && merged[ITEM_VALUE.publishedAt] !== null;
    for (let column: number = ITEM_VALUE.firstMerged; column <= ITEM_VALUE.lastMerged; column += 1) {
      if (
        values[column] !== null &&
        !(column === ITEM_VALUE.nativeId && nativeId !== null) &&
        !(column === ITEM_VALUE.publishedAt && keepPublished)
      )
        (merged as unknown[])[column] = values[column];
    }
    if (values[ITEM_VALUE.publishedAt] !== null && !keepPublished)
      merged[ITEM_VALUE.publishedApproximate] = values[ITEM_VALUE.publishedApproximate];
    const extras = values[ITEM_VALUE.extras];
    const mergedExtras = merged[ITEM_VALUE.extras];
    if (extras !== null)
      merged[ITEM_VALUE.extras] = mergedExtras === null ? extras : JSON.stringify({ ...JSON.parse(mergedExtras), ...JSON.parse(extras) });
    const gained = merged[ITEM_VALUE.nativeId];
    if (nativeId === null && gained !== null) newByNativeId.set(platform, gained, into);
  }

  /** The item's id: a stored item is updated now, a new one is written by `flush`. */
  function add(item: NormalisedItem): number {
    const found = find(item.platform, item.nativeId, item.url);
    if (found && 'values' in found) {
      merge(found, valuesOf(item, found.values[0]));
      return found.values[0];
    }
    if (found) {
      items.update(tx, found.id, valuesOf(item, found.id), fetchedAt, responseId);
      // Rare: the item gains a native id or moves to another URL, so what was looked up in advance may be stale.
      if ((found.nativeId === null && item.nativeId !== null) || (item.url !== null && item.url !== found.url)) prefetched = null;
      return found.id;
    }
    if (nextId === 0) nextId = items.lastId() + 1;
    const created: NewItem = { values: valuesOf(item, nextId) };
    nextId += 1;
    newItems.push(created);
    if (item.url && !newByUrl.has(item.platform, item.url)) newByUrl.set(item.platform, item.url, created);
    if (item.nativeId) newByNativeId.set(item.platform, item.nativeId, created);
    return created.values[0];
  }

  /** Writes the new items; until then, nothing that refers to them can be written. */
  function flush(): void {
    const rows = newItems.map((created) => created.values);
    if (!nativeIdsAssumedNew) items.insertMany(tx, rows);
    else if (!items.insertManyUnlessStored(tx, rows)) throw new NativeIdStoredAfterAll();
    newItems.length = 0;
    newByUrl.clear();
    newByUrlExact = true;
    newByNativeId.clear();
  }

  return { prefetch, add, flush, find };
}
