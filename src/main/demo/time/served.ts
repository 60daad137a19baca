/**
 * What the demo has served (items and listings, bounded) and, from their histories, the truth:
 * every change to served content after it was first served, each with the operation that shows
 * it. Base values are the timeless (hour 0) ones, so before/after are exactly what answers show.
 */
import type { OperationId } from '../../../shared/catalogue';
import type { DemoTruthChange } from '../types';
import { demoIso } from './demo-clock';
import { editedText, editedTitle, renamed } from './edits';
import { grownCount, type Evolution, type ItemEvent } from './evolution';
import { COUNT_FIELDS, OPERATION_SHAPES, at, type ItemShape, type Path } from './item-shapes';
import type { Listing } from './new-posts';

/** Enough for a simulated week of thousands of watched items; beyond it nothing new is tracked. */
export const MAX_SERVED_ITEMS = 50_000;
export const MAX_SERVED_LISTINGS = 5_000;

type Field = 'title' | 'text' | 'authorName' | 'followers' | (typeof COUNT_FIELDS)[number];

interface ServedItem {
  platform: string;
  id: string;
  url: string;
  account?: string;
  hasTitle: boolean;
  born: number;
  firstHour: number;
  operation: OperationId;
  /** The timeless value of each field the answers showed, and the hour they first showed it. */
  base: Map<Field, { value: string | number; since: number }>;
  /** Listings it was served in, by key, with the hour first seen there. */
  listings: Map<string, number>;
}

interface ServedListing {
  listing: Listing;
  operation: OperationId;
  platform: string;
  firstHour: number;
}

/** A change as the histories give it; the item's identity is added around it. */
type Change = Pick<DemoTruthChange, 'kind'> & Partial<Pick<DemoTruthChange, 'field' | 'before' | 'after' | 'listing' | 'operation'>>;

const itemKey = (platform: string, id: string): string => `${platform}\u001f${id}`;

const firstValue = (item: unknown, paths: readonly Path[] | undefined): string | number | null => {
  for (const path of paths ?? []) {
    const value = at(item, path);
    if (typeof value === 'string' || typeof value === 'number') return value;
  }
  return null;
};

export interface Served {
  /** Notes an item as served (its timeless record, before time changed it). */
  item(operation: OperationId, record: unknown, hour: number, born: number, listing?: Listing): void;
  listing(operation: OperationId, listing: Listing, hour: number): void;
  /** The hour a new item was posted, for items that listings posted (0 for all others). */
  bornOf(platform: string, id: string): number;
  notePosted(platform: string, id: string, hour: number): void;
  truth(hour: number): DemoTruthChange[];
  clear(): void;
}

