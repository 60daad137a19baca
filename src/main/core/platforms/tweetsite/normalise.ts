/**
 * Short-message site: a profile's most popular messages and a video message's transcript. Both
 * show a tweet object in `data`: `__typename`, `rest_id`, `legacy` (`full_text`,
 * `favorite_count`, `retweet_count`, `reply_count`).
 *
 * How several tweets are laid out is not shown. They are looked for in this order: `data` is
 * itself a tweet; `data` is a list; a list under `tweets`, `results`, `items`, `data`,
 * `timeline`, `entries` or `statuses` (each entry is a tweet or holds one or more a few levels
 * down, e.g. `content.itemContent.tweet_results.result`, or a module's `content.items[]`); else every tweet anywhere in `data`
 * (breadth first, bounded), without descending into a tweet found (quoted and retweeted tweets
 * stay part of theirs). A tweet is an object with `rest_id` and a `legacy` carrying tweet fields
 * or `__typename` `Tweet`; user objects (`__typename` `User`), which also carry `rest_id` and
 * `legacy`, are not tweets. Older objects with `id_str` and `full_text` are read too.
 *
 * Beyond the spec, read when present: the author from `core.user_results.result`
 * (`legacy`/`core` `screen_name`, `name`) or `user`, the long text of `note_tweet`,
 * `legacy.created_at`, `views.count`, the first media image and a video's `duration_millis`.
 * Tweets have no title. URL: `https://x.com/<handle>/status/<id>`, or the id-only form, both in
 * the URL table's canonical forms (the id-only one is `https://x.com/i/web/status/<id>`).
 *
 * Where the transcript sits in the transcript response is not shown: it is looked for at
 * `transcript`, `transcription`, `transcript_text`, `transcriptText`, `result.transcript`,
 * `data.transcript`, `subtitles`, `captions`, `vtt`, `srt`; then at any key named like a
 * transcript (bounded search); then at a top-level `text` when `data` is not a tweet; `data`
 * may also be the transcript itself (a string or a list). Any form `readTranscript` accepts is
 * read. An explicit null or empty transcript says there is none.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, firstText, has, idText, isRecord, prop, text, type JsonObject, withoutAt } from '../read/json';
import { absoluteTime } from '../read/time';
import { canonicalLink, firstImage, segment, type CanonicalLink } from '../read/links';
import { childPath, makeItem } from '../read/item';
import { NOT_AN_OBJECT, emptyNormalisation, notThisPlatform, recordsNotRead } from '../read/records';
import { isExplicitlyEmpty, readTranscript, unavailableTranscript } from '../read/transcripts';
import { findAtPlaces, findTranscriptKey, type FoundValue } from '../read/find-transcript';

const SITE = 'https://x.com';
const TWEET_FIELDS = ['full_text', 'favorite_count', 'retweet_count', 'reply_count'];
const LIST_KEYS = ['tweets', 'results', 'items', 'data', 'timeline', 'entries', 'statuses'];

function isUser(value: JsonObject): boolean {
  const typename = text(value.__typename);
  return typename !== null && /user/i.test(typename);
}

export function isTweet(value: unknown): value is JsonObject {
  if (!isRecord(value) || isUser(value)) return false;
  if (idText(value.rest_id) !== null) {
    if (value.__typename === 'Tweet') return true;
    return isRecord(value.legacy) && TWEET_FIELDS.some((key) => has(value.legacy, key));
  }
  return (
    idText(value.id_str) !== null &&
    (has(value, 'full_text') || has(value, 'text')) &&
    (has(value, 'favorite_count') || has(value, 'retweet_count'))
  );
}

/** `data` itself as a tweet: lenient, since a trimmed tweet may keep little beyond its id. */
function isRootTweet(value: unknown): boolean {
  return isTweet(value) || (isRecord(value) && !isUser(value) && idText(value.rest_id) !== null);
}

function firstMedia(legacy: unknown): unknown[] {
  const extended = at(legacy, 'extended_entities', 'media');
  if (Array.isArray(extended)) return extended;
  const plain = at(legacy, 'entities', 'media');
  return Array.isArray(plain) ? plain : [];
}

