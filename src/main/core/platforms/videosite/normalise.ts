/**
 * Video site (long-form and short videos): search, channel videos, hashtag search, trending
 * shorts, video details and transcripts.
 *
 * Documented shapes: search items (`videos[]`, `shorts[]`), channel and hashtag listings
 * (`videos[]`), trending `shorts[]`, video details and the transcript `data`. The shapes of
 * channels, playlists and live streams in search are not shown; they are read defensively (id,
 * title, url, thumbnail, handle when present) and still give items of kind channel, playlist and
 * live. The live-stream list's key is not shown either: `lives`, `liveStreams`, `live_streams`
 * and `streams` are looked at.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, ItemKind, Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { count, firstCount, firstText, has, idText, isRecord, prop, text, type JsonObject, withoutAt } from '../read/json';
import { clockToMs, timeAndText } from '../read/time';
import { canonicalItemLink, canonicalLink, imageUrl, segment, type CanonicalLink } from '../read/links';
import { makeItem } from '../read/item';
import { acceptsRecord, emptyNormalisation, notThisPlatform, readList } from '../read/records';
import { isExplicitlyEmpty, readTranscript, unavailableTranscript, type TranscriptIdentity } from '../read/transcripts';

const SITE = 'https://www.youtube.com';

const SEARCH_LISTS: readonly (readonly [string, ItemKind, boolean])[] = [
  ['videos', 'video', false],
  ['shorts', 'short', false],
  ['channels', 'channel', false],
  ['playlists', 'playlist', false],
  // The spec mentions live streams among the results but shows no list for them.
  ['lives', 'live', true],
  ['liveStreams', 'live', true],
  ['live_streams', 'live', true],
  ['streams', 'live', true],
];

/** The item kind a record's own `type` names, when it names one. */
export function kindFromType(value: unknown): ItemKind | null {
  const type = typeof value === 'string' ? value.toLowerCase().replace(/[\s_-]/g, '') : '';
  switch (type) {
    case 'video':
      return 'video';
    case 'short':
    case 'shorts':
      return 'short';
    case 'channel':
      return 'channel';
    case 'playlist':
    case 'mix':
      return 'playlist';
    case 'live':
    case 'livestream':
    case 'stream':
      return 'live';
    default:
      return null;
  }
}

function channelUrl(id: string | null, handle: string | null): string | null {
  if (handle !== null) {
    let url = channelUrlsByHandle.get(handle);
    if (url === undefined) {
      const bare = withoutAt(handle);
      url = bare === null ? NO_HANDLE : (canonicalLink(`${SITE}/@${segment(bare)}`)?.url ?? null);
      if (channelUrlsByHandle.size >= CHANNELS_REMEMBERED) channelUrlsByHandle.clear();
      channelUrlsByHandle.set(handle, url);
    }
    if (url !== NO_HANDLE) return url;
  }
  if (id !== null) return canonicalLink(`${SITE}/channel/${segment(id)}`)?.url ?? null;
  return null;
}

/** Channels remembered; past this many, all are forgotten and the ones in use come back. */
const CHANNELS_REMEMBERED = 8192;
/** A handle with nothing but "@" and spaces: the channel id gives the link. */
const NO_HANDLE = false;
/**
 * The link of each channel handle as records spell it (null: the handle's link is not recognised). Every record
 * names its channel, and building the link, then recognising it, was a fifth of reading a search
 * answer; the link depends on the handle's text alone.
 */
const channelUrlsByHandle = new Map<string, string | null | typeof NO_HANDLE>();

function itemUrl(kind: ItemKind, id: string | null, handle: string | null): string | null {
  switch (kind) {
    case 'short':
      return id === null ? null : (canonicalLink(`${SITE}/shorts/${segment(id)}`)?.url ?? null);
    case 'channel':
      return channelUrl(id, handle);
    case 'playlist':
      return id === null ? null : `${SITE}/playlist?list=${encodeURIComponent(id)}`;
    default:
      return id === null ? null : (canonicalLink(`${SITE}/watch?v=${encodeURIComponent(id)}`)?.url ?? null);
  }
}

