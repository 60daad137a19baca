/**
 * Photo-share network: one post or reel (`data.data.xdt_shortcode_media`, note the doubled
 * `data`) and a profile's reels (`data.items[]`).
 *
 * A post is a reel when it is a video (`video_url` present, or `is_video: true`) or when the
 * requested URL is a reel link, else a post.
 * Its id is the shortcode (as in the URL table), else `id`; its URL is built from the shortcode
 * in the table's canonical forms (`/reel/<code>` or `/p/<code>`). `owner.profile_pic_url` is the
 * owner's avatar, not the post's image. Beyond the spec, the caption, `taken_at_timestamp`,
 * `display_url`, `video_duration` (seconds) and the older `edge_liked_by`/`edge_media_to_comment`
 * counts are read when present.
 *
 * Profile reels carry `pk`. Their entries may also be wrapped as `{ media }`. Their id and URL
 * come from `code` when present, else from the pk: the network's shortcode is the media id
 * written in base 64 with the alphabet A–Z a–z 0–9 - _. The shortcode, not the pk, is the id, so
 * that a reel listed here and the same reel fetched by its link are one item. The profile asked
 * for (handle, user id) is the author of reels that name none.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, Normalisation, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, firstText, idText, isRecord, prop, text, type JsonObject, withoutAt } from '../read/json';
import { epochTime, secondsToMs } from '../read/time';
import { canonicalLink, firstImage, imageUrl, segment, type CanonicalLink } from '../read/links';
import { makeItem } from '../read/item';
import { NOT_AN_OBJECT, emptyNormalisation, firstRecordAt, notThisPlatform, readList } from '../read/records';

const SITE = 'https://www.instagram.com';
const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The public shortcode of a numeric media id (`pk`), or null when the pk is not one. */
export function shortcodeFromPk(pk: string): string | null {
  const digits = pk.split('_')[0] ?? '';
  if (!/^\d{1,30}$/.test(digits)) return null;
  let value = BigInt(digits);
  if (value === 0n) return null;
  let code = '';
  while (value > 0n) {
    code = (SHORTCODE_ALPHABET[Number(value % 64n)] ?? '') + code;
    value /= 64n;
  }
  return code;
}

function postUrl(shortcode: string | null, isReel: boolean): CanonicalLink | null {
  if (shortcode === null) return null;
  return canonicalLink(`${SITE}/${isReel ? 'reel' : 'p'}/${segment(shortcode)}`);
}

function profileUrl(username: string | null): string | null {
  return username === null ? null : (canonicalLink(`${SITE}/${segment(username)}`)?.url ?? null);
}

function ownerOf(media: JsonObject): Author | null {
  const owner = isRecord(media.owner) ? media.owner : isRecord(media.user) ? media.user : null;
  if (owner === null) return null;
  const username = text(owner.username);
  const author: Author = {
    name: text(owner.full_name),
    handle: username,
    id: idText(owner.id) ?? idText(owner.pk),
    url: profileUrl(username),
  };
  return author.name === null && author.handle === null && author.id === null ? null : author;
}

function captionOf(media: JsonObject): string | null {
  const edges = at(media, 'edge_media_to_caption', 'edges');
  if (Array.isArray(edges)) {
    const texts = edges.map((edge: unknown) => text(at(edge, 'node', 'text'))).filter((value): value is string => value !== null);
    if (texts.length > 0) return texts.join('\n');
  }
  return firstText(prop(media.caption, 'text'), media.caption);
}

function isVideo(media: JsonObject): boolean {
  return text(media.video_url) !== null || media.is_video === true || media.media_type === 2 || media.product_type === 'clips';
}

