/**
 * Where each operation's answer keeps its items and, in each item, the fields time changes:
 * the native id, texts, the author's display name, counts (named as Gleaner names them) and
 * publish times. Paths are relative to `data` (for the record or lists) and to the item.
 */
import type { OperationId } from '../../../shared/catalogue';
import { PAGE_HOSTS } from '../responses/sample-urls';

export type Path = readonly (string | number)[];
export const COUNT_FIELDS = ['views', 'likes', 'comments', 'reposts', 'shares'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
export type TimeFormat = 'unix-s' | 'iso' | 'iso-offset' | 'iso-offset-ms' | 'date-text' | 'relative' | 'message-date' | 'utc-string';

export interface ItemShape {
  id: Path;
  /** The item's page; built from the item where the answer carries none. */
  url: (item: unknown) => string;
  /** The author's identity (account events: renames, follower growth). */
  account?: Path;
  title?: readonly Path[];
  text?: readonly Path[];
  authorName?: readonly Path[];
  counts?: Partial<Record<CountField, readonly Path[]>>;
  followers?: readonly Path[];
  published?: readonly (readonly [Path, TimeFormat])[];
}

export interface OperationShape {
  platform: string;
  /** Whether the platform's items have a title that can be edited apart from their text. */
  hasTitle: boolean;
  /** A single-item (details) operation: the item's record in `data`. */
  record?: Path;
  /** A listing: the lists of items in `data`. */
  lists?: readonly Path[];
  /** Prefix of the item inside a list entry (e.g. search results wrap the item). */
  inEntry?: Path;
  item: ItemShape;
}

export function at(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Sets a value where the path already exists; an absent path stays absent (trimmed answers). */
export function setAt(value: unknown, path: Path, next: unknown): void {
  const parent = at(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (last === undefined || typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, last)) return;
  (parent as Record<string | number, unknown>)[last] = next;
}

const str = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const urlField = (item: unknown): string => str(at(item, ['url']));

const videoItem = (withChannel: boolean): ItemShape => ({
  id: ['id'],
  url: urlField,
  ...(withChannel ? { account: ['channel', 'id'], authorName: [['channel', 'title']] } : {}),
  title: [['title']],
  text: [['description']],
  counts: { views: [['viewCountInt']], likes: [['likeCountInt']], comments: [['commentCountInt']] },
  published: [
    [['publishDate'], 'iso-offset'],
    [['publishDateText'], 'date-text'],
    [['publishedTimeText'], 'relative'],
  ],
});

const aweme: ItemShape = {
  id: ['aweme_id'],
  url: (item) =>
    str(at(item, ['share_url'])) ||
    `${PAGE_HOSTS.shortvideo}/@${str(at(item, ['author', 'unique_id']))}/video/${str(at(item, ['aweme_id']))}`,
  account: ['author', 'uid'],
  text: [['desc']],
  authorName: [
    ['author', 'nickname'],
    ['music', 'author'],
  ],
  counts: {
    views: [['statistics', 'play_count']],
    likes: [['statistics', 'digg_count']],
    comments: [['statistics', 'comment_count']],
    shares: [['statistics', 'share_count']],
  },
  followers: [['author', 'follower_count']],
  published: [[['create_time'], 'unix-s']],
};

const photoshareUrl = (code: unknown): string => `${PAGE_HOSTS.photoshare}/reel/${str(code)}/`;

const microblogPost: ItemShape = {
  id: ['uri'],
  url: urlField,
  account: ['author', 'did'],
  text: [['record', 'text']],
  authorName: [['author', 'displayName']],
  counts: { likes: [['likeCount']], reposts: [['repostCount']], comments: [['replyCount']] },
  published: [
    [['record', 'createdAt'], 'iso'],
    [['indexedAt'], 'iso'],
  ],
};

const TWEET_USER = ['core', 'user_results', 'result'] as const;
const tweet: ItemShape = {
  id: ['rest_id'],
  url: (item) => `${PAGE_HOSTS.tweetsite}/${str(at(item, [...TWEET_USER, 'legacy', 'screen_name']))}/status/${str(at(item, ['rest_id']))}`,
  account: [...TWEET_USER, 'rest_id'],
  text: [['legacy', 'full_text']],
  authorName: [[...TWEET_USER, 'legacy', 'name']],
  counts: {
    views: [['views', 'count']],
    likes: [['legacy', 'favorite_count']],
    reposts: [['legacy', 'retweet_count']],
    comments: [['legacy', 'reply_count']],
  },
  followers: [[...TWEET_USER, 'legacy', 'followers_count']],
  published: [[['legacy', 'created_at'], 'message-date']],
};

export const OPERATION_SHAPES: Readonly<Record<OperationId, OperationShape>> = {
  'videosite/video': { platform: 'videosite', hasTitle: true, record: [], item: videoItem(true) },
  'videosite/transcript': { platform: 'videosite', hasTitle: true, record: [], item: { id: ['videoId'], url: urlField } },
  'videosite/search': { platform: 'videosite', hasTitle: true, lists: [['videos'], ['shorts']], item: videoItem(true) },
  'videosite/channel/videos': { platform: 'videosite', hasTitle: true, lists: [['videos']], item: videoItem(false) },
  'videosite/search/hashtag': { platform: 'videosite', hasTitle: true, lists: [['videos']], item: videoItem(true) },
  'videosite/trending': { platform: 'videosite', hasTitle: true, lists: [['shorts']], item: videoItem(true) },
  'shortvideo/video': { platform: 'shortvideo', hasTitle: false, record: ['aweme_detail'], item: aweme },
  'shortvideo/search': { platform: 'shortvideo', hasTitle: false, lists: [['search_item_list']], inEntry: ['aweme_info'], item: aweme },
  'shortvideo/search/hashtag': { platform: 'shortvideo', hasTitle: false, lists: [['aweme_list']], item: aweme },
  'shortvideo/trending': { platform: 'shortvideo', hasTitle: false, lists: [['aweme_list']], item: aweme },
  'photoshare/post': {
    platform: 'photoshare',
    hasTitle: false,
    record: ['data', 'xdt_shortcode_media'],
    item: {
      id: ['shortcode'],
      url: (item) => photoshareUrl(at(item, ['shortcode'])),
      account: ['owner', 'id'],
      text: [['edge_media_to_caption', 'edges', 0, 'node', 'text']],
      authorName: [['owner', 'full_name']],
      counts: {
        views: [['video_play_count']],
        likes: [['edge_media_preview_like', 'count']],
        comments: [['edge_media_to_parent_comment', 'count']],
      },
      followers: [['owner', 'edge_followed_by', 'count']],
      published: [[['taken_at_timestamp'], 'unix-s']],
    },
  },
  'photoshare/user/reels': {
    platform: 'photoshare',
    hasTitle: false,
    lists: [['items']],
    item: {
      id: ['code'],
      url: (item) => photoshareUrl(at(item, ['code'])),
      account: ['user', 'pk'],
      counts: { views: [['play_count']], likes: [['like_count']], comments: [['comment_count']] },
      published: [[['taken_at'], 'unix-s']],
    },
  },
  'microblog/post': { platform: 'microblog', hasTitle: false, record: ['post'], item: microblogPost },
  'microblog/user/posts': { platform: 'microblog', hasTitle: false, lists: [['feed']], item: microblogPost },
  'professional/post': {
    platform: 'professional',
    hasTitle: true,
    record: [],
    item: {
      id: ['url'],
      url: urlField,
      account: ['author', 'url'],
      title: [['name']],
      text: [['description']],
      authorName: [['author', 'name']],
      counts: { likes: [['likeCount']], comments: [['commentCount']] },
      followers: [['author', 'followers']],
      published: [[['datePublished'], 'iso-offset-ms']],
    },
  },
  'pinboard/pin': {
    platform: 'pinboard',
    hasTitle: true,
    record: [],
    item: {
      id: ['id'],
      url: (item) => `${PAGE_HOSTS.pinboard}/pin/${str(at(item, ['id']))}/`,
      account: ['originPinner', 'id'],
      title: [['title']],
      text: [['description'], ['closeupUnifiedDescription']],
      authorName: [['originPinner', 'fullName']],
      published: [[['createdAt'], 'utc-string']],
    },
  },
  'socialnet/user/reels': {
    platform: 'socialnet',
    hasTitle: false,
    lists: [['reels']],
    item: {
      id: ['post_id'],
      url: urlField,
      text: [['description']],
      counts: { views: [['view_count']], likes: [['like_count']], comments: [['comment_count']], shares: [['share_count']] },
      published: [[['publish_time'], 'unix-s']],
    },
  },
  'forum/subreddit/search': {
    platform: 'forum',
    hasTitle: true,
    lists: [['posts'], ['comments'], ['media']],
    item: {
      id: ['id'],
      url: (item) => `${PAGE_HOSTS.forum}${str(at(item, ['permalink']))}`,
      // A comment's post_title is its post's, not the comment's own: it does not change with the comment.
      title: [['title']],
      text: [['selftext'], ['body']],
      counts: { likes: [['score']], comments: [['num_comments']] },
      published: [[['created_utc'], 'unix-s']],
    },
  },
  'tweetsite/transcript': { platform: 'tweetsite', hasTitle: false, record: [], item: tweet },
  'tweetsite/user/tweets': { platform: 'tweetsite', hasTitle: false, lists: [['tweets']], item: tweet },
};
