/**
 * Zod schemas written from the spec text (shared/spec/retrieval-service-interface.md), not
 * from any implementation: the response envelope and each operation's `data`, field for field
 * with the types the spec gives. Extra fields are allowed everywhere. Where the spec says
 * "not shown", nothing is checked beyond what it does say.
 */
import { z } from 'zod';
import type { OperationId } from '../../src/shared/catalogue';
import {
  hexColour,
  hhmmss,
  httpUrl,
  int,
  isoWithMillisAndOffset,
  isoWithOffset,
  languageInWords,
  msText,
  mss,
  nextValue,
  str,
  timestamp,
  urlList,
  withoutKeys,
} from './primitives';

/** Platform segments (spec table). */
export const SPEC_PLATFORMS = [
  'videosite',
  'shortvideo',
  'photoshare',
  'microblog',
  'professional',
  'pinboard',
  'socialnet',
  'forum',
  'tweetsite',
] as const;

/** `meta.endpoint`: "one of" (spec, Response envelope). */
export const SPEC_ENDPOINTS = [
  'search',
  'channel-videos',
  'search-hashtag',
  'transcript',
  'video',
  'trending',
  'user-posts',
  'post',
  'user-reels',
  'subreddit-search',
  'user-tweets',
] as const;

export const envelopeSchema = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.unknown()),
  meta: z.object({
    platform: z.enum(SPEC_PLATFORMS),
    endpoint: z.string().min(1),
    request_id: z.string().regex(/^req_.+/, 'req_ followed by an opaque string'),
  }),
});

// --- Video site -----------------------------------------------------------------------------

const channelFull = z.object({ id: str, title: str, handle: str });

/** Search result item (in data.videos[]). */
export const videoSearchItem = z.object({
  type: z.literal('video'),
  id: str,
  url: httpUrl,
  title: str,
  thumbnail: httpUrl,
  channel: channelFull,
  viewCountInt: int,
  publishedTimeText: str,
  lengthText: mss,
  lengthSeconds: int,
});

/** Short item: type short, id, title, viewCountInt, "and other fields like those above". */
export const shortSearchItem = z.object({ type: z.literal('short'), id: str, title: str, viewCountInt: int });

const continuationToken = nextValue(str);

const videositeSearch = z.object({
  videos: z.array(videoSearchItem),
  channels: z.array(z.unknown()),
  playlists: z.array(z.unknown()),
  shorts: z.array(shortSearchItem),
  continuationToken,
});

const listingFields = {
  id: str,
  url: httpUrl,
  title: str,
  thumbnail: httpUrl,
  viewCountInt: int,
  publishedTimeText: str,
  lengthText: mss,
  lengthSeconds: int,
};

/** Channel videos: items without a channel object. */
export const channelVideoItem = withoutKeys(
  z.object({ type: str, ...listingFields }),
  ['channel'],
  'channel listings carry no channel object',
);

const channelVideos = z.object({ videos: z.array(channelVideoItem), continuationToken });

/** Hashtag items: channel of id and title (handle absent in hashtag listings). */
export const hashtagVideoItem = z.object({
  type: str,
  ...listingFields,
  channel: withoutKeys(z.object({ id: str, title: str }), ['handle'], 'handle is absent in hashtag listings'),
});

const videositeHashtag = z.object({ videos: z.array(hashtagVideoItem), continuationToken });

export const transcriptSegment = z.object({ text: str, startMs: msText, endMs: msText, startTimeText: mss });

const videositeTranscript = z.object({
  videoId: str,
  type: str,
  url: str,
  transcript: z.array(transcriptSegment).nullable(),
  transcript_only_text: str.nullable(),
  language: languageInWords,
});

const channelIdHandleTitle = z.object({ id: str, handle: str, title: str });

const videositeVideo = z.object({
  id: str,
  thumbnail: httpUrl,
  url: str,
  publishDate: isoWithOffset,
  publishDateText: str,
  type: str,
  title: str,
  commentCountInt: int,
  likeCountInt: int,
  viewCountInt: int,
  channel: channelIdHandleTitle,
  durationMs: int,
  durationFormatted: hhmmss,
  transcript: z.array(transcriptSegment).nullable(),
  transcript_only_text: str.nullable(),
});

