/**
 * General social network, public pages: a page's reels (10 per call). Each reel carries
 * `post_id`, `like_count`, `comment_count`, `share_count`, `view_count`, `description` and
 * `video_url` (the media file, not the reel's page).
 *
 * How the reels are laid out in `data` is not shown, so they are looked for in this order:
 * 1. `data` itself is a list;
 * 2. a list holding reels (objects with `post_id`, or wrapped as `{ node }`, `{ reel }`,
 *    `{ post }` or `{ media }`) under `reels`, `items`, `results`, `data`, `posts`, `videos`,
 *    `edges` or `nodes`;
 * 3. `data` itself is one reel;
 * 4. the first list elsewhere in `data` (breadth first, a few levels deep) holding reels;
 * 5. the first non-empty list under those keys, its entries read as reels of an unknown shape.
 * Object entries of the list found are items; other entries are reported. A response whose
 * lists are all empty holds no reels; one with no list and no reel gets a warning.
 *
 * The reel's URL is its own `url`/`permalink_url`/`reel_url`/`share_url` when present; none is
 * built from `post_id`, whose relation to the reel's page address is not documented. The author
 * is the page asked for (its URL, canonicalised by the URL table) unless a reel names its own.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { firstCount, firstText, has, idText, isRecord, prop, type JsonObject } from '../read/json';
import { absoluteTime, epochTime, secondsToMs } from '../read/time';
import { canonicalLink, firstImage } from '../read/links';
import { childPath, makeItem } from '../read/item';
import { NOT_AN_OBJECT, emptyNormalisation, notThisPlatform, readList } from '../read/records';

const LIST_KEYS = ['reels', 'items', 'results', 'data', 'posts', 'videos', 'edges', 'nodes'];
const WRAPPER_KEYS = ['node', 'reel', 'post', 'media'];

function isReel(value: unknown): value is JsonObject {
  return isRecord(value) && (has(value, 'post_id') || (has(value, 'video_url') && (has(value, 'view_count') || has(value, 'like_count'))));
}

function holdsReels(list: readonly unknown[]): boolean {
  return list.some((entry: unknown) => isReel(entry) || (isRecord(entry) && WRAPPER_KEYS.some((key) => isReel(prop(entry, key)))));
}

function authorOf(reel: JsonObject, page: Author | null): Author | null {
  const owner = isRecord(reel.author) ? reel.author : isRecord(reel.owner) ? reel.owner : isRecord(reel.page) ? reel.page : null;
  if (owner === null) return page;
  return {
    name: firstText(owner.name, owner.title),
    handle: firstText(owner.username, owner.handle),
    id: idText(owner.id),
    url: canonicalLink(owner.url)?.url ?? null,
  };
}

export function readSocialReel(reel: JsonObject, sourcePath: string, page: Author | null): NormalisedItem {
  const link = canonicalLink(firstText(reel.url, reel.permalink_url, reel.permalink, reel.reel_url, reel.share_url));
  const created =
    absoluteTime(reel.created_time) ??
    absoluteTime(reel.creation_time) ??
    epochTime(reel.creation_time) ??
    epochTime(reel.created_time) ??
    epochTime(reel.publish_time);
  return makeItem('socialnet', sourcePath, {
    kind: 'reel',
    nativeId: idText(reel.post_id) ?? idText(reel.id) ?? idText(reel.video_id) ?? link?.nativeId ?? null,
    url: link?.url ?? null,
    title: firstText(reel.title),
    text: firstText(reel.description, reel.message, reel.caption),
    author: authorOf(reel, page),
    publishedAt: created,
    durationMs: secondsToMs(reel.length) ?? firstCount(reel.duration_ms),
    thumbnailUrl: firstImage(reel.thumbnail, reel.thumbnail_url, reel.thumbnailUrl, reel.image, reel.cover),
    metrics: {
      views: firstCount(reel.view_count, reel.play_count),
      likes: firstCount(reel.like_count, reel.reaction_count),
      comments: firstCount(reel.comment_count),
      shares: firstCount(reel.share_count),
    },
    extras: { mediaUrl: firstImage(reel.video_url, reel.playable_url, reel.source) },
  });
}

function unwrap(entry: JsonObject, path: string): { reel: JsonObject; path: string } {
  if (isReel(entry)) return { reel: entry, path };
  for (const key of WRAPPER_KEYS) {
    const inner = prop(entry, key);
    if (isRecord(inner)) return { reel: inner, path: childPath(path, key) };
  }
  return { reel: entry, path };
}

/** The first list (breadth first, bounded) whose object entries carry the reel shape. */
function findReelList(data: unknown): { list: unknown[]; path: string } | null {
  let level: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  let visited = 0;
  for (let depth = 0; depth < 6 && level.length > 0; depth += 1) {
    const next: { value: unknown; path: string }[] = [];
    for (const node of level) {
      visited += 1;
      if (visited > 5000) return null;
      if (Array.isArray(node.value)) {
        if (holdsReels(node.value)) return { list: node.value, path: node.path };
        node.value.forEach((child: unknown, index) => next.push({ value: child, path: childPath(node.path, index) }));
      } else if (isRecord(node.value)) {
        for (const [key, child] of Object.entries(node.value)) next.push({ value: child, path: childPath(node.path, key) });
      }
    }
    level = next;
  }
  return null;
}

/** Reads a list found at `path` ('' when `data` itself is the list, then reported as "data"). */
function readReels(out: Normalisation, list: unknown[], path: string, page: Author | null): void {
  readList(out, list, path === '' ? 'data' : path, (entry, entryPath) => {
    const ownPath = path === '' ? entryPath.slice('data'.length) : entryPath;
    const found = unwrap(entry, ownPath);
    return readSocialReel(found.reel, found.path, page);
  });
}

function reelsOperation(out: Normalisation, data: unknown, params: Readonly<Record<string, string>>): void {
  const pageUrl = canonicalLink(params.url)?.url ?? null;
  const page: Author | null = pageUrl === null ? null : { name: null, handle: null, id: null, url: pageUrl };
  if (Array.isArray(data)) {
    readReels(out, data, '', page);
    return;
  }
  if (!isRecord(data)) {
    out.warnings.push(NOT_AN_OBJECT);
    return;
  }
  const candidates = LIST_KEYS.flatMap((key) => {
    const list = prop(data, key);
    return Array.isArray(list) ? [{ list, path: key }] : [];
  });
  // A list of reels wins over an empty or unrelated list met first under another key.
  const reelList = candidates.find((candidate) => holdsReels(candidate.list));
  if (reelList === undefined && isReel(data)) {
    out.items.push(readSocialReel(data, '', page));
    return;
  }
  const chosen = reelList ?? findReelList(data) ?? candidates.find((candidate) => candidate.list.length > 0);
  if (chosen !== undefined) {
    readReels(out, chosen.list, chosen.path, page);
    return;
  }
  // Only empty lists: a page with no reels, which is no parse failure.
  if (candidates.length > 0) return;
  out.warnings.push('No reels were found in the response.');
}

export const normaliseSocialnet: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (operation !== 'socialnet/user/reels') {
    out.warnings.push(notThisPlatform(operation, 'socialnet'));
    return out;
  }
  reelsOperation(out, data, params);
  return out;
};
