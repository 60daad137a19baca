/** Human wording for platform values in the Library and the item detail. */
import { PLATFORMS, PLATFORM_LABELS, type Platform } from '../../../../shared/catalogue';

const KIND_LABELS: Readonly<Record<string, string>> = {
  video: 'Video',
  short: 'Short',
  live: 'Live stream',
  channel: 'Channel',
  playlist: 'Playlist',
  post: 'Post',
  article: 'Article',
  reel: 'Reel',
  pin: 'Pin',
  tweet: 'Short message',
  comment: 'Comment',
  media: 'Media',
};

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

export const platformLabel = (platform: string): string =>
  (PLATFORMS as readonly string[]).includes(platform) ? PLATFORM_LABELS[platform as Platform] : platform;

/** The counts an item can carry, in the order the item detail shows them. */
export const METRICS = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['reposts', 'Reposts'],
  ['shares', 'Shares'],
  ['followers', 'Followers'],
] as const;