export const trendingShort = z.object({
  id: str,
  thumbnail: httpUrl,
  url: str,
  title: str,
  commentCountInt: int,
  likeCountInt: int,
  viewCountInt: int,
  publishDateText: str,
  channel: channelIdHandleTitle,
  durationMs: int,
  durationFormatted: hhmmss,
});

const videositeTrending = z.object({ shorts: z.array(trendingShort) });

// --- Short-video app ------------------------------------------------------------------------

const statistics = z.object({ digg_count: int, comment_count: int, play_count: int });

const awemeInfo = z.object({
  desc: str,
  statistics,
  video: z.object({ bit_rate: z.array(z.object({ play_addr: z.object({ url_list: urlList }) })) }),
});

const awemeDetail = z.object({
  desc: str,
  statistics,
  video: z.object({ download_no_watermark_addr: z.object({ url_list: urlList }), play_addr: z.object({ url_list: urlList }) }),
  author: z.object({ nickname: str, unique_id: str, uid: str }),
});

export const awemeListItem = z.object({ aweme_id: str, desc: str, statistics });

const shortvideoSearch = z.object({ cursor: nextValue(int), search_item_list: z.array(z.object({ aweme_info: awemeInfo })) });
const shortvideoVideo = z.object({ aweme_detail: awemeDetail });
const awemeList = z.object({ aweme_list: z.array(awemeListItem) });

// --- Photo-share ----------------------------------------------------------------------------

const photosharePost = z.object({
  data: z.object({
    xdt_shortcode_media: z.object({
      id: str,
      shortcode: str,
      video_url: str,
      video_play_count: int,
      edge_media_preview_like: z.object({ count: int }),
      edge_media_to_parent_comment: z.object({ count: int }),
      owner: z.object({ username: str, profile_pic_url: str }),
    }),
  }),
});

const photoshareReels = z.object({ items: z.array(z.object({ pk: str, like_count: int, comment_count: int, play_count: int })) });

// --- Microblog ------------------------------------------------------------------------------

export const microblogItem = z.object({
  uri: str,
  author: z.object({ handle: str, displayName: str, avatar: str }),
  record: z.object({ text: str, createdAt: timestamp }),
  likeCount: int,
  repostCount: int,
  replyCount: int,
});

// --- Professional, pinboard -----------------------------------------------------------------

const professionalPost = z.object({
  url: str,
  name: str,
  headline: str,
  commentCount: int,
  likeCount: int,
  datePublished: isoWithMillisAndOffset,
  description: str,
  author: z.object({ name: str, url: str, followers: int }),
});

const pin = z.object({
  autoAltText: str,
  closeupUnifiedDescription: str,
  description: str,
  dominantColor: hexColour,
  originPinner: z.object({ username: str }),
  images: z.object({ orig: z.object({ width: int, height: int, url: str }) }),
});

// --- Social network reels: 10 per call, layout not shown ------------------------------------

export const socialnetReel = z.object({
  post_id: str,
  like_count: int,
  comment_count: int,
  share_count: int,
  view_count: int,
  description: str,
  video_url: str,
});

/** The spec lists the reel fields and "10 reels per call" but not where they sit: some array of them. */
const socialnetReels = z
  .record(z.string(), z.unknown())
  .refine(
    (data) =>
      Object.values(data).some((v) => Array.isArray(v) && v.length <= 10 && v.every((item) => socialnetReel.safeParse(item).success)),
    'data carries up to 10 reels with the spec fields',
  );

// --- Forum ----------------------------------------------------------------------------------

export const forumPost = z.object({
  id: z.string().regex(/^t3_/, 'a t3_ id'),
  title: str,
  url: str,
  subreddit: z.object({ id: z.string().regex(/^t5_/, 'a t5_ id'), name: str }),
});

const FORUM_KEYS = ['posts', 'comments', 'media'] as const;

/** `data` holds one key, the one `filter` chose (posts by default); comment and media shapes are not shown. */
function forumSearch(filter: string) {
  const key = (FORUM_KEYS as readonly string[]).includes(filter) ? filter : 'posts';
  const items = key === 'posts' ? z.array(forumPost) : z.array(z.record(z.string(), z.unknown()));
  return z
    .record(z.string(), z.unknown())
    .refine((data) => Object.keys(data).length === 1 && key in data, `data holds only the key ${key}`)
    .refine((data) => items.safeParse(data[key]).success, `data.${key} items have the spec fields`);
}

