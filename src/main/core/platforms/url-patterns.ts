/**
 * The URL recognition table: each platform's link data (its `urls.ts`), in the order hosts are
 * looked up. It is assembled here, apart from the platform registry, because the normalisers
 * recognise links: the recogniser must not depend on them.
 */
import { PLATFORMS, type OperationId, type Platform } from '../../../shared/catalogue';
import type { LinkKind } from '../../../shared/model';
import { forumUrls } from './forum/urls';
import { microblogUrls } from './microblog/urls';
import { photoshareUrls } from './photoshare/urls';
import { pinboardUrls } from './pinboard/urls';
import { professionalUrls } from './professional/urls';
import { shortvideoUrls } from './shortvideo/urls';
import { socialnetUrls } from './socialnet/urls';
import { tweetsiteUrls } from './tweetsite/urls';
import type { PlatformUrlPatterns, UrlPatternTable } from './url-rules';
import { videositeUrls } from './videosite/urls';

const URLS_BY_PLATFORM: Readonly<Record<Platform, PlatformUrlPatterns>> = {
  videosite: videositeUrls,
  shortvideo: shortvideoUrls,
  photoshare: photoshareUrls,
  microblog: microblogUrls,
  professional: professionalUrls,
  pinboard: pinboardUrls,
  socialnet: socialnetUrls,
  forum: forumUrls,
  tweetsite: tweetsiteUrls,
};

/** The default table, in the catalogue's platform order, which is the order hosts are looked up (earlier platforms win a shared host). */
export const URL_PATTERNS: UrlPatternTable = PLATFORMS.map((platform) => URLS_BY_PLATFORM[platform]);

/** Kinds of link that stand for a listing (a channel's videos, a profile's posts, a hashtag), not for one item. */
export const LISTING_KINDS: ReadonlySet<LinkKind> = new Set<LinkKind>(['channel', 'profile', 'community', 'hashtag']);

/** The operations that fetch what a listing link shows. */
export const LISTING_OPERATIONS: ReadonlySet<OperationId> = new Set(
  URL_PATTERNS.flatMap((platform) => platform.rules.map((rule) => rule.then)).flatMap((then) =>
    'operation' in then && LISTING_KINDS.has(then.kind) ? [then.operation] : [],
  ),
);
