/**
 * Short-video app: keyword search (`search_item_list[].aweme_info`), video details
 * (`aweme_detail`, optionally with a transcript), hashtag search and trending (`aweme_list[]`).
 *
 * Beyond the spec's fields, a few fields these records commonly carry are read when present:
 * `aweme_id`/`id` on search and detail records (the spec shows the id only on list items),
 * `share_url`, `create_time` (epoch seconds), `statistics.share_count`, the cover image, and
 * the web app's camelCase `stats`. The video's play addresses are media files, not the item's
 * page, and are left in the raw response.
 *
 * The transcript added by the transcript flag is not shown in the spec; it is looked for at
 * `aweme_detail.transcript`, `transcript`, `aweme_detail.video.transcript`, `video.transcript`,
 * then `subtitles`, `transcription`, `transcript_text` and `captions` beside those, and read in
 * any form `readTranscript` accepts.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, firstText, has, idText, isRecord, isTruthyFlag, prop, text, type JsonObject } from '../read/json';
import { epochTime } from '../read/time';
import { canonicalLink, firstImage, segment, type CanonicalLink } from '../read/links';
import { makeItem } from '../read/item';
import { acceptsRecord, emptyNormalisation, notThisPlatform, readList } from '../read/records';
import { isExplicitlyEmpty, readTranscript, unavailableTranscript } from '../read/transcripts';
import { findAtPlaces } from '../read/find-transcript';

const SITE = 'https://www.tiktok.com';

/** The transcript flag's default wire name (PRODUCT.md). */
const TRANSCRIPT_FLAG = 'get_transcript';

function firstListUrl(value: unknown): string | null {
  return firstImage(prop(value, 'url_list'), prop(value, 'urlList'), value);
}

/** One aweme record (a search `aweme_info`, the `aweme_detail`, or an `aweme_list` entry). */
export function readAweme(aweme: JsonObject, sourcePath: string, fallback: CanonicalLink | null = null): NormalisedItem {
  const author = prop(aweme, 'author');
  const handle = firstText(prop(author, 'unique_id'), prop(author, 'uniqueId'));
  const ownId = idText(aweme.aweme_id) ?? idText(aweme.id);

  let link: CanonicalLink | null = canonicalLink(aweme.share_url);
  if (link === null && ownId !== null) {
    link =
      handle !== null
        ? canonicalLink(`${SITE}/@${segment(handle)}/video/${segment(ownId)}`)
        : canonicalLink(`https://m.tiktok.com/v/${segment(ownId)}.html`);
  }
  link ??= fallback;

  const statistics = isRecord(aweme.statistics) ? aweme.statistics : isRecord(aweme.stats) ? aweme.stats : {};
  const video = prop(aweme, 'video');
  // Search results carry the play address per bit rate; the detail carries it on the video itself.
  const bitRates = prop(video, 'bit_rate');
  const firstBitRate = Array.isArray(bitRates) ? bitRates.find(isRecord) : undefined;

  return makeItem('shortvideo', sourcePath, {
    kind: 'video',
    nativeId: ownId ?? link?.nativeId ?? null,
    url: link?.url ?? null,
    text: text(aweme.desc),
    author: {
      name: text(prop(author, 'nickname')),
      handle,
      id: idText(prop(author, 'uid')) ?? idText(prop(author, 'id')),
      url: handle === null ? null : `${SITE}/@${segment(handle)}`,
    },
    publishedAt: epochTime(aweme.create_time) ?? epochTime(aweme.createTime),
    thumbnailUrl:
      firstListUrl(prop(video, 'cover')) ?? firstListUrl(prop(video, 'origin_cover')) ?? firstListUrl(prop(video, 'dynamic_cover')),
    metrics: {
      views: firstCount(statistics.play_count, statistics.playCount),
      likes: firstCount(statistics.digg_count, statistics.diggCount),
      comments: firstCount(statistics.comment_count, statistics.commentCount),
      shares: firstCount(statistics.share_count, statistics.shareCount),
    },
    extras: {
      mediaUrl: firstListUrl(prop(video, 'play_addr')) ?? firstListUrl(prop(firstBitRate, 'play_addr')),
      downloadUrl: firstListUrl(prop(video, 'download_no_watermark_addr')),
      authorAvatarUrl: firstListUrl(prop(author, 'avatar_thumb')) ?? firstListUrl(prop(author, 'avatar_larger')),
    },
  });
}

