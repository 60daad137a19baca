/**
 * The nine platforms and the kinds of thing found on them, with the words the app uses for each.
 * Imported by the renderer, the catalogue and the item model, so it imports only
 * format-characters.ts, which imports nothing.
 */
import { forMatching } from './format-characters';

export const PLATFORMS = [
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

export type Platform = (typeof PLATFORMS)[number];

export const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);

/**
 * Each platform by the name its users know: the site its links point to (the URL table's hosts in
 * src/main/core/platforms/<p>/urls.ts: youtube.com, tiktok.com …). The neutral segment (the
 * spec's word, `videosite`) stays the name in the CLI and in stored data; `platformDetail` shows both.
 */
export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  videosite: 'YouTube',
  shortvideo: 'TikTok',
  photoshare: 'Instagram',
  microblog: 'Bluesky',
  professional: 'LinkedIn',
  pinboard: 'Pinterest',
  socialnet: 'Facebook',
  forum: 'Reddit',
  tweetsite: 'X',
};

/** A platform's human name; a platform Gleaner does not know is shown as stored. */
export const platformLabel = (platform: string): string => (isPlatform(platform) ? PLATFORM_LABELS[platform] : platform);

/** The name with the service's segment beside it, where the segment matters (Settings, the operation picker): "YouTube (videosite)". */
export const platformDetail = (platform: string): string =>
  isPlatform(platform) ? `${PLATFORM_LABELS[platform]} (${platform})` : platform;

/**
 * How each platform writes an account, one form per platform so a citation or a label reads the
 * same whichever response brought the handle: `@name` on most, `u/name` on the forum; the
 * professional network's handle is a profile slug nobody writes with a sign.
 */
const HANDLE_PREFIXES: Readonly<Record<Platform, string>> = {
  videosite: '@',
  shortvideo: '@',
  photoshare: '@',
  microblog: '@',
  professional: '',
  pinboard: '@',
  socialnet: '@',
  forum: 'u/',
  tweetsite: '@',
};

/** A stored handle (with or without its "@" or "u/") in its platform's one form; null for none. */
export function formatHandle(platform: string, handle: string | null | undefined): string | null {
  // Zero-width padding is no part of a handle: "@\u200bliam" is @liam.
  const bare = handle
    ? forMatching(handle)
        .trim()
        .replace(/^(?:@|\/?u\/)/, '')
    : '';
  if (!bare) return null;
  return `${isPlatform(platform) ? HANDLE_PREFIXES[platform] : '@'}${bare}`;
}

/** The kinds of item the normalisers give: what is stored, searched, shown and exported. */
export const ITEM_KINDS = [
  'video',
  'short',
  'live',
  'channel',
  'playlist',
  'post',
  'article',
  'reel',
  'pin',
  'tweet',
  'comment',
  'media',
] as const;

export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * What a pasted link can point at: one of the item kinds, or a listing (a profile's posts, a
 * hashtag, a community) that is fetched as many items and never stored as one.
 */
export const LINK_KINDS = [...ITEM_KINDS, 'profile', 'hashtag', 'community'] as const;

export type LinkKind = (typeof LINK_KINDS)[number];

/** Human names for the kinds of item, in the words a list or a citation uses. */
const KIND_LABELS: Readonly<Record<ItemKind, string>> = {
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

/** A kind's human name; a kind Gleaner has no name for is shown as stored. */
export const kindLabel = (kind: string): string => (Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind as ItemKind] : kind);