/** The channel a video belongs to: its `channel` object, else flat `channel…` fields. */
function channelAuthor(record: JsonObject): Author | null {
  const channel = prop(record, 'channel');
  let id: string | null;
  let name: string | null;
  let handle: string | null;
  let url: string | null;
  if (isRecord(channel)) {
    id = idText(channel.id) ?? idText(channel.channelId);
    name = firstText(channel.title, channel.name);
    handle = text(channel.handle);
    url = canonicalLink(channel.url, SITE)?.url ?? null;
  } else {
    id = idText(record.channelId);
    name = firstText(record.channelTitle, record.channelName, typeof channel === 'string' ? channel : null, record.author);
    handle = text(record.channelHandle);
    url = canonicalLink(record.channelUrl, SITE)?.url ?? null;
  }
  if (id === null && name === null && handle === null && url === null) return null;
  return { name, handle, id, url: url ?? channelUrl(id, handle) };
}

interface ReadContext {
  /** Author for records without a channel (channel listings: the channel asked for). */
  defaultAuthor: Author | null;
  /** Kind for records of unknown type when nothing else tells (hashtag search for shorts). */
  fallbackKind?: ItemKind;
}

/** One video, short, live stream, channel or playlist record. */
export function readVideoRecord(record: JsonObject, sourcePath: string, listKind: ItemKind, context: ReadContext): NormalisedItem {
  const typed = kindFromType(record.type) ?? (record.isLive === true || record.isLiveNow === true ? 'live' : null);
  const given: CanonicalLink | null = canonicalItemLink(record.url, SITE);
  let kind = typed ?? context.fallbackKind ?? listKind;
  if (typed === null && kind === 'video' && given?.kind === 'short') kind = 'short';

  const ownId =
    kind === 'channel'
      ? (idText(record.id) ?? idText(record.channelId))
      : kind === 'playlist'
        ? (idText(record.id) ?? idText(record.playlistId))
        : (idText(record.id) ?? idText(record.videoId));
  const nativeId = ownId ?? given?.nativeId ?? null;
  const title = text(record.title);

  let author: Author | null;
  if (kind === 'channel') {
    const handle = text(record.handle);
    author = { name: title, handle, id: nativeId, url: given?.url ?? channelUrl(nativeId, handle) };
  } else {
    author = channelAuthor(record) ?? context.defaultAuthor;
  }

  const lengthSeconds = count(record.lengthSeconds);
  const durationMs =
    (lengthSeconds === null ? null : lengthSeconds * 1000) ??
    count(record.durationMs) ??
    clockToMs(record.lengthText) ??
    clockToMs(record.durationFormatted);

  const publishDate = timeAndText(record.publishDate);
  const publishedAt = publishDate.at ?? timeAndText(record.publishedAt).at ?? timeAndText(record.uploadDate).at;
  const publishedText = firstText(record.publishedTimeText, record.publishDateText, publishDate.text);

  return makeItem('videosite', sourcePath, {
    kind,
    nativeId,
    url: given?.url ?? itemUrl(kind, nativeId, kind === 'channel' ? text(record.handle) : null),
    title,
    text: firstText(record.description, record.descriptionSnippet),
    author,
    publishedAt,
    publishedText,
    durationMs,
    thumbnailUrl: imageUrl(record.thumbnail) ?? imageUrl(record.thumbnails, 'last'),
    metrics: {
      views: firstCount(record.viewCountInt, record.viewCount),
      likes: firstCount(record.likeCountInt, record.likeCount),
      comments: firstCount(record.commentCountInt, record.commentCount),
      followers: kind === 'channel' ? firstCount(record.subscriberCountInt, record.subscriberCount) : null,
    },
  });
}

/**
 * The transcript fields of the transcript `data` or video details `data`. `nullMeansNone`:
 * whether a null transcript is the service saying there is none (the transcript operation, per
 * the spec) rather than an unexplained null (video details, where the spec does not say why).
 */
function readVideositeTranscript(out: Normalisation, data: JsonObject, identity: TranscriptIdentity, nullMeansNone: boolean): boolean {
  if (!has(data, 'transcript') && !has(data, 'transcript_only_text')) return false;
  const segments = data.transcript;
  const onlyText = data.transcript_only_text;
  if (!isExplicitlyEmpty(segments) && segments !== undefined) {
    const reading = readTranscript(segments, identity, { fullText: onlyText });
    out.warnings.push(...reading.warnings);
    if (reading.transcript !== null) {
      out.transcripts.push(reading.transcript);
      return true;
    }
  }
  if (text(onlyText) !== null) {
    const reading = readTranscript(onlyText, identity);
    out.warnings.push(...reading.warnings);
    if (reading.transcript !== null) {
      out.transcripts.push(reading.transcript);
      return true;
    }
  }
  if (isExplicitlyEmpty(segments) || segments === undefined) {
    if (nullMeansNone) out.transcripts.push(unavailableTranscript(identity));
    return true;
  }
  out.warnings.push('The transcript in the response could not be read.');
  return true;
}