function looksLikeAweme(value: unknown): value is JsonObject {
  return isRecord(value) && (has(value, 'aweme_id') || has(value, 'desc') || has(value, 'statistics'));
}

const TRANSCRIPT_PLACES: readonly (readonly string[])[] = [
  ['aweme_detail', 'transcript'],
  ['transcript'],
  ['aweme_detail', 'video', 'transcript'],
  ['video', 'transcript'],
  ['aweme_detail', 'subtitles'],
  ['subtitles'],
  ['aweme_detail', 'video', 'subtitles'],
  ['aweme_detail', 'transcription'],
  ['transcription'],
  ['aweme_detail', 'transcript_text'],
  ['transcript_text'],
  ['aweme_detail', 'captions'],
  ['captions'],
];

function videoOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  const fromParams = canonicalLink(params.url);
  let item: NormalisedItem | null = null;
  if (isRecord(data.aweme_detail)) item = readAweme(data.aweme_detail, 'aweme_detail', fromParams);
  else if (looksLikeAweme(data)) item = readAweme(data, '', fromParams);
  else out.warnings.push('The response has no aweme_detail record, so no video was read.');
  if (item !== null) out.items.push(item);

  const asked = isTruthyFlag(params[TRANSCRIPT_FLAG]);
  const found = findAtPlaces(data, TRANSCRIPT_PLACES);
  const identity = {
    nativeId: item?.nativeId ?? fromParams?.nativeId ?? null,
    url: item?.url ?? fromParams?.url ?? null,
    kind: item?.kind ?? 'video',
    language: null,
  };
  if (found === null) {
    if (asked) out.warnings.push('A transcript was asked for, but the response holds none where one was looked for.');
    return;
  }
  if (isExplicitlyEmpty(found.value)) {
    // Only an answer to the question "and the transcript?" says there is none.
    if (asked) out.transcripts.push(unavailableTranscript(identity));
    return;
  }
  const reading = readTranscript(found.value, identity);
  out.warnings.push(...reading.warnings);
  if (reading.transcript !== null) out.transcripts.push(reading.transcript);
  else out.warnings.push(`The transcript at ${found.path} could not be read.`);
}

function searchOperation(out: Normalisation, data: JsonObject): void {
  const wasList = readList(out, data.search_item_list, 'search_item_list', (entry, path) => {
    // An entry without its aweme_info is read as it stands when it has a video's fields; any
    // other entry (a user card, say) is reported, not made into an empty video.
    const info = at(entry, 'aweme_info');
    if (isRecord(info)) return readAweme(info, `${path}.aweme_info`);
    return looksLikeAweme(entry) ? readAweme(entry, path) : null;
  });
  if (!wasList) out.warnings.push('No search_item_list was found in the response.');
}

function listOperation(out: Normalisation, data: JsonObject): void {
  const wasList = readList(out, data.aweme_list, 'aweme_list', (entry, path) => readAweme(entry, path));
  if (!wasList) out.warnings.push('No aweme_list was found in the response.');
}

export const normaliseShortvideo: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!acceptsRecord(out, operation, operation.startsWith('shortvideo/'), 'shortvideo', data)) return out;
  switch (operation) {
    case 'shortvideo/search':
      searchOperation(out, data);
      break;
    case 'shortvideo/video':
      videoOperation(out, data, params);
      break;
    case 'shortvideo/search/hashtag':
    case 'shortvideo/trending':
      listOperation(out, data);
      break;
    default:
      out.warnings.push(notThisPlatform(operation, 'shortvideo'));
  }
  return out;
};