export function readTweet(
  tweet: JsonObject,
  sourcePath: string,
  fallbackHandle: string | null,
  fallback: CanonicalLink | null = null,
): NormalisedItem {
  const legacy = isRecord(tweet.legacy) ? tweet.legacy : tweet;
  const user = at(tweet, 'core', 'user_results', 'result');
  // Handles as the records give them (`jack`): one typed with its "@" would make two spellings of one author.
  const handle = withoutAt(
    firstText(at(user, 'legacy', 'screen_name'), at(user, 'core', 'screen_name'), at(tweet, 'user', 'screen_name')) ?? fallbackHandle,
  );
  const id = idText(tweet.rest_id) ?? idText(legacy.id_str) ?? idText(tweet.id_str);
  let link: CanonicalLink | null = null;
  if (id !== null) {
    link = handle !== null ? canonicalLink(`${SITE}/${segment(handle)}/status/${segment(id)}`) : null;
    // The requested link of this very message names its author; prefer it to the id-only form.
    if (link === null && fallback?.nativeId === id) link = fallback;
    link ??= canonicalLink(`${SITE}/i/status/${segment(id)}`);
  }
  link ??= fallback;
  const media = firstMedia(legacy);
  const durations = media.map((entry: unknown) => firstCount(at(entry, 'video_info', 'duration_millis')));
  return makeItem('tweetsite', sourcePath, {
    kind: 'tweet',
    nativeId: id ?? link?.nativeId ?? null,
    url: link?.url ?? null,
    title: null,
    text: firstText(at(tweet, 'note_tweet', 'note_tweet_results', 'result', 'text'), legacy.full_text, legacy.text),
    author: {
      name: firstText(at(user, 'legacy', 'name'), at(user, 'core', 'name'), at(tweet, 'user', 'name')),
      handle,
      id: idText(prop(user, 'rest_id')) ?? idText(legacy.user_id_str) ?? idText(at(tweet, 'user', 'id_str')),
      url: handle === null ? null : (canonicalLink(`${SITE}/${segment(handle)}`)?.url ?? null),
    },
    publishedAt: absoluteTime(legacy.created_at),
    durationMs: durations.find((value) => value !== null) ?? null,
    thumbnailUrl: firstImage(...media.map((entry: unknown) => prop(entry, 'media_url_https') ?? prop(entry, 'media_url'))),
    metrics: {
      views: firstCount(at(tweet, 'views', 'count'), at(tweet, 'ext_views', 'count')),
      likes: firstCount(legacy.favorite_count),
      reposts: firstCount(legacy.retweet_count),
      comments: firstCount(legacy.reply_count),
    },
  });
}

interface FoundTweet {
  tweet: JsonObject;
  path: string;
}

/** All tweets under `value` (breadth first, bounded), not descending into a tweet found. */
function collectTweets(value: unknown, basePath: string, limit: number): FoundTweet[] {
  const found: FoundTweet[] = [];
  let level: { value: unknown; path: string }[] = [{ value, path: basePath }];
  let visited = 0;
  for (let depth = 0; depth < 16 && level.length > 0; depth += 1) {
    const next: { value: unknown; path: string }[] = [];
    for (const node of level) {
      visited += 1;
      if (visited > 50_000) return found;
      if (isTweet(node.value)) {
        found.push({ tweet: node.value, path: node.path });
        if (found.length >= limit) return found;
      } else if (Array.isArray(node.value)) {
        node.value.forEach((child: unknown, index) => next.push({ value: child, path: childPath(node.path, index) }));
      } else if (isRecord(node.value)) {
        for (const [key, child] of Object.entries(node.value)) next.push({ value: child, path: childPath(node.path, key) });
      }
    }
    level = next;
  }
  return found;
}

/** Timeline entries that only carry a page cursor hold no message and are not reported. */
function isCursorEntry(entry: unknown): boolean {
  const entryId = text(prop(entry, 'entryId'));
  const type = firstText(at(entry, 'content', 'entryType'), at(entry, 'content', '__typename'), prop(entry, 'entryType'));
  return (entryId !== null && /^cursor-/i.test(entryId)) || (type !== null && /cursor/i.test(type));
}

