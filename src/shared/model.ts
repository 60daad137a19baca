/**
 * The common item model every platform's records are normalised into. Stored in SQLite,
 * searched, shown in the Library and exported; the raw response is always kept beside it.
 */
import type { OperationId } from './operations';
import type { ItemKind, Platform } from './platforms';

// The kinds are defined with the platforms; kept importable from here, where the model uses them.
export { ITEM_KINDS, LINK_KINDS, type ItemKind, type LinkKind } from './platforms';

export interface Author {
  name: string | null;
  handle: string | null;
  id: string | null;
  url: string | null;
}

/** Counts as integers; null where the platform does not give one. */
export interface Metrics {
  views: number | null;
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  shares: number | null;
  followers: number | null;
}

export const METRIC_NAMES = ['views', 'likes', 'comments', 'reposts', 'shares', 'followers'] as const satisfies readonly (keyof Metrics)[];

/**
 * Fields the spec shows for a record that have no place in the common model, kept under one
 * name each whatever the platform calls them, so they are stored, shown and exported too.
 */
export const EXTRA_FIELDS = {
  mediaUrl: 'Media file',
  downloadUrl: 'Download (no watermark)',
  authorAvatarUrl: 'Author’s picture',
  headline: 'Headline',
  altText: 'Alt text',
  dominantColor: 'Dominant colour',
  imageWidth: 'Image width',
  imageHeight: 'Image height',
  communityName: 'Community',
  communityId: 'Community id',
  mediaId: 'Media id',
  linkUrl: 'Linked address',
} as const;

export type ExtraField = keyof typeof EXTRA_FIELDS;
export type ItemExtras = Partial<Record<ExtraField, string | number>>;

/** An item's extras to show, in EXTRA_FIELDS order, each with its label. */
export function extrasToShow(extras: ItemExtras): { field: ExtraField; label: string; value: string | number }[] {
  return (Object.keys(EXTRA_FIELDS) as ExtraField[]).flatMap((field) => {
    const value = extras[field];
    return value === undefined ? [] : [{ field, label: EXTRA_FIELDS[field], value }];
  });
}

export interface NormalisedItem {
  platform: Platform;
  kind: ItemKind;
  /** The platform's own id (video id, aweme id, shortcode, uri, rest_id, t3_…), when known. */
  nativeId: string | null;
  /** Canonical https URL of the item, when known. */
  url: string | null;
  title: string | null;
  text: string | null;
  author: Author;
  /** ISO-8601 UTC, when the platform gives an absolute time. */
  publishedAt: string | null;
  /** The platform's own wording ("3 days ago", "Mar 4, 2024") when it gives no absolute time, or as well. */
  publishedText: string | null;
  durationMs: number | null;
  thumbnailUrl: string | null;
  metrics: Metrics;
  /** Spec fields the model has no column for (EXTRA_FIELDS); absent or empty when the record has none. */
  extras?: ItemExtras;
  /** Where in the response's `data` this item was found, e.g. `videos[3]`. */
  sourcePath: string;
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number | null;
  text: string;
}

export interface NormalisedTranscript {
  /** The item it belongs to: its platform id or canonical URL (matched like items are). */
  nativeId: string | null;
  url: string | null;
  /** The kind of that item when the response or link tells (a transcript fetched first makes its item with it). */
  kind: ItemKind | null;
  /** Language as the service names it ("English") or its code, when known. */
  language: string | null;
  /** False when the service says there is no transcript (in that language): a fact, not an error. */
  available: boolean;
  segments: TranscriptSegment[];
  fullText: string | null;
  /** How the service carried it. */
  format: 'segments' | 'text' | 'webvtt' | 'none';
}

export interface Normalisation {
  items: NormalisedItem[];
  transcripts: NormalisedTranscript[];
  /** Human sentences: a record that could not be read, fewer items than the response holds. */
  warnings: string[];
}

export type Normaliser = (operation: OperationId, data: unknown, params: Readonly<Record<string, string>>) => Normalisation;
