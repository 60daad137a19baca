/** What the library answers with, shared by the core, the bridge contract and the renderer. */
import type { Platform } from './catalogue';
import type { ItemExtras, ItemKind } from './model';
import type { ImportPlan } from './queue';
import type { ItemTeamInfo } from './team-sync';
import type { ItemAvailability, ItemVersion } from './watch';

export interface SearchFilters {
  platform?: Platform;
  kind?: ItemKind;
  collection?: string;
  tag?: string;
  /** Inclusive bounds on the published time (ISO-8601). */
  publishedFrom?: string;
  publishedTo?: string;
  hasTranscript?: boolean;
  /** Only these items (for example the results of one fetch), at most 1,000. */
  ids?: number[];
}

/** The most items one action (tag, add to a collection, export a selection) takes at once. */
export const MAX_ITEMS_PER_ACTION = 100_000;

/**
 * A bare day (`2024-05-01`) ending a range of published times means the whole of that day. Stored
 * times compare as text, and every time of that day sorts before its ISO 8601 end, `T24:00`, and
 * every later day after it: that end is returned, for a "before" comparison. Null for a time,
 * which is itself the last moment in the range.
 */
export function endOfBareDay(to: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T24:00:00.000Z` : null;
}

export type SearchSort = 'relevance' | 'published' | 'fetched' | 'views' | 'likes' | 'title';

export interface SearchRequest extends SearchFilters {
  /** Empty or absent: list the library, filtered. */
  query?: string;
  sort?: SearchSort;
  limit?: number;
  offset?: number;
}

export interface SearchHit {
  id: number;
  platform: string;
  kind: string;
  title: string | null;
  /** The first 200 characters of the item's text, for rows without a title. */
  excerpt: string | null;
  /** The matching passage, the matched words between the markers; null when browsing. */
  snippet: string | null;
  /** Where the hit was: the item itself, one of its notes, or a transcript segment. */
  matchedIn: 'item' | 'note' | 'transcript' | null;
  /** Start of the best matching transcript segment, whenever a segment matched. */
  segmentStartMs: number | null;
  /** That segment's transcript, by its language as the item's transcripts name it (null: none named, or no segment matched). */
  segmentLanguage: string | null;
  authorName: string | null;
  authorHandle: string | null;
  publishedAt: string | null;
  publishedText: string | null;
  /** publishedAt was read from publishedText and the fetch time ("1 year ago" → ≈ a year before), not given. */
  publishedApproximate: boolean;
  url: string | null;
  thumbnailUrl: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  hasTranscript: boolean;
  lastFetchedAt: string;
  /** Demo data: read from an answer of Gleaner's demo service (demo.ts). */
  demo: boolean;
}

/**
 * The most matching items a search sorted by relevance ranks by best match. Ranking reads every
 * match, so a broad search (a short prefix while typing in a large library) would answer
 * slowly; past this many matches its items are listed the most recently added first instead.
 */
export const RELEVANCE_RANK_LIMIT = 5_000;

export interface SearchResult {
  hits: SearchHit[];
  /** Matching items in all, for "1–50 of 1,234". */
  total: number;
  /**
   * A search sorted by relevance: true when its items are ranked by best match, false when more
   * than RELEVANCE_RANK_LIMIT items matched and they are listed the most recently added first.
   * Absent for other sorts and for listings.
   */
  ranked?: boolean;
}

/** The ids of a stretch of a search's rows, in the order its pages list them. */
export interface SearchIds {
  ids: number[];
  /** How many items the search finds in all. */
  total: number;
}

export interface ItemRecord {
  id: number;
  platform: string;
  kind: string;
  nativeId: string | null;
  url: string | null;
  title: string | null;
  text: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorId: string | null;
  authorUrl: string | null;
  publishedAt: string | null;
  publishedText: string | null;
  /** publishedAt was read from publishedText and the fetch time, not given by the platform. */
  publishedApproximate: boolean;
  durationMs: number | null;
  thumbnailUrl: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  shares: number | null;
  followers: number | null;
  firstFetchedAt: string;
  lastFetchedAt: string;
  hasTranscript: boolean;
  /** Spec fields without a column of their own (EXTRA_FIELDS in model.ts); {} when none were given. */
  extras: ItemExtras;
  /** Demo data: read from at least one answer of Gleaner's demo service, not from any platform (demo.ts). */
  demo: boolean;
}

export interface MetricSnapshot {
  fetchedAt: string;
  views: number | null;
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  shares: number | null;
  followers: number | null;
}

export interface Provenance {
  responseId: number;
  operation: string;
  params: Record<string, string>;
  requestId: string;
  requestUrl: string;
  status: number;
  fetchedAt: string;
  sha256: string;
  sourcePath: string;
  /** This answer is demo data, invented by Gleaner's demo service. */
  demo: boolean;
}

export interface TranscriptRecord {
  language: string | null;
  available: boolean;
  format: string;
  fullText: string | null;
  fetchedAt: string;
  /** The operation and request the transcript came from (which may not be the item's). */
  operation: string;
  requestId: string;
  segments: { startMs: number; endMs: number | null; text: string }[];
}

/** Where an item's copy came from: enough to cite it and find the raw response again. */
export interface Citation {
  /** The canonical URL when it is a plain https URL (others are never offered as links). */
  url: string | null;
  platform: string;
  author: string | null;
  /** ISO-8601 UTC, or null where the platform gave only relative text that could not be dated. */
  publishedAt: string | null;
  /** publishedAt is approximate, read from the platform's relative wording and the fetch time. */
  publishedApproximate?: boolean;
  /** When the response that last carried the item was fetched (ISO-8601 UTC). */
  fetchedAt: string;
  operation: string;
  requestId: string;
  /** Demo data, invented by Gleaner's demo service (set only then): every style and format says so (demo.ts). */
  demo?: true;
}

export interface ItemDetail {
  item: ItemRecord;
  /** The item as exports cite it: from the response that last carried its fields. */
  citation: Citation;
  metricsHistory: MetricSnapshot[];
  transcripts: TranscriptRecord[];
  provenance: Provenance[];
  collections: string[];
  notes: { collection: string | null; body: string; updatedAt: string }[];
  tags: ItemTag[];
  /** Who fetched it and wrote its notes, and note conflicts, when colleagues did (team library). */
  team?: ItemTeamInfo;
  /** Each answer that changed its title, text or author's name, oldest first (watches, issue 30). */
  versions?: ItemVersion[];
  /** Whether its last fetch found it, when it was watched or fetched again. */
  availability?: ItemAvailability;
}

/**
 * A tag on an item and where it holds: library-wide (collection null, shown everywhere the
 * item is) or in one collection only. The same word may be on an item at both levels.
 */
export interface ItemTag {
  collection: string | null;
  tag: string;
}

export interface CollectionSummary {
  id: number;
  name: string;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionItem {
  id: number;
  /** Where the item stands in the collection's order, from 1 (a search within it keeps these). */
  position: number;
  addedAt: string;
  platform: string;
  kind: string;
  title: string | null;
  url: string | null;
  authorName: string | null;
  /** For the item's label when it has no title: the start of its text, and who posted it (always read from the library). */
  excerpt?: string | null;
  authorHandle?: string | null;
  publishedAt: string | null;
  publishedText: string | null;
  /** publishedAt was read from publishedText and the fetch time, not given by the platform. */
  publishedApproximate: boolean;
  /** This collection's note on the item (its library-wide note is in ItemDetail). */
  note: string | null;
  /** The item's library-wide tags and this collection's own, by tag, library-wide first. */
  tags: ItemTag[];
  /** Demo data: read from an answer of Gleaner's demo service (demo.ts). */
  demo: boolean;
}

/** Rows of a collection in order, from `offset`: a long collection is read a page at a time. */
export interface CollectionPage {
  collection: CollectionSummary;
  items: CollectionItem[];
  /** How many rows there are in all: the collection's items, or those a search or id list kept. */
  total: number;
}

/** The most items a collection is read whole for, to delete or to bring back (a few adds' worth). */
export const MAX_COLLECTION_ITEMS = 1_000_000;

/**
 * What deleting a collection throws away, read as it goes: its order and when each item was
 * added, its notes and its own tags (not the items' library-wide ones, which stay), and the
 * links still waiting in the queue that were to go into it. Enough to bring it back in one step.
 */
export interface CollectionContents {
  name: string;
  itemIds: number[];
  /** When each item was added (ISO-8601 UTC), in the order of `itemIds`. */
  addedAt: string[];
  notes: { itemId: number; body: string }[];
  /** Tag → the items that carried it in this collection. */
  tags: Record<string, number[]>;
  /** Queued jobs that were to put their items in it; an undo sends them there again. */
  waitingJobIds: number[];
}

/** Where an item stood in a collection, as `collections.remove` gives it and `collections.putBack` takes it. */
export interface CollectionPlace {
  itemId: number;
  /** The stored order key (not a row number: other items' moves leave it valid). */
  position: number;
  /** When it was first added (ISO-8601 UTC). */
  addedAt: string;
}

export interface TagSummary {
  tag: string;
  /** Items carrying the tag, in any collection or globally. */
  itemCount: number;
}

/**
 * "Get exact dates": the details operation planned for each chosen item whose date is only
 * approximate, as an import of their links is planned (requests, time, share of today's budget).
 */
export interface ExactDatesPlan {
  /** The plan of the items' links, fetched again by their details operation. */
  plan: ImportPlan;
  /** Items whose details are fetched (or already waiting in the queue). */
  itemIds: number[];
  /** Items left as they are, each with why: its date is exact already, or no operation fetches its details. */
  skipped: { itemId: number; reason: string }[];
}

/** What `items.exactDates` did: the plan, and the queued batch (null for a dry run or nothing to fetch). */
export interface ExactDatesResult extends ExactDatesPlan {
  batchId: number | null;
}