/** The tweets of a response, as described in the file comment, with a warning for unread entries. */
export function locateTweets(data: unknown, out: Normalisation): FoundTweet[] {
  if (isRecord(data) && isRootTweet(data)) return [{ tweet: data, path: '' }];
  let list: unknown[] | null = null;
  let listPath = 'data';
  if (Array.isArray(data)) list = data;
  else if (isRecord(data)) {
    for (const key of LIST_KEYS) {
      const value = prop(data, key);
      if (Array.isArray(value)) {
        list = value;
        listPath = key;
        break;
      }
    }
  }
  if (list !== null) {
    const found: FoundTweet[] = [];
    let unread = 0;
    list.forEach((entry: unknown, index) => {
      if (isCursorEntry(entry)) return;
      const path = listPath === 'data' && Array.isArray(data) ? `[${index}]` : childPath(listPath, index);
      // An entry may hold several messages (a timeline module such as a self-thread): all are items.
      const inside = isRecord(entry) ? collectTweets(entry, path, Number.POSITIVE_INFINITY) : [];
      if (inside.length === 0) unread += 1;
      else found.push(...inside);
    });
    if (unread > 0) out.warnings.push(recordsNotRead(unread, list.length, listPath));
    return found;
  }
  return collectTweets(data, '', Number.POSITIVE_INFINITY);
}

const TRANSCRIPT_PLACES: readonly (readonly string[])[] = [
  ['transcript'],
  ['transcription'],
  ['transcript_text'],
  ['transcriptText'],
  ['result', 'transcript'],
  ['data', 'transcript'],
  ['subtitles'],
  ['captions'],
  ['vtt'],
  ['srt'],
];

function findTranscriptValue(data: unknown): FoundValue | null {
  if (typeof data === 'string' || Array.isArray(data)) return { value: data, path: '' };
  const found = findAtPlaces(data, TRANSCRIPT_PLACES) ?? findTranscriptKey(data);
  if (found !== null) return found;
  if (isRecord(data) && !isRootTweet(data) && has(data, 'text')) return { value: data.text, path: 'text' };
  return null;
}

function transcriptOperation(out: Normalisation, data: unknown, params: Readonly<Record<string, string>>): void {
  const fromParams = canonicalLink(params.url);
  const tweets = Array.isArray(data) || typeof data === 'string' ? [] : locateTweets(data, out);
  const items = tweets.map(({ tweet, path }) => readTweet(tweet, path, null, tweets.length === 1 ? fromParams : null));
  out.items.push(...items);

  const found = findTranscriptValue(data);
  // The message whose transcript this is: the one asked for, else the only one in the response.
  const asked =
    items.find((item) => item.nativeId !== null && item.nativeId === fromParams?.nativeId) ?? (items.length === 1 ? items[0] : undefined);
  const identity = {
    nativeId: asked?.nativeId ?? fromParams?.nativeId ?? null,
    url: asked?.url ?? fromParams?.url ?? null,
    kind: asked?.kind ?? 'tweet',
    language: null,
  };
  if (found === null) {
    out.warnings.push('No transcript was found in the response.');
    return;
  }
  if (isExplicitlyEmpty(found.value)) {
    out.transcripts.push(unavailableTranscript(identity));
    return;
  }
  const reading = readTranscript(found.value, identity);
  out.warnings.push(...reading.warnings);
  if (reading.transcript !== null) out.transcripts.push(reading.transcript);
  else out.warnings.push(`The transcript at ${found.path === '' ? 'the top of the response' : found.path} could not be read.`);
}

function userTweetsOperation(out: Normalisation, data: unknown, params: Readonly<Record<string, string>>): void {
  if (!isRecord(data) && !Array.isArray(data)) {
    out.warnings.push(NOT_AN_OBJECT);
    return;
  }
  const handle = text(params.handle);
  const tweets = locateTweets(data, out);
  for (const { tweet, path } of tweets) out.items.push(readTweet(tweet, path, handle));
  if (tweets.length === 0 && out.warnings.length === 0) out.warnings.push('No messages were found in the response.');
}

export const normaliseTweetsite: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  switch (operation) {
    case 'tweetsite/transcript':
      if (data === null || data === undefined || typeof data === 'number' || typeof data === 'boolean') out.warnings.push(NOT_AN_OBJECT);
      else transcriptOperation(out, data, params);
      break;
    case 'tweetsite/user/tweets':
      userTweetsOperation(out, data, params);
      break;
    default:
      out.warnings.push(notThisPlatform(operation, 'tweetsite'));
  }
  return out;
};
