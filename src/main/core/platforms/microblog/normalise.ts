/**
 * Decentralized microblog: a user's posts (`data.feed[]`) and one post (`data.post`), both in
 * one item shape: `uri`, `author` (`handle`, `displayName`, `avatar`), `record` (`text`,
 * `createdAt`), `likeCount`, `repostCount`, `replyCount`.
 *
 * The nativeId is the `at://` uri; the URL is `https://bsky.app/profile/<authority>/post/<rkey>`
 * with the uri's own authority (a did or a handle), canonicalised by the URL table. Feed entries
 * wrapped as `{ post, reason }` (the network's own feed shape) are unwrapped. The avatar is the
 * author's picture, not the post's image; an embedded image's thumbnail is used when present.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, has, isRecord, prop, text, type JsonObject } from '../read/json';
import { timeAndText } from '../read/time';
import { canonicalLink, firstImage, segment, type CanonicalLink } from '../read/links';
import { makeItem } from '../read/item';
import { NOT_AN_OBJECT, emptyNormalisation, notThisPlatform, readList } from '../read/records';

const SITE = 'https://bsky.app';
const AT_URI = /^at:\/\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)$/;

export interface AtUri {
  authority: string;
  collection: string;
  rkey: string;
}

export function parseAtUri(value: unknown): AtUri | null {
  const match = typeof value === 'string' ? value.match(AT_URI) : null;
  if (!match) return null;
  const [, authority = '', collection = '', rkey = ''] = match;
  return { authority, collection, rkey };
}

/** `at://did:plc:x/app.bsky.feed.post/3k…` → `https://bsky.app/profile/did:plc:x/post/3k…`. */
export function postUrlFromUri(uri: unknown): string | null {
  const parsed = parseAtUri(uri);
  if (parsed === null || parsed.collection !== 'app.bsky.feed.post') return null;
  return canonicalLink(`${SITE}/profile/${segment(parsed.authority)}/post/${segment(parsed.rkey)}`)?.url ?? null;
}

export function readPost(post: JsonObject, sourcePath: string, fallback: CanonicalLink | null = null): NormalisedItem {
  const uri = text(post.uri);
  const parsed = parseAtUri(uri);
  const author = prop(post, 'author');
  const handle = text(prop(author, 'handle'));
  const did = text(prop(author, 'did')) ?? (parsed?.authority.startsWith('did:') ? parsed.authority : null);
  const record = prop(post, 'record');
  const created = timeAndText(prop(record, 'createdAt'));
  const embed = prop(post, 'embed');
  const actor = handle ?? did;
  return makeItem('microblog', sourcePath, {
    kind: 'post',
    nativeId: uri ?? fallback?.nativeId ?? null,
    url: postUrlFromUri(uri) ?? fallback?.url ?? null,
    text: text(prop(record, 'text')),
    author: {
      name: text(prop(author, 'displayName')),
      handle,
      id: did,
      url: actor === null ? null : (canonicalLink(`${SITE}/profile/${segment(actor)}`)?.url ?? null),
    },
    publishedAt: created.at,
    publishedText: created.text,
    thumbnailUrl: firstImage(
      at(embed, 'images', 0, 'thumb'),
      at(embed, 'media', 'images', 0, 'thumb'),
      prop(embed, 'thumbnail'),
      at(embed, 'external', 'thumb'),
    ),
    metrics: {
      likes: firstCount(post.likeCount),
      reposts: firstCount(post.repostCount),
      comments: firstCount(post.replyCount),
    },
    extras: { authorAvatarUrl: firstImage(prop(author, 'avatar')) },
  });
}

function feedOperation(out: Normalisation, data: JsonObject): void {
  const wasList = readList(out, data.feed, 'feed', (entry, path) =>
    !has(entry, 'uri') && isRecord(entry.post) ? readPost(entry.post, `${path}.post`) : readPost(entry, path),
  );
  if (!wasList) out.warnings.push('No feed list was found in the response.');
}

function postOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  const fromParams = canonicalLink(params.url);
  const threadPost = at(data, 'thread', 'post');
  if (isRecord(data.post)) out.items.push(readPost(data.post, 'post', fromParams));
  else if (isRecord(threadPost)) out.items.push(readPost(threadPost, 'thread.post', fromParams));
  else if (has(data, 'uri')) out.items.push(readPost(data, '', fromParams));
  else out.warnings.push('The response has no post record, so no post was read.');
}

export const normaliseMicroblog: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!isRecord(data)) {
    out.warnings.push(operation.startsWith('microblog/') ? NOT_AN_OBJECT : notThisPlatform(operation, 'microblog'));
    return out;
  }
  switch (operation) {
    case 'microblog/user/posts':
      feedOperation(out, data);
      break;
    case 'microblog/post':
      postOperation(out, data, params);
      break;
    default:
      out.warnings.push(notThisPlatform(operation, 'microblog'));
  }
  return out;
};