/** The post or reel of the post operation. */
export function readShortcodeMedia(media: JsonObject, sourcePath: string, fromParams: CanonicalLink | null): NormalisedItem {
  // A trimmed reel may lack its video fields; a /reel/ link asked for still says what it is.
  const reel = isVideo(media) || fromParams?.kind === 'reel';
  // Without its shortcode (a trimmed answer), the one the link asked for, else the media id's own:
  // the numeric id is not the public one, and a reels listing keeps the same reel under its shortcode.
  const mediaId = idText(media.id);
  const shortcode = firstText(media.shortcode, media.code) ?? fromParams?.nativeId ?? (mediaId === null ? null : shortcodeFromPk(mediaId));
  const link = postUrl(shortcode, reel) ?? fromParams;
  return makeItem('photoshare', sourcePath, {
    kind: reel ? 'reel' : 'post',
    nativeId: shortcode ?? mediaId,
    url: link?.url ?? null,
    text: captionOf(media),
    author: ownerOf(media),
    publishedAt: epochTime(media.taken_at_timestamp) ?? epochTime(media.taken_at),
    durationMs: secondsToMs(media.video_duration),
    thumbnailUrl: firstImage(media.display_url, media.thumbnail_src, at(media, 'image_versions2', 'candidates')),
    metrics: {
      views: firstCount(media.video_play_count, media.play_count, media.video_view_count, media.view_count),
      likes: firstCount(at(media, 'edge_media_preview_like', 'count'), at(media, 'edge_liked_by', 'count'), media.like_count),
      comments: firstCount(
        at(media, 'edge_media_to_parent_comment', 'count'),
        at(media, 'edge_media_to_comment', 'count'),
        media.comment_count,
      ),
    },
    extras: {
      // The numeric media id beside the shortcode: the spec shows both.
      mediaId: idText(media.id),
      mediaUrl: firstImage(media.video_url),
      authorAvatarUrl: firstImage(at(media, 'owner', 'profile_pic_url'), at(media, 'user', 'profile_pic_url')),
    },
  });
}

/** One entry of a profile's reels. */
export function readReel(media: JsonObject, sourcePath: string, profile: Author | null): NormalisedItem {
  const pk = idText(media.pk) ?? idText(media.id);
  const shortcode = firstText(media.code, media.shortcode) ?? (pk === null ? null : shortcodeFromPk(pk));
  return makeItem('photoshare', sourcePath, {
    kind: 'reel',
    nativeId: shortcode ?? pk,
    url: postUrl(shortcode, true)?.url ?? null,
    text: captionOf(media),
    author: ownerOf(media) ?? profile,
    publishedAt: epochTime(media.taken_at) ?? epochTime(media.taken_at_timestamp),
    durationMs: secondsToMs(media.video_duration),
    thumbnailUrl: imageUrl(at(media, 'image_versions2', 'candidates')) ?? firstImage(media.display_url, media.thumbnail_url),
    metrics: {
      views: firstCount(media.play_count, media.video_play_count, media.view_count, media.ig_play_count),
      likes: firstCount(media.like_count),
      comments: firstCount(media.comment_count),
    },
    extras: {
      mediaId: pk,
      mediaUrl: firstImage(media.video_url, at(media, 'video_versions', 0)),
      authorAvatarUrl: firstImage(at(media, 'user', 'profile_pic_url'), at(media, 'owner', 'profile_pic_url')),
    },
  });
}

const POST_PLACES: readonly (readonly string[])[] = [
  ['data', 'xdt_shortcode_media'],
  ['xdt_shortcode_media'],
  ['data', 'shortcode_media'],
  ['shortcode_media'],
  ['graphql', 'shortcode_media'],
];

function postOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  const fromParams = canonicalLink(params.url);
  const found = firstRecordAt(data, POST_PLACES);
  if (found !== null) out.items.push(readShortcodeMedia(found.record, found.path, fromParams));
  else if (text(data.shortcode) !== null) out.items.push(readShortcodeMedia(data, '', fromParams));
  else out.warnings.push('The response has no data.xdt_shortcode_media record, so no post was read.');
}

function reelsOperation(out: Normalisation, data: JsonObject, params: Readonly<Record<string, string>>): void {
  // Usernames as the records give them: `natgeo`, also when typed as `@natgeo`.
  const handle = withoutAt(text(params.handle));
  const userId = text(params.user_id);
  const profile: Author | null = handle === null && userId === null ? null : { name: null, handle, id: userId, url: profileUrl(handle) };
  const wasList = readList(out, data.items, 'items', (entry, path) =>
    isRecord(entry.media) ? readReel(entry.media, `${path}.media`, profile) : readReel(entry, path, profile),
  );
  if (!wasList) out.warnings.push('No items list was found in the response.');
}

export const normalisePhotoshare: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!isRecord(data)) {
    out.warnings.push(operation.startsWith('photoshare/') ? NOT_AN_OBJECT : notThisPlatform(operation, 'photoshare'));
    return out;
  }
  switch (operation) {
    case 'photoshare/post':
      postOperation(out, data, params);
      break;
    case 'photoshare/user/reels':
      reelsOperation(out, data, params);
      break;
    default:
      out.warnings.push(notThisPlatform(operation, 'photoshare'));
  }
  return out;
};
