/**
 * The records of a bundle's tables: how a library row is written, and the schema a bundle's
 * file is read back with (a bundle is input like any other: checked before it is trusted).
 */
import { z } from '../../../shared/zod';
import type {
  BundleAnswerRow,
  BundleItemRow,
  BundleMembershipRow,
  BundleNoteRow,
  BundleTagRow,
  BundleTranscriptRow,
} from '../store/bundle-repository';
import { answerPath } from './layout';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const text = z.string().nullable();
const count = z.number().int().nullable();

export const answerRecordSchema = z.strictObject({
  sha256,
  request_id: z.string().min(1).max(500),
  operation: z.string().min(1).max(200),
  params: z.record(z.string(), z.string()),
  request_url: z.string().max(20_000),
  status: z.number().int(),
  fetched_at: z.string().min(1).max(64),
  duration_ms: z.number().int().nullable(),
  next_page: z.record(z.string(), z.string()).nullable(),
  file: z.string(),
  /** Demo data, invented by Gleaner's demo service; absent in bundles made before answers were marked. */
  demo: z.boolean().optional(),
});
export type AnswerRecord = z.infer<typeof answerRecordSchema>;

export const itemRecordSchema = z.strictObject({
  id: z.number().int(),
  platform: z.string(),
  kind: z.string(),
  native_id: text,
  url: text,
  title: text,
  text: text,
  author_name: text,
  author_handle: text,
  author_id: text,
  author_url: text,
  published_at: text,
  published_text: text,
  duration_ms: count,
  thumbnail_url: text,
  views: count,
  likes: count,
  comments: count,
  reposts: count,
  shares: count,
  followers: count,
  first_fetched_at: z.string(),
  last_fetched_at: z.string(),
  answers: z.array(sha256),
  /** Demo data: read from an answer of Gleaner's demo service; absent in bundles made before items were marked. */
  demo: z.boolean().optional(),
});
export type ItemRecord = z.infer<typeof itemRecordSchema>;

export const noteRecordSchema = z.strictObject({ item_id: z.number().int(), collection: text, body: z.string(), updated_at: z.string() });
export type NoteRecord = z.infer<typeof noteRecordSchema>;
export const tagRecordSchema = z.strictObject({ item_id: z.number().int(), collection: text, tag: z.string() });
export type TagRecord = z.infer<typeof tagRecordSchema>;
export const membershipRecordSchema = z.strictObject({ collection: z.string(), item_id: z.number().int(), added_at: z.string() });
export type MembershipRecord = z.infer<typeof membershipRecordSchema>;

export interface TranscriptRecord {
  item_id: number;
  language: string;
  available: boolean;
  format: string;
  full_text: string | null;
  fetched_at: string;
  answer: string;
  segments: { start_ms: number; end_ms: number | null; text: string }[];
}

export function answerRecord(row: BundleAnswerRow): AnswerRecord {
  return {
    sha256: row.sha256,
    request_id: row.requestId,
    operation: row.operation,
    params: JSON.parse(row.params) as Record<string, string>,
    request_url: row.requestUrl,
    status: row.status,
    fetched_at: row.fetchedAt,
    duration_ms: row.durationMs,
    next_page: row.nextPage === null ? null : (JSON.parse(row.nextPage) as Record<string, string>),
    file: answerPath(row.sha256),
    demo: row.demo === 1,
  };
}

/** An item's record as the library wrote its JSON text, and that text read back for its CSV row. */
export interface ItemLine {
  json: string;
  record: ItemRecord;
}

export const itemLine = (json: string): ItemLine => ({ json, record: JSON.parse(json) as ItemRecord });

export function itemRecord(row: BundleItemRow): ItemRecord {
  return {
    id: row.id,
    platform: row.platform,
    kind: row.kind,
    native_id: row.nativeId,
    url: row.url,
    title: row.title,
    text: row.text,
    author_name: row.authorName,
    author_handle: row.authorHandle,
    author_id: row.authorId,
    author_url: row.authorUrl,
    published_at: row.publishedAt,
    published_text: row.publishedText,
    duration_ms: row.durationMs,
    thumbnail_url: row.thumbnailUrl,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    reposts: row.reposts,
    shares: row.shares,
    followers: row.followers,
    first_fetched_at: row.firstFetchedAt,
    last_fetched_at: row.lastFetchedAt,
    answers: JSON.parse(row.answers) as string[],
    demo: row.demo === 1,
  };
}

export const ITEM_CSV_COLUMNS = [
  'id',
  'platform',
  'kind',
  'native_id',
  'url',
  'title',
  'text',
  'author_name',
  'author_handle',
  'author_id',
  'author_url',
  'published_at',
  'published_text',
  'duration_ms',
  'thumbnail_url',
  'views',
  'likes',
  'comments',
  'reposts',
  'shares',
  'followers',
  'first_fetched_at',
  'last_fetched_at',
  'answers',
  'demo',
] as const;

export const itemCsv = (item: ItemRecord) => [
  ITEM_CSV_COLUMNS.map((column) => (column === 'answers' ? item.answers.join(' ') : column === 'demo' ? item.demo === true : item[column])),
];

export function transcriptRecord(row: BundleTranscriptRow): TranscriptRecord {
  const segments = JSON.parse(row.segments) as [number, number | null, string][];
  return {
    item_id: row.itemId,
    language: row.language,
    available: row.available === 1,
    format: row.format,
    full_text: row.fullText,
    fetched_at: row.fetchedAt,
    answer: row.answer,
    segments: segments.map(([start, end, segmentText]) => ({ start_ms: start, end_ms: end, text: segmentText })),
  };
}

export const noteRecord = (row: BundleNoteRow): NoteRecord => ({
  item_id: row.itemId,
  collection: row.collection,
  body: row.body,
  updated_at: row.updatedAt,
});
export const tagRecord = (row: BundleTagRow): TagRecord => ({ item_id: row.itemId, collection: row.collection, tag: row.tag });
export const membershipRecord = (row: BundleMembershipRow): MembershipRecord => ({
  collection: row.collection,
  item_id: row.itemId,
  added_at: row.addedAt,
});