function channelFromParams(params: Readonly<Record<string, string>>): Author | null {
  const id = text(params.channelId);
  // Handles as the records give them (`@name`), also when typed without the "@".
  const typed = withoutAt(text(params.handle));
  const handle = typed === null ? null : `@${typed}`;
  if (id === null && handle === null) return null;
  return { name: null, handle, id, url: channelUrl(id, handle) };
}

function readLists(
  out: Normalisation,
  data: JsonObject,
  lists: readonly (readonly [string, ItemKind, boolean])[],
  context: ReadContext,
): void {
  let found = false;
  for (const [key, kind, guessed] of lists) {
    const wasList = readList(out, prop(data, key), key, (record, path) => readVideoRecord(record, path, kind, context), { guessed });
    found ||= wasList;
  }
  if (!found) {
    out.warnings.push(
      `No list of results was found in the response (looked for ${lists
        .filter(([, , guessed]) => !guessed)
        .map(([key]) => key)
        .join(', ')}).`,
    );
  }
  // A list of records under a key the spec does not show (live streams have none named) may hold
  // results: say so rather than drop them unseen. They stay in the raw response.
  const read = new Set(lists.map(([key]) => key));
  for (const [key, value] of Object.entries(data)) {
    if (read.has(key) || !Array.isArray(value)) continue;
    const records = value.filter(isRecord).length;
    if (records > 0)
      out.warnings.push(
        `${records} ${records === 1 ? 'record' : 'records'} in ${key}, a list the spec does not show, ${records === 1 ? 'was' : 'were'} not read.`,
      );
  }
}

function transcriptOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  const typed = kindFromType(data.type);
  const fromData = canonicalLink(data.url, SITE);
  const fromParams = canonicalLink(params.url, SITE);
  const nativeId = idText(data.videoId) ?? idText(data.id) ?? fromData?.nativeId ?? fromParams?.nativeId ?? null;
  const isShort = typed === 'short' || (typed === null && (fromData ?? fromParams)?.kind === 'short');
  const identity: TranscriptIdentity = {
    nativeId,
    url: fromData?.url ?? fromParams?.url ?? itemUrl(isShort ? 'short' : 'video', nativeId, null),
    kind: typed ?? (isShort ? 'short' : 'video'),
    language: firstText(data.language, params.language),
  };
  if (!readVideositeTranscript(out, data, identity, true)) {
    out.warnings.push('The response has neither transcript nor transcript_only_text, so no transcript was read.');
  }
}

function videoOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  const fromParams = canonicalLink(params.url, SITE);
  const item = readVideoRecord(data, '', 'video', {
    defaultAuthor: null,
    fallbackKind: fromParams?.kind === 'short' && kindFromType(data.type) === null ? 'short' : undefined,
  });
  if (item.nativeId === null) item.nativeId = fromParams?.nativeId ?? null;
  if (item.url === null) item.url = fromParams?.url ?? null;
  out.items.push(item);
  readVideositeTranscript(out, data, { nativeId: item.nativeId, url: item.url, kind: item.kind, language: text(data.language) }, false);
}

export const normaliseVideosite: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!acceptsRecord(out, operation, operation.startsWith('videosite/'), 'videosite', data)) return out;
  switch (operation) {
    case 'videosite/search':
      readLists(out, data, SEARCH_LISTS, { defaultAuthor: null });
      break;
    case 'videosite/channel/videos':
      readLists(out, data, [['videos', 'video', false]], { defaultAuthor: channelFromParams(params) });
      break;
    case 'videosite/search/hashtag':
      readLists(out, data, [['videos', 'video', false]], {
        defaultAuthor: null,
        fallbackKind: text(params.type)?.toLowerCase() === 'shorts' ? 'short' : undefined,
      });
      break;
    case 'videosite/trending':
      readLists(out, data, [['shorts', 'short', false]], { defaultAuthor: null });
      break;
    case 'videosite/video':
      videoOperation(out, data, params);
      break;
    case 'videosite/transcript':
      transcriptOperation(out, data, params);
      break;
    default:
      out.warnings.push(notThisPlatform(operation, 'videosite'));
  }
  return out;
};