// --- Short-message site ---------------------------------------------------------------------

export const tweetObject = z.object({
  __typename: str,
  rest_id: str,
  legacy: z.object({ full_text: str, favorite_count: int, retweet_count: int, reply_count: int }),
});

/** "how several tweets are laid out: not shown": some array of up to 100 tweet objects. */
const userTweets = z
  .record(z.string(), z.unknown())
  .refine(
    (data) => Object.values(data).some((v) => Array.isArray(v) && v.length <= 100 && v.every((t) => tweetObject.safeParse(t).success)),
    'data carries up to 100 tweet objects',
  );

// --- By operation ---------------------------------------------------------------------------

/** The `meta.endpoint` the spec's list gives each operation; pins have none in the list. */
export const SPEC_ENDPOINT_OF: Readonly<Record<OperationId, string | null>> = {
  'shortvideo/search': 'search',
  'shortvideo/video': 'video',
  'shortvideo/search/hashtag': 'search-hashtag',
  'shortvideo/trending': 'trending',
  'videosite/search': 'search',
  'videosite/channel/videos': 'channel-videos',
  'videosite/search/hashtag': 'search-hashtag',
  'videosite/transcript': 'transcript',
  'videosite/video': 'video',
  'videosite/trending': 'trending',
  'photoshare/post': 'post',
  'photoshare/user/reels': 'user-reels',
  'microblog/user/posts': 'user-posts',
  'microblog/post': 'post',
  'professional/post': 'post',
  'pinboard/pin': null,
  'socialnet/user/reels': 'user-reels',
  'forum/subreddit/search': 'subreddit-search',
  'tweetsite/transcript': 'transcript',
  'tweetsite/user/tweets': 'user-tweets',
};

export function dataSchemaFor(operationId: OperationId, params: Readonly<Record<string, string>> = {}): z.ZodType {
  switch (operationId) {
    case 'videosite/search':
      return videositeSearch;
    case 'videosite/channel/videos':
      return channelVideos;
    case 'videosite/search/hashtag':
      return videositeHashtag;
    case 'videosite/transcript':
      return videositeTranscript;
    case 'videosite/video':
      return videositeVideo;
    case 'videosite/trending':
      return videositeTrending;
    case 'shortvideo/search':
      return shortvideoSearch;
    case 'shortvideo/video':
      return shortvideoVideo;
    case 'shortvideo/search/hashtag':
    case 'shortvideo/trending':
      return awemeList;
    case 'photoshare/post':
      return photosharePost;
    case 'photoshare/user/reels':
      return photoshareReels;
    case 'microblog/user/posts':
      return z.object({ feed: z.array(microblogItem) });
    case 'microblog/post':
      return z.object({ post: microblogItem });
    case 'professional/post':
      return professionalPost;
    case 'pinboard/pin':
      return pin;
    case 'socialnet/user/reels':
      return socialnetReels;
    case 'forum/subreddit/search':
      return forumSearch(params.filter ?? 'posts');
    case 'tweetsite/transcript':
      return tweetObject;
    case 'tweetsite/user/tweets':
      return userTweets;
  }
}

/**
 * The whole response body of an operation: the envelope with `meta.platform` = the path's
 * platform, `meta.endpoint` from the spec's list (any non-empty string for pins, which the list
 * omits), and `data` as the spec shapes it. `params` matters where the shape depends on a
 * parameter (the forum's `filter`).
 */
export function specSchemaFor(operationId: OperationId, params: Readonly<Record<string, string>> = {}): z.ZodType {
  const platform = operationId.split('/')[0];
  const endpoint = SPEC_ENDPOINT_OF[operationId];
  return envelopeSchema
    .extend({ data: dataSchemaFor(operationId, params) })
    .refine((body) => body.meta.platform === platform, `meta.platform is ${platform}`)
    .refine(
      (body) => (endpoint === null ? body.meta.endpoint.length > 0 : body.meta.endpoint === endpoint),
      `meta.endpoint is ${endpoint ?? 'given'}`,
    )
    .refine(
      (body) => (endpoint === null ? true : (SPEC_ENDPOINTS as readonly string[]).includes(body.meta.endpoint)),
      'meta.endpoint is one the spec lists',
    );
}
