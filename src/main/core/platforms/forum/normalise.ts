/**
 * Community forum: search inside one community. `data` holds one key chosen by the `filter`
 * parameter: `posts`, `comments` or `media`; the key present decides the item kind (post,
 * comment, media), whatever the parameter said. A post has `id` (`t3_…`), `title`, `url` and
 * `subreddit` (`id` `t5_…`, `name`). The community is where an item was posted, not its author.
 *
 * Comment and media shapes are not shown; they are read defensively with the forum's usual
 * field names: `body`/`text`, `author` (a name or an object), `author_fullname`, `permalink`,
 * `created_utc` (epoch seconds), `score`/`ups`, `num_comments`, `thumbnail`, `preview`.
 * Listing wrappers (`{ kind, data }` entries, `{ data: { children } }` lists) are unwrapped.
 *
 * nativeId: the id with its type prefix (`t3_` posts and media, `t1_` comments), from `id` or
 * `name`; a bare id gets the prefix of its kind. URL: built from the id and the community
 * (`/r/<name>/comments/<id>`, for a comment `/r/<name>/comments/<link id>/_/<id>` when its
 * `link_id` is known), so that one post keeps one address whichever form a response gives
 * (with or without its slug, on old.reddit.com, a gallery link); else `permalink` on the forum's
 * site, else `url` when it is on the forum's site. A post's `url` pointing elsewhere is the link
 * it shares, not the post, and is used only when nothing else is known.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, ItemKind, Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, firstText, has, idText, isRecord, prop, text, type JsonObject } from '../read/json';
import { absoluteTime, epochTime } from '../read/time';
import { firstImage, httpUrl, segment } from '../read/links';
import { makeItem } from '../read/item';
import { acceptsRecord, emptyNormalisation, readList } from '../read/records';
import { platformOfUrl } from '../recognise-url';

const SITE = 'https://www.reddit.com';
const KEYS: readonly (readonly [string, ItemKind, string])[] = [
  ['posts', 'post', 't3_'],
  ['comments', 'comment', 't1_'],
  ['media', 'media', 't3_'],
];
const TYPED_ID = /^t\d_/;
const NO_AUTHOR = new Set(['[deleted]', '[removed]']);

function typedId(entry: JsonObject, prefix: string): string | null {
  const id = idText(entry.id);
  const name = idText(entry.name);
  if (id !== null && TYPED_ID.test(id)) return id;
  if (name !== null && TYPED_ID.test(name)) return name;
  return id === null ? null : `${prefix}${id}`;
}

function forumUrl(value: unknown): string | null {
  const url = httpUrl(value);
  return url !== null && platformOfUrl(url) === 'forum' ? url : null;
}

function authorOf(entry: JsonObject): Author | null {
  const value = entry.author;
  const name = isRecord(value) ? firstText(value.name, value.username) : text(value);
  const id = isRecord(value) ? idText(value.id) : idText(entry.author_fullname);
  if (name === null && id === null) return null;
  const real = name !== null && !NO_AUTHOR.has(name);
  return { name: null, handle: name, id, url: real ? `${SITE}/user/${segment(name)}` : null };
}

function communityName(entry: JsonObject): string | null {
  const subreddit = entry.subreddit;
  return isRecord(subreddit) ? firstText(subreddit.name, subreddit.display_name) : firstText(subreddit, entry.subreddit_name);
}

/** The community's typed id (`t5_…`), from its record or the entry's own field. */
function communityId(entry: JsonObject): string | null {
  return firstText(isRecord(entry.subreddit) ? idText(entry.subreddit.id) : null, entry.subreddit_id);
}

export function readForumEntry(entry: JsonObject, sourcePath: string, kind: ItemKind, prefix: string): NormalisedItem {
  const nativeId = typedId(entry, prefix);
  const permalink = text(entry.permalink);
  const community = communityName(entry);
  const bareId = nativeId?.replace(TYPED_ID, '') ?? null;
  const base = community === null ? null : `${SITE}/r/${segment(community)}`;
  const linkId = text(entry.link_id)?.replace(TYPED_ID, '') ?? null;
  let url: string | null = null;
  if (base !== null && bareId !== null) {
    if (kind !== 'comment') url = `${base}/comments/${segment(bareId)}`;
    else if (linkId !== null) url = `${base}/comments/${segment(linkId)}/_/${segment(bareId)}`;
  }
  url ??= permalink === null ? null : permalink.startsWith('/') ? `${SITE}${permalink}` : forumUrl(permalink);
  url ??= forumUrl(entry.url);
  // Without the community: the forum also finds a post by its id alone.
  if (url === null && bareId !== null && kind !== 'comment') url = `${SITE}/comments/${segment(bareId)}`;
  url ??= httpUrl(entry.url);
  // A link post's `url` is where it points (an article, an image); on the forum itself it is the post's own page.
  const linked = forumUrl(entry.url) === null ? httpUrl(entry.url) : null;

  return makeItem('forum', sourcePath, {
    kind,
    nativeId,
    url,
    title: firstText(entry.title, kind === 'comment' ? entry.link_title : null),
    text: firstText(entry.selftext, entry.body, entry.text, entry.content),
    author: authorOf(entry),
    publishedAt: epochTime(entry.created_utc) ?? absoluteTime(entry.created_at) ?? absoluteTime(entry.created) ?? epochTime(entry.created),
    thumbnailUrl: firstImage(entry.thumbnail, at(entry, 'preview', 'images', 0, 'source'), entry.thumbnail_url),
    metrics: {
      views: firstCount(entry.view_count),
      likes: firstCount(entry.ups, entry.score),
      comments: firstCount(entry.num_comments),
    },
    extras: {
      communityName: community,
      communityId: communityId(entry),
      linkUrl: linked,
    },
  });
}

/** `{ kind: 't3', data: {…} }` → the inner record. */
function unwrapThing(entry: JsonObject, path: string): { entry: JsonObject; path: string } {
  if (!has(entry, 'id') && typeof entry.kind === 'string' && isRecord(entry.data)) return { entry: entry.data, path: `${path}.data` };
  return { entry, path };
}

function readKey(out: Normalisation, data: JsonObject, key: string, kind: ItemKind, prefix: string): boolean {
  let value = prop(data, key);
  let path = key;
  const children = at(value, 'data', 'children');
  if (isRecord(value) && Array.isArray(children)) {
    value = children;
    path = `${key}.data.children`;
  }
  return readList(out, value, path, (raw, entryPath) => {
    const found = unwrapThing(raw, entryPath);
    return readForumEntry(found.entry, found.path, kind, prefix);
  });
}

export const normaliseForum: Normaliser = (operation: OperationId, data: unknown) => {
  const out = emptyNormalisation();
  if (!acceptsRecord(out, operation, operation === 'forum/subreddit/search', 'forum', data)) return out;
  let found = false;
  for (const [key, kind, prefix] of KEYS) {
    if (has(data, key)) found = readKey(out, data, key, kind, prefix) || found;
  }
  if (!found) out.warnings.push('The response holds none of posts, comments or media, so no items were read.');
  return out;
};
