/**
 * What happens to items, accounts and listings hour by hour. Each hour of each entity draws one
 * number from a hash of (seed, entity, hour), so the history is a pure function of identity and
 * demo hour: two services with the same seed agree at every hour, whatever they were asked.
 * Histories are extended lazily and cached (the cache may be dropped at any time).
 */
import { createRandom, hashOf } from '../random';

/** Per hour, while an item is available. About 13 % of items are edited and 6 % go away within 48 hours. */
export const ITEM_ODDS = { remove: 0.0008, private: 0.0004, edit: 0.003, grow: 0.06 } as const;
/** Per hour, while an item is gone: a few come back. */
export const RESTORE_ODDS = 0.006;
/** Per hour and account: rare display-name changes, frequent follower growth. */
export const ACCOUNT_ODDS = { rename: 0.0008, grow: 0.05 } as const;
/** Per hour and listing: an account posts about once a day; a search gains about one result a day. */
export const NEW_POST_ODDS = 0.045;

export type Availability = 'available' | 'removed' | 'private';

export type ItemEvent =
  | { hour: number; kind: 'edited'; field: 'title' | 'text' }
  | { hour: number; kind: 'counts'; factor: number }
  | { hour: number; kind: 'removed' | 'private' | 'restored' };

export type AccountEvent = { hour: number; kind: 'renamed' } | { hour: number; kind: 'followers'; factor: number };

export interface ItemState {
  availability: Availability;
  /** Edits so far, per field; 0 = the original. */
  titleEdits: number;
  textEdits: number;
  /** Multiplier of every count since hour 0. */
  factor: number;
}

export interface AccountState {
  renames: number;
  factor: number;
}

interface History<E> {
  upTo: number;
  events: E[];
  /** State after `upTo`, to continue from. */
  tail: unknown;
}

const CACHE_LIMIT = 200_000;

/** A growth step: mostly a few per cent, now and then a jump of 50–200 %. */
function growth(seed: string, scope: string, id: string, hour: number): number {
  const random = createRandom(seed, 'growth', scope, id, hour);
  return random.chance(0.04) ? 0.5 + random.next() * 1.5 : 0.005 + random.next() * 0.045;
}

const draw = (seed: string, ...parts: readonly (string | number)[]): number => hashOf(seed, ...parts) / 4_294_967_296;

export interface Evolution {
  /** Events of an item up to `hour`; `born` is the hour it was posted (0 for sample items). */
  itemEvents(platform: string, id: string, hasTitle: boolean, hour: number, born?: number): ItemEvent[];
  itemState(platform: string, id: string, hasTitle: boolean, hour: number, born?: number): ItemState;
  accountEvents(platform: string, account: string, hour: number): AccountEvent[];
  accountState(platform: string, account: string, hour: number): AccountState;
  /** The hours at which a listing gained a new item, up to `hour` (the n-th new item is at index n). */
  newPostHours(listing: string, hour: number): number[];
  clear(): void;
}

export function createEvolution(seed: string): Evolution {
  const items = new Map<string, History<ItemEvent>>();
  const accounts = new Map<string, History<AccountEvent>>();
  const listings = new Map<string, History<number>>();

  function extend<E>(
    cache: Map<string, History<E>>,
    key: string,
    hour: number,
    step: (h: number, tail: unknown) => [E | null, unknown],
    start: number,
    tail0: unknown,
  ): E[] {
    let history = cache.get(key);
    if (!history) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      history = { upTo: start, events: [], tail: tail0 };
      cache.set(key, history);
    }
    for (let h = history.upTo + 1; h <= hour; h++) {
      const [event, tail] = step(h, history.tail);
      if (event) history.events.push(event);
      history.tail = tail;
    }
    history.upTo = Math.max(history.upTo, hour);
    return history.events;
  }

  function itemEvents(platform: string, id: string, hasTitle: boolean, hour: number, born = 0): ItemEvent[] {
    const key = `${platform}\u001f${id}\u001f${born}`;
    const events = extend<ItemEvent>(
      items,
      key,
      hour,
      (h, tail) => {
        const available = tail === 'available';
        const r = draw(seed, 'item', platform, id, h);
        if (!available) return r < RESTORE_ODDS ? [{ hour: h, kind: 'restored' }, 'available'] : [null, tail];
        let edge = ITEM_ODDS.remove;
        if (r < edge) return [{ hour: h, kind: 'removed' }, 'removed'];
        if (r < (edge += ITEM_ODDS.private)) return [{ hour: h, kind: 'private' }, 'private'];
        if (r < (edge += ITEM_ODDS.edit)) {
          const field = hasTitle && draw(seed, 'edit-field', platform, id, h) < 0.5 ? 'title' : 'text';
          return [{ hour: h, kind: 'edited', field }, tail];
        }
        if (r < edge + ITEM_ODDS.grow) return [{ hour: h, kind: 'counts', factor: growth(seed, platform, id, h) }, tail];
        return [null, tail];
      },
      born,
      'available',
    );
    return events.filter((e) => e.hour <= hour);
  }

  function accountEvents(platform: string, account: string, hour: number): AccountEvent[] {
    const events = extend<AccountEvent>(
      accounts,
      `${platform}\u001f${account}`,
      hour,
      (h, tail) => {
        const r = draw(seed, 'account', platform, account, h);
        if (r < ACCOUNT_ODDS.rename) return [{ hour: h, kind: 'renamed' }, tail];
        if (r < ACCOUNT_ODDS.rename + ACCOUNT_ODDS.grow)
          return [{ hour: h, kind: 'followers', factor: growth(seed, `account:${platform}`, account, h) }, tail];
        return [null, tail];
      },
      0,
      null,
    );
    return events.filter((e) => e.hour <= hour);
  }

  return {
    itemEvents,
    itemState(platform, id, hasTitle, hour, born) {
      const state: ItemState = { availability: 'available', titleEdits: 0, textEdits: 0, factor: 1 };
      for (const event of itemEvents(platform, id, hasTitle, hour, born)) {
        if (event.kind === 'edited') {
          if (event.field === 'title') state.titleEdits++;
          else state.textEdits++;
        } else if (event.kind === 'counts') state.factor *= 1 + event.factor;
        else state.availability = event.kind === 'restored' ? 'available' : event.kind;
      }
      return state;
    },
    accountEvents,
    accountState(platform, account, hour) {
      const state: AccountState = { renames: 0, factor: 1 };
      for (const event of accountEvents(platform, account, hour)) {
        if (event.kind === 'renamed') state.renames++;
        else state.factor *= 1 + event.factor;
      }
      return state;
    },
    newPostHours(listing, hour) {
      const hours = extend<number>(
        listings,
        listing,
        hour,
        (h, tail) => [draw(seed, 'new-post', listing, h) < NEW_POST_ODDS ? h : null, tail],
        0,
        null,
      );
      return hours.filter((h) => h <= hour);
    },
    clear() {
      items.clear();
      accounts.clear();
      listings.clear();
    },
  };
}

/** A count after growth; strings of digits (some platforms send counts as text) stay strings. */
export function grownCount(base: unknown, factor: number): unknown {
  if (typeof base === 'number' && Number.isFinite(base)) return Math.round(base * factor);
  if (typeof base === 'string' && /^\d+$/.test(base)) return String(Math.round(Number(base) * factor));
  return base;
}