export function createServed(evolution: Evolution): Served {
  const items = new Map<string, ServedItem>();
  const listings = new Map<string, ServedListing>();
  const posted = new Map<string, number>();

  function observed(shape: ItemShape, record: unknown): Map<Field, string | number> {
    const base = new Map<Field, string | number>();
    const note = (field: Field, paths: readonly Path[] | undefined) => {
      const value = firstValue(record, paths);
      if (value !== null) base.set(field, value);
    };
    note('title', shape.title);
    note('text', shape.text);
    note('authorName', shape.authorName);
    note('followers', shape.followers);
    for (const field of COUNT_FIELDS) note(field, shape.counts?.[field]);
    return base;
  }

  function changesOf(item: ServedItem, hour: number): DemoTruthChange[] {
    const out: DemoTruthChange[] = [];
    const common = {
      platform: item.platform,
      itemId: item.id,
      url: item.url,
      operation: item.operation,
      ...(item.account ? { account: item.account } : {}),
    };
    const push = (at: number, change: Change) => out.push({ at: demoIso(at), ...common, ...change });
    const since = Math.max(item.firstHour, item.born);
    const events = evolution.itemEvents(item.platform, item.id, item.hasTitle, hour, item.born);
    let factor = 1;
    let titleEdits = 0;
    let textEdits = 0;
    for (const event of events) {
      if (event.kind === 'counts') {
        const after = factor * (1 + event.factor);
        for (const field of COUNT_FIELDS) {
          const base = item.base.get(field);
          const [before, now] = [grownCount(base?.value, factor), grownCount(base?.value, after)];
          if (base && event.hour > base.since && before !== now)
            push(event.hour, { kind: 'counts', field, before: Number(before), after: Number(now) });
        }
        factor = after;
      } else if (event.kind === 'edited') {
        const field = event.field;
        const base = item.base.get(field);
        const n = field === 'title' ? ++titleEdits : ++textEdits;
        const edit = field === 'title' ? editedTitle : editedText;
        if (base && typeof base.value === 'string' && event.hour > base.since)
          push(event.hour, { kind: 'edited', field, before: edit(base.value, item.id, n - 1), after: edit(base.value, item.id, n) });
      } else if (event.hour > since) {
        push(event.hour, { kind: event.kind });
        // The listings that showed the item drop it, and list it again when it returns.
        for (const [key, firstHour] of item.listings) {
          const listing = listings.get(key);
          if (listing && event.hour > firstHour)
            push(event.hour, { kind: event.kind === 'restored' ? 'restored' : 'delisted', listing: key, operation: listing.operation });
        }
      }
    }
    if (item.account !== undefined) accountChanges(item, item.account, events, hour, push);
    return out;
  }

  /**
   * Renames and follower counts show on an item only while it is available: those made while it
   * is gone show, as one change, when it returns.
   */
  function accountChanges(
    item: ServedItem,
    account: string,
    events: readonly ItemEvent[],
    hour: number,
    push: (at: number, change: Change) => void,
  ): void {
    const name = item.base.get('authorName');
    const followers = item.base.get('followers');
    const turns = events.filter((e) => e.kind === 'removed' || e.kind === 'private' || e.kind === 'restored');
    let [renames, factor, shownRenames, shownFactor] = [0, 1, 0, 1];
    let available = true;
    let next = 0;
    const show = (at: number) => {
      if (name && typeof name.value === 'string' && renames !== shownRenames && at > name.since) {
        push(at, {
          kind: 'edited',
          field: 'authorName',
          before: renamed(name.value, account, shownRenames),
          after: renamed(name.value, account, renames),
        });
      }
      const [before, now] = [grownCount(followers?.value, shownFactor), grownCount(followers?.value, factor)];
      if (followers && before !== now && at > followers.since)
        push(at, { kind: 'counts', field: 'followers', before: Number(before), after: Number(now) });
      [shownRenames, shownFactor] = [renames, factor];
    };
    const turnUntil = (h: number) => {
      for (; next < turns.length && (turns[next]?.hour ?? Infinity) <= h; next++) {
        const turn = turns[next] as ItemEvent;
        available = turn.kind === 'restored';
        if (available) show(turn.hour);
      }
    };
    for (const event of evolution.accountEvents(item.platform, account, hour)) {
      turnUntil(event.hour);
      if (event.kind === 'renamed') renames++;
      else factor *= 1 + event.factor;
      if (available) show(event.hour);
    }
    turnUntil(hour);
  }

  function newPostChanges(key: string, served: ServedListing, hour: number): DemoTruthChange[] {
    const shape = OPERATION_SHAPES[served.operation];
    return evolution.newPostHours(key, hour).flatMap((posted, n) => {
      if (posted <= served.firstHour) return [];
      const entry = served.listing.entry(n);
      const record = shape.inEntry ? at(entry, shape.inEntry) : entry;
      const id = String(at(record, shape.item.id) ?? '');
      api.notePosted(served.platform, id, posted);
      // A new item gone again before any answer showed it could not be seen by anyone.
      const seen = items.has(itemKey(served.platform, id));
      if (!seen && evolution.itemState(served.platform, id, shape.hasTitle, hour, posted).availability !== 'available') return [];
      return [
        {
          at: demoIso(posted),
          kind: 'new-post' as const,
          platform: served.platform,
          itemId: id,
          url: shape.item.url(record),
          operation: served.operation,
          listing: key,
          ...(served.listing.account ? { account: served.listing.account } : {}),
        },
      ];
    });
  }

  const api: Served = {
    item(operation, record, hour, born, listing) {
      const shape = OPERATION_SHAPES[operation];
      const id = at(record, shape.item.id);
      if (typeof id !== 'string' && typeof id !== 'number') return;
      const key = itemKey(shape.platform, String(id));
      let item = items.get(key);
      if (!item) {
        if (items.size >= MAX_SERVED_ITEMS) return;
        const account = (shape.item.account ? at(record, shape.item.account) : undefined) ?? listing?.account;
        item = {
          platform: shape.platform,
          id: String(id),
          url: shape.item.url(record),
          ...(typeof account === 'string' || typeof account === 'number' ? { account: String(account) } : {}),
          hasTitle: shape.hasTitle,
          born,
          firstHour: hour,
          operation,
          base: new Map(),
          listings: new Map(),
        };
        items.set(key, item);
      }
      // A details operation shows every field; it is the one truth names when there is one.
      if (shape.record && !OPERATION_SHAPES[item.operation].record) item.operation = operation;
      for (const [field, value] of observed(shape.item, record)) {
        if (!item.base.has(field)) item.base.set(field, { value, since: Math.max(hour, born) });
      }
      if (listing !== undefined && !item.listings.has(listing.key)) item.listings.set(listing.key, hour);
    },
    listing(operation, listing, hour) {
      if (listings.has(listing.key) || listings.size >= MAX_SERVED_LISTINGS) return;
      listings.set(listing.key, { listing, operation, platform: OPERATION_SHAPES[operation].platform, firstHour: hour });
    },
    bornOf: (platform, id) => posted.get(itemKey(platform, id)) ?? 0,
    notePosted(platform, id, hour) {
      posted.set(itemKey(platform, id), hour);
    },
    truth(hour) {
      const changes = [...listings].flatMap(([key, served]) => newPostChanges(key, served, hour));
      for (const item of items.values()) changes.push(...changesOf(item, hour));
      return changes.sort((a, b) => a.at.localeCompare(b.at) || a.platform.localeCompare(b.platform) || a.itemId.localeCompare(b.itemId));
    },
    clear() {
      items.clear();
      listings.clear();
      posted.clear();
    },
  };
  return api;
}
