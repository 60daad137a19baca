/**
 * The URL recognition table: each platform's public web hosts and the URL path patterns that map
 * to a retrieval-service operation. Kept as data so new hosts and patterns are edits here (or host
 * extensions from Settings), not new code paths in the recogniser.
 *
 * Brand names appear only in host data and canonical URL templates; every `reason` text is shown
 * to users and uses the neutral platform description instead (`{platform}` is replaced by it).
 */

// The platform and operation lists are the catalogue's; re-exported for the recogniser's users.
import { OPERATION_IDS, PLATFORMS, type OperationId, type Platform } from '../../../shared/catalogue';

export { OPERATION_IDS, PLATFORMS };
export type { OperationId, Platform };

/** What a recognised link points at, for labels and icons. */
export const ITEM_KINDS = [
  'video',
  'short',
  'post',
  'reel',
  'pin',
  'tweet',
  'article',
  'profile',
  'channel',
  'hashtag',
  'community',
] as const;

export type ItemKind = (typeof ITEM_KINDS)[number];

/** Neutral words for each platform, used in every text shown to users. */
export const PLATFORM_DESCRIPTIONS: Readonly<Record<Platform, string>> = {
  videosite: 'video site',
  shortvideo: 'short-video app',
  photoshare: 'photo-sharing network',
  microblog: 'decentralized microblog',
  professional: 'professional network',
  pinboard: 'image pinboard',
  socialnet: 'social network',
  forum: 'community forum',
  tweetsite: 'short-message site',
};

/**
 * Templates use `{name}` placeholders:
 * - in `canonical`: path captures (percent-encoded as path text) and `{host}` (the pasted host);
 * - in `params`: captures as plain text and `{canonicalUrl}`;
 * - in `reason`: captures as plain text and `{platform}` (the neutral description).
 */
export interface FetchOutcome {
  readonly operation: OperationId;
  readonly kind: ItemKind;
  readonly canonical: string;
  readonly params: Readonly<Record<string, string>>;
  /**
   * A capture name, a capture plus a regex whose first group is the id, or a template of captures
   * (as plain text) for ids the platform writes in another form than its links.
   */
  readonly nativeId?: string | { readonly from: string; readonly extract: string } | { readonly template: string };
}

export interface RejectOutcome {
  readonly reason: string;
}

export interface UrlRule {
  /**
   * Path pattern, matched case-insensitively against the decoded path without trailing slash.
   * `{name}` captures (regex from `captures`, default: one path segment); a final `/**` accepts
   * any further segments.
   */
  readonly path: string;
  /** Query parameters that must be present: parameter name → capture name. */
  readonly query?: Readonly<Record<string, string>>;
  /** Regex sources for this rule's captures, added to the platform's shared ones. */
  readonly captures?: Readonly<Record<string, string>>;
  /** Captures that must not be one of the platform's reserved path words (profile names). */
  readonly notReserved?: readonly string[];
  /** Only on these short-link hosts; without it the rule applies to the site hosts only. */
  readonly onHosts?: readonly string[];
  readonly then: FetchOutcome | RejectOutcome;
}

export interface PlatformUrlPatterns {
  readonly platform: Platform;
  /** Full-site hosts. `*.example.com` matches any one subdomain; `www.` is always tolerated. */
  readonly hosts: readonly string[];
  /** Short-link hosts: recognised, but only rules naming them in `onHosts` apply there. */
  readonly shortLinkHosts: readonly string[];
  /** First path segments that are the platform's own pages, never a user or page name. */
  readonly reservedWords: readonly string[];
  /** Regex sources shared by the platform's rules, by capture name. */
  readonly captures: Readonly<Record<string, string>>;
  /** First match wins, so specific patterns come before general ones. */
  readonly rules: readonly UrlRule[];
  /** Reason when no rule matches: says what can be fetched from this platform. */
  readonly unmatchedReason: string;
}

export type UrlPatternTable = readonly PlatformUrlPatterns[];

/** Extra site hosts for a platform, e.g. from user settings. */
export interface HostExtension {
  readonly platform: Platform;
  readonly hosts: readonly string[];
}

/** Returns a table with the extensions' hosts appended to their platforms' site hosts. */
export function withHostExtensions(table: UrlPatternTable, extensions: readonly HostExtension[]): UrlPatternTable {
  return table.map((entry) => {
    const added = extensions.filter((extension) => extension.platform === entry.platform).flatMap((e) => e.hosts);
    return added.length === 0 ? entry : { ...entry, hosts: [...entry.hosts, ...added] };
  });
}

// Shared reason texts. Search and home pages differ by whether the platform has a search operation.
const SEARCH_PAGE_WITH_SEARCH = "This is the {platform}'s search page, not an item: use Fetch → search instead.";
const SEARCH_PAGE_NO_SEARCH =
  "This is the {platform}'s search page, not an item, and Gleaner has no search for the {platform}: paste a link to a single item or profile instead.";
const HOME_PAGE = "This is the {platform}'s home page, not an item: paste a link to a single item or profile instead.";
const FEED_PAGE = 'This is a personal or topic feed on the {platform}, not an item: paste a link to a single item or profile instead.';

const reject = (reason: string): RejectOutcome => ({ reason });

// ---------------------------------------------------------------------------------------------
// videosite: long-form and short video site

const VIDEO_FROM_ID: FetchOutcome = {
  operation: 'videosite/video',
  kind: 'video',
  canonical: 'https://www.youtube.com/watch?v={videoId}',
  params: { url: '{canonicalUrl}' },
  nativeId: 'videoId',
};

const videosite: PlatformUrlPatterns = {
  platform: 'videosite',
  hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'],
  shortLinkHosts: ['youtu.be'],
  reservedWords: ['results', 'feed', 'playlist', 'account', 'premium', 'gaming', 'about', 't', 'signin', 'logout', 'upload'],
  captures: {
    videoId: '[A-Za-z0-9_-]{11}',
    // Handles may use letters of any script, digits, periods, underscores and hyphens.
    handle: '[\\p{L}\\p{N}\\p{M}._·-]{1,100}',
    channelId: 'UC[A-Za-z0-9_-]{22}',
  },
  rules: [
    { onHosts: ['youtu.be'], path: '/{videoId}', then: VIDEO_FROM_ID },
    { path: '/watch', query: { v: 'videoId' }, then: VIDEO_FROM_ID },
    { path: '/watch', then: reject('This {platform} watch page has no valid video id, so there is nothing to fetch.') },
    {
      path: '/shorts/{videoId}',
      then: {
        operation: 'videosite/video',
        kind: 'short',
        canonical: 'https://www.youtube.com/shorts/{videoId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'videoId',
      },
    },
    // "videoseries" is itself 11 characters long, so the playlist embed must come before video embeds.
    {
      path: '/embed/videoseries',
      then: reject('This is a playlist on the {platform}; Gleaner fetches single videos and channels, not playlists.'),
    },
    { path: '/embed/{videoId}', then: VIDEO_FROM_ID },
    { path: '/v/{videoId}', then: VIDEO_FROM_ID },
    { path: '/e/{videoId}', then: VIDEO_FROM_ID },
    { path: '/live/{videoId}', then: VIDEO_FROM_ID },
    { path: '/playlist', then: reject('This is a playlist on the {platform}; Gleaner fetches single videos and channels, not playlists.') },
    {
      path: '/@{handle}/**',
      then: {
        operation: 'videosite/channel/videos',
        kind: 'channel',
        canonical: 'https://www.youtube.com/@{handle}',
        params: { handle: '@{handle}' },
      },
    },
    {
      path: '/channel/{channelId}/**',
      then: {
        operation: 'videosite/channel/videos',
        kind: 'channel',
        canonical: 'https://www.youtube.com/channel/{channelId}',
        params: { channelId: '{channelId}' },
        nativeId: 'channelId',
      },
    },
    {
      path: '/c/{name}/**',
      then: reject(
        'This is an old-style custom channel address on the {platform}, which cannot be looked up: open the channel and paste its address with the @handle instead.',
      ),
    },
    {
      path: '/user/{name}/**',
      then: reject(
        'This is an old-style user channel address on the {platform}, which cannot be looked up: open the channel and paste its address with the @handle instead.',
      ),
    },
    {
      path: '/hashtag/{hashtag}/**',
      then: {
        operation: 'videosite/search/hashtag',
        kind: 'hashtag',
        canonical: 'https://www.youtube.com/hashtag/{hashtag}',
        params: { hashtag: '{hashtag}' },
      },
    },
    { path: '/clip/**', then: reject('This is a clip on the {platform}: open the full video and paste its address instead.') },
    { path: '/results', then: reject(SEARCH_PAGE_WITH_SEARCH) },
    { path: '/feed/**', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'This {platform} address is not a video, short, channel (@handle) or hashtag page, so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// shortvideo: short-video social app

const SHORT_VIDEO_FROM_ID: FetchOutcome = {
  operation: 'shortvideo/video',
  kind: 'video',
  canonical: 'https://m.tiktok.com/v/{videoId}.html',
  params: { url: '{canonicalUrl}' },
  nativeId: 'videoId',
};

const shortvideo: PlatformUrlPatterns = {
  platform: 'shortvideo',
  hosts: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com'],
  shortLinkHosts: ['vm.tiktok.com', 'vt.tiktok.com'],
  reservedWords: [
    'explore',
    'foryou',
    'following',
    'friends',
    'live',
    'search',
    'discover',
    'music',
    'login',
    'signup',
    'upload',
    'setting',
    'messages',
    'about',
    'legal',
    'business',
  ],
  captures: {
    user: '[A-Za-z0-9._]{1,64}',
    videoId: '\\d{5,25}',
    shortCode: '[A-Za-z0-9]{5,20}',
  },
  rules: [
    {
      onHosts: ['vm.tiktok.com', 'vt.tiktok.com'],
      path: '/{shortCode}',
      then: { operation: 'shortvideo/video', kind: 'video', canonical: 'https://{host}/{shortCode}', params: { url: '{canonicalUrl}' } },
    },
    {
      path: '/t/{shortCode}',
      then: {
        operation: 'shortvideo/video',
        kind: 'video',
        canonical: 'https://www.tiktok.com/t/{shortCode}',
        params: { url: '{canonicalUrl}' },
      },
    },
    {
      path: '/@{user}/video/{videoId}/**',
      then: {
        operation: 'shortvideo/video',
        kind: 'video',
        canonical: 'https://www.tiktok.com/@{user}/video/{videoId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'videoId',
      },
    },
    {
      // Photo-mode posts are the same kind of item as videos and are fetched the same way.
      path: '/@{user}/photo/{videoId}/**',
      then: {
        operation: 'shortvideo/video',
        kind: 'post',
        canonical: 'https://www.tiktok.com/@{user}/photo/{videoId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'videoId',
      },
    },
    { path: '/v/{videoId}.html', then: SHORT_VIDEO_FROM_ID },
    { path: '/embed/v2/{videoId}', then: SHORT_VIDEO_FROM_ID },
    { path: '/embed/{videoId}', then: SHORT_VIDEO_FROM_ID },
    {
      path: '/tag/{hashtag}',
      then: {
        operation: 'shortvideo/search/hashtag',
        kind: 'hashtag',
        canonical: 'https://www.tiktok.com/tag/{hashtag}',
        params: { hashtag: '{hashtag}' },
      },
    },
    {
      path: '/@{user}/**',
      then: reject("This is a profile on the {platform}; Gleaner can fetch single videos and hashtags there, not a profile's videos."),
    },
    { path: '/search/**', then: reject(SEARCH_PAGE_WITH_SEARCH) },
    { path: '/discover/**', then: reject(SEARCH_PAGE_WITH_SEARCH) },
    {
      path: '/music/**',
      then: reject('This is a sound page on the {platform}, not a video: paste a link to a single video or a hashtag instead.'),
    },
    { path: '/foryou', then: reject(FEED_PAGE) },
    { path: '/following', then: reject(FEED_PAGE) },
    { path: '/explore', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'This {platform} address is not a single video or a hashtag page, so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// photoshare: photo and reel sharing network

function photoPost(kind: ItemKind, segment: string): FetchOutcome {
  return {
    operation: 'photoshare/post',
    kind,
    canonical: `https://www.instagram.com/${segment}/{shortcode}`,
    params: { url: '{canonicalUrl}' },
    nativeId: 'shortcode',
  };
}

const PHOTO_PROFILE: FetchOutcome = {
  operation: 'photoshare/user/reels',
  kind: 'profile',
  canonical: 'https://www.instagram.com/{user}',
  params: { handle: '{user}' },
};

const photoshare: PlatformUrlPatterns = {
  platform: 'photoshare',
  hosts: ['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am'],
  shortLinkHosts: [],
  reservedWords: [
    'explore',
    'accounts',
    'direct',
    'reels',
    'reel',
    'p',
    'tv',
    'stories',
    'about',
    'legal',
    'developer',
    'web',
    'emails',
    'challenge',
    'api',
    'graphql',
    'directory',
    'lite',
    'press',
    'blog',
    'help',
    'oauth',
    'privacy',
    'terms',
    'session',
    'your_activity',
    'nametag',
    'locations',
    'topics',
    'ar',
    'login',
    'signup',
    'create',
    'notifications',
    'settings',
    'search',
  ],
  captures: {
    // Public shortcodes are 11 characters; longer ones exist for some posts.
    shortcode: '[A-Za-z0-9_-]{5,64}',
    user: '[A-Za-z0-9._]{1,30}',
  },
  rules: [
    {
      path: '/reels/audio/**',
      then: reject('This is an audio page on the {platform}, not a post: paste a link to a post, reel or profile instead.'),
    },
    { path: '/p/{shortcode}/**', then: photoPost('post', 'p') },
    { path: '/reel/{shortcode}/**', then: photoPost('reel', 'reel') },
    { path: '/reels/{shortcode}/**', then: photoPost('reel', 'reel') },
    { path: '/tv/{shortcode}/**', then: photoPost('video', 'tv') },
    { path: '/{user}/p/{shortcode}/**', notReserved: ['user'], then: photoPost('post', 'p') },
    { path: '/{user}/reel/{shortcode}/**', notReserved: ['user'], then: photoPost('reel', 'reel') },
    { path: '/{user}/reels/{shortcode}/**', notReserved: ['user'], then: photoPost('reel', 'reel') },
    { path: '/{user}/tv/{shortcode}/**', notReserved: ['user'], then: photoPost('video', 'tv') },
    {
      path: '/stories/**',
      then: reject('Stories on the {platform} disappear and cannot be fetched: paste a link to a post, reel or profile instead.'),
    },
    {
      path: '/explore/tags/**',
      then: reject('Hashtag pages on the {platform} cannot be fetched: paste a link to a post, reel or profile instead.'),
    },
    { path: '/explore/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/explore/**', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
    { path: '/{user}', notReserved: ['user'], then: PHOTO_PROFILE },
    {
      path: '/{user}/{tab}',
      notReserved: ['user'],
      captures: { tab: '(?:reels|tagged|guides|feed|channel|saved)' },
      then: PHOTO_PROFILE,
    },
  ],
  unmatchedReason: 'This {platform} address is not a post, reel or profile, so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// microblog: decentralized microblogging network

const microblog: PlatformUrlPatterns = {
  platform: 'microblog',
  hosts: ['bsky.app', 'staging.bsky.app'],
  shortLinkHosts: [],
  reservedWords: [
    'search',
    'feeds',
    'notifications',
    'settings',
    'messages',
    'lists',
    'moderation',
    'hashtag',
    'starter-pack',
    'support',
    'profile',
  ],
  captures: {
    // An actor is a handle (a domain name) or a user id (`did:method:...`).
    actor: '[A-Za-z0-9._:%-]{1,300}',
    did: 'did:[a-z0-9]+:[A-Za-z0-9._:%-]{1,300}',
    handle: '[A-Za-z0-9.-]{1,253}',
    rkey: '[A-Za-z0-9._~:-]{1,512}',
  },
  rules: [
    {
      path: '/profile/{actor}/post/{rkey}/**',
      then: {
        operation: 'microblog/post',
        kind: 'post',
        canonical: 'https://bsky.app/profile/{actor}/post/{rkey}',
        params: { url: '{canonicalUrl}' },
        // The service names a post by its at:// uri. With a handle for the actor this is the uri's
        // handle form; the library stores the DID form, and import bridges the two.
        nativeId: { template: 'at://{actor}/app.bsky.feed.post/{rkey}' },
      },
    },
    {
      path: '/profile/{actor}/feed/**',
      then: reject('This is a custom feed on the {platform}, not a user: paste a link to a post or profile instead.'),
    },
    {
      path: '/profile/{actor}/lists/**',
      then: reject('This is a list on the {platform}, not a user: paste a link to a post or profile instead.'),
    },
    {
      path: '/profile/{did}',
      then: {
        operation: 'microblog/user/posts',
        kind: 'profile',
        canonical: 'https://bsky.app/profile/{did}',
        params: { user_id: '{did}' },
        nativeId: 'did',
      },
    },
    {
      path: '/profile/{handle}',
      then: {
        operation: 'microblog/user/posts',
        kind: 'profile',
        canonical: 'https://bsky.app/profile/{handle}',
        params: { handle: '{handle}' },
      },
    },
    { path: '/hashtag/**', then: reject('Hashtag pages on the {platform} cannot be fetched: paste a link to a post or profile instead.') },
    { path: '/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'This {platform} address is not a post or a profile, so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// professional: professional social network

const PROFESSIONAL_NOT_PROFILE =
  'This is a profile or company page on the {platform}; Gleaner can fetch single posts and articles there, not profiles.';

const professional: PlatformUrlPatterns = {
  platform: 'professional',
  // Country subdomains (uk., de., fr. ...) serve the same public pages.
  hosts: ['linkedin.com', 'www.linkedin.com', 'm.linkedin.com', '*.linkedin.com'],
  shortLinkHosts: ['lnkd.in'],
  reservedWords: ['feed', 'search', 'jobs', 'messaging', 'notifications', 'mynetwork', 'login', 'signup', 'help', 'legal'],
  captures: {
    postSlug: '[^/]{1,500}',
    articleSlug: '[^/]{1,500}',
    urnType: '(?:activity|share|ugcPost)',
    activityId: '\\d{5,30}',
  },
  rules: [
    {
      onHosts: ['lnkd.in'],
      path: '/**',
      then: reject('This is a short link from the {platform} that can lead to any site: open it and paste the address it leads to.'),
    },
    {
      path: '/posts/{postSlug}',
      then: {
        operation: 'professional/post',
        kind: 'post',
        canonical: 'https://www.linkedin.com/posts/{postSlug}',
        params: { url: '{canonicalUrl}' },
        nativeId: { from: 'postSlug', extract: 'activity-(\\d+)' },
      },
    },
    {
      path: '/pulse/topics/**',
      then: reject('This is a topic page on the {platform}, not an article: paste a link to a single post or article instead.'),
    },
    {
      path: '/pulse/{articleSlug}',
      then: {
        operation: 'professional/post',
        kind: 'article',
        canonical: 'https://www.linkedin.com/pulse/{articleSlug}',
        params: { url: '{canonicalUrl}' },
      },
    },
    {
      path: '/feed/update/urn:li:{urnType}:{activityId}/**',
      then: {
        operation: 'professional/post',
        kind: 'post',
        canonical: 'https://www.linkedin.com/feed/update/urn:li:{urnType}:{activityId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'activityId',
      },
    },
    {
      path: '/embed/feed/update/urn:li:{urnType}:{activityId}/**',
      then: {
        operation: 'professional/post',
        kind: 'post',
        canonical: 'https://www.linkedin.com/feed/update/urn:li:{urnType}:{activityId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'activityId',
      },
    },
    { path: '/in/**', then: reject(PROFESSIONAL_NOT_PROFILE) },
    { path: '/company/**', then: reject(PROFESSIONAL_NOT_PROFILE) },
    { path: '/school/**', then: reject(PROFESSIONAL_NOT_PROFILE) },
    { path: '/showcase/**', then: reject(PROFESSIONAL_NOT_PROFILE) },
    { path: '/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/feed/**', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'This {platform} address is not a single post or article, so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// pinboard: image pinboard

const pinboard: PlatformUrlPatterns = {
  platform: 'pinboard',
  hosts: [
    'pinterest.com',
    'www.pinterest.com',
    // Country subdomains such as uk., de., br., and the country domains below serve the same pins.
    '*.pinterest.com',
    'pinterest.co.uk',
    'pinterest.ca',
    'pinterest.com.au',
    'pinterest.com.mx',
    'pinterest.de',
    'pinterest.fr',
    'pinterest.es',
    'pinterest.it',
    'pinterest.pt',
    'pinterest.at',
    'pinterest.ch',
    'pinterest.ie',
    'pinterest.nz',
    'pinterest.se',
    'pinterest.dk',
    'pinterest.jp',
    'pinterest.co.kr',
    'pinterest.cl',
    'pinterest.ph',
    'pinterest.ru',
  ],
  shortLinkHosts: ['pin.it'],
  reservedWords: ['search', 'ideas', 'today', 'login', 'business', 'settings', 'pin', 'categories', 'explore', '_'],
  captures: {
    // Newer pin URLs carry a readable slug before the id: /pin/some-title--123456/.
    pinSlug: '(?:[^/]*--)?',
    pinId: '[A-Za-z0-9_-]{1,40}',
    shortCode: '[A-Za-z0-9]{4,20}',
  },
  rules: [
    {
      onHosts: ['pin.it'],
      path: '/{shortCode}',
      then: { operation: 'pinboard/pin', kind: 'pin', canonical: 'https://pin.it/{shortCode}', params: { url: '{canonicalUrl}' } },
    },
    {
      // Shared pins often end in /sent/?invite_code=..., so anything after the id is accepted.
      path: '/pin/{pinSlug}{pinId}/**',
      then: {
        operation: 'pinboard/pin',
        kind: 'pin',
        canonical: 'https://www.pinterest.com/pin/{pinId}',
        params: { url: '{canonicalUrl}' },
        nativeId: 'pinId',
      },
    },
    { path: '/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/ideas/**', then: reject(FEED_PAGE) },
    { path: '/today/**', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'Only single pins can be fetched from the {platform}; this looks like a board, profile or other page.',
};

// ---------------------------------------------------------------------------------------------
// socialnet: general social network (public pages)

const SOCIAL_PAGE: FetchOutcome = {
  operation: 'socialnet/user/reels',
  kind: 'profile',
  canonical: 'https://www.facebook.com/{page}',
  params: { url: '{canonicalUrl}' },
};

const SOCIAL_SINGLE_ITEM =
  "This is a single post, photo or video on the {platform}; Gleaner can fetch a public page's reels: paste the page's address instead.";

const socialnet: PlatformUrlPatterns = {
  platform: 'socialnet',
  hosts: [
    'facebook.com',
    'www.facebook.com',
    'm.facebook.com',
    'mobile.facebook.com',
    'mbasic.facebook.com',
    'touch.facebook.com',
    'web.facebook.com',
    'fb.com',
  ],
  shortLinkHosts: ['fb.watch', 'fb.me'],
  reservedWords: [
    'watch',
    'reel',
    'reels',
    'groups',
    'events',
    'marketplace',
    'gaming',
    'login',
    'search',
    'hashtag',
    'help',
    'settings',
    'notifications',
    'messages',
    'friends',
    'bookmarks',
    'pages',
    'policies',
    'privacy',
    'legal',
    'ads',
    'business',
    'dialog',
    'plugins',
    'share',
    'sharer',
    'photo',
    'photos',
    'video',
    'videos',
    'stories',
    'memories',
    'saved',
    'fundraisers',
    'live',
    'me',
    'people',
    'recover',
    'checkpoint',
    'terms',
    'careers',
    'about',
    'lite',
    'media',
    'donate',
    'jobs',
    'news',
    'feeds',
    'games',
    'apps',
    'notes',
    'story',
    'permalink',
    'l',
    'p',
    'home',
    'profile',
    'signup',
    'r',
    'messenger',
  ],
  captures: {
    // Page names: letters, digits, periods and hyphens; script names such as home.php are never pages.
    page: '(?![^/]*\\.php(?:/|$))[A-Za-z0-9.-]{1,100}',
    profileId: '\\d{1,25}',
    pageSlug: '[^/]{1,200}',
    pageName: '[^/]{1,200}',
  },
  rules: [
    {
      onHosts: ['fb.watch'],
      path: '/**',
      then: reject(
        "This is a short link to a single video on the {platform}; Gleaner can fetch a public page's reels: paste the page's address instead.",
      ),
    },
    {
      onHosts: ['fb.me'],
      path: '/**',
      then: reject('This is a short link on the {platform}: open it and paste the address it leads to.'),
    },
    {
      path: '/profile.php',
      query: { id: 'profileId' },
      then: { ...SOCIAL_PAGE, canonical: 'https://www.facebook.com/profile.php?id={profileId}', nativeId: 'profileId' },
    },
    {
      path: '/people/{pageName}/{profileId}/**',
      then: { ...SOCIAL_PAGE, canonical: 'https://www.facebook.com/people/{pageName}/{profileId}', nativeId: 'profileId' },
    },
    {
      path: '/pages/{pageName}/{profileId}/**',
      then: { ...SOCIAL_PAGE, canonical: 'https://www.facebook.com/pages/{pageName}/{profileId}', nativeId: 'profileId' },
    },
    { path: '/p/{pageSlug}/**', then: { ...SOCIAL_PAGE, canonical: 'https://www.facebook.com/p/{pageSlug}' } },
    { path: '/watch/**', then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/reel/**', then: reject(SOCIAL_SINGLE_ITEM) },
    {
      path: '/share/**',
      then: reject('This is a share link on the {platform}: open it and paste the address of the public page it belongs to.'),
    },
    { path: '/story.php', then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/permalink.php', then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/photo.php', then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/photo/**', then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/groups/**', then: reject('This is a group on the {platform}; Gleaner can fetch the reels of public pages, not groups.') },
    { path: '/events/**', then: reject('This is an event on the {platform}; Gleaner can fetch the reels of public pages, not events.') },
    { path: '/hashtag/**', then: reject('Hashtag pages on the {platform} cannot be fetched: paste the address of a public page instead.') },
    { path: '/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/', then: reject(HOME_PAGE) },
    { path: '/{page}/posts/{itemId}/**', notReserved: ['page'], then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/{page}/videos/{itemId}/**', notReserved: ['page'], then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/{page}/photos/{itemId}/**', notReserved: ['page'], then: reject(SOCIAL_SINGLE_ITEM) },
    { path: '/{page}', notReserved: ['page'], then: SOCIAL_PAGE },
    {
      path: '/{page}/{tab}',
      notReserved: ['page'],
      captures: { tab: '(?:reels|reels_tab|videos|live_videos|about|photos|posts|community|events|mentions)' },
      then: SOCIAL_PAGE,
    },
  ],
  unmatchedReason:
    "This {platform} address is not a public page; Gleaner can fetch a public page's reels: paste the page's address instead.",
};

// ---------------------------------------------------------------------------------------------
// forum: community forum site

const FORUM_COMMUNITY: FetchOutcome = {
  operation: 'forum/subreddit/search',
  kind: 'community',
  canonical: 'https://www.reddit.com/r/{community}',
  params: { subreddit: '{community}' },
};

const forum: PlatformUrlPatterns = {
  platform: 'forum',
  hosts: [
    'reddit.com',
    'www.reddit.com',
    'old.reddit.com',
    'new.reddit.com',
    'm.reddit.com',
    'np.reddit.com',
    'i.reddit.com',
    'amp.reddit.com',
    'sh.reddit.com',
  ],
  shortLinkHosts: ['redd.it'],
  reservedWords: [
    'search',
    'settings',
    'login',
    'register',
    'submit',
    'message',
    'prefs',
    'notifications',
    'chat',
    'user',
    'u',
    'comments',
  ],
  captures: {
    community: '[A-Za-z0-9][A-Za-z0-9_]{1,20}',
    combined: '(?:all|popular|friends|mod|random|randnsfw)',
  },
  rules: [
    {
      onHosts: ['redd.it'],
      path: '/**',
      then: reject(
        'This is a short link to a single post on the {platform}; no operation fetches one post: paste the community (r/name) to search it instead.',
      ),
    },
    {
      path: '/r/{combined}/**',
      then: reject('r/{combined} is a combined feed on the {platform}, not one community: paste a single community (r/name) instead.'),
    },
    {
      path: '/r/{community}/comments/**',
      then: reject(
        'This is a single post in r/{community}; no operation fetches one post, but you can search the community: paste r/{community} instead.',
      ),
    },
    {
      path: '/r/{community}/s/**',
      then: reject(
        'This is a share link to a single post in r/{community}; no operation fetches one post, but you can search the community: paste r/{community} instead.',
      ),
    },
    { path: '/r/{community}/**', then: FORUM_COMMUNITY },
    {
      path: '/comments/**',
      then: reject(
        'This is a single post on the {platform}; no operation fetches one post: paste the community (r/name) to search it instead.',
      ),
    },
    { path: '/user/**', then: reject('This is a user page on the {platform}; Gleaner can search communities there, not users.') },
    { path: '/u/**', then: reject('This is a user page on the {platform}; Gleaner can search communities there, not users.') },
    {
      path: '/search/**',
      then: reject("This is the {platform}'s site-wide search page: paste a single community (r/name) to search inside it instead."),
    },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'This {platform} address is not a community (r/name), so no operation can fetch it.',
};

// ---------------------------------------------------------------------------------------------
// tweetsite: short-message social site

const MESSAGE_BY_ID: FetchOutcome = {
  operation: 'tweetsite/transcript',
  kind: 'tweet',
  canonical: 'https://x.com/i/web/status/{tweetId}',
  params: { url: '{canonicalUrl}' },
  nativeId: 'tweetId',
};

const MESSAGE_BY_USER: FetchOutcome = { ...MESSAGE_BY_ID, canonical: 'https://x.com/{user}/status/{tweetId}' };

const MESSAGE_PROFILE: FetchOutcome = {
  operation: 'tweetsite/user/tweets',
  kind: 'profile',
  canonical: 'https://x.com/{user}',
  params: { handle: '{user}' },
};

const tweetsite: PlatformUrlPatterns = {
  platform: 'tweetsite',
  hosts: ['x.com', 'www.x.com', 'mobile.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'm.twitter.com'],
  shortLinkHosts: ['t.co'],
  reservedWords: [
    'home',
    'explore',
    'search',
    'notifications',
    'messages',
    'settings',
    'login',
    'logout',
    'signup',
    'i',
    'compose',
    'intent',
    'share',
    'tos',
    'privacy',
    'hashtag',
    'jobs',
    'premium',
    'verified',
    'about',
    'download',
    'account',
    'bookmarks',
    'communities',
    'topics',
    'help',
    'lists',
    'grok',
    'flow',
    'oauth',
    'rules',
    'en',
  ],
  captures: {
    user: '[A-Za-z0-9_]{1,15}',
    tweetId: '\\d{1,25}',
  },
  rules: [
    {
      onHosts: ['t.co'],
      path: '/**',
      then: reject('This is a short link from the {platform} that can lead to any site: open it and paste the address it leads to.'),
    },
    { path: '/i/web/status/{tweetId}/**', then: MESSAGE_BY_ID },
    { path: '/i/status/{tweetId}/**', then: MESSAGE_BY_ID },
    { path: '/{user}/status/{tweetId}/**', notReserved: ['user'], then: MESSAGE_BY_USER },
    { path: '/{user}/statuses/{tweetId}/**', notReserved: ['user'], then: MESSAGE_BY_USER },
    {
      path: '/hashtag/**',
      then: reject('Hashtag pages on the {platform} cannot be fetched: paste a link to a single message or profile instead.'),
    },
    { path: '/search', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/explore/**', then: reject(FEED_PAGE) },
    { path: '/home', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
    { path: '/{user}', notReserved: ['user'], then: MESSAGE_PROFILE },
    {
      path: '/{user}/{tab}',
      notReserved: ['user'],
      captures: { tab: '(?:with_replies|media|likes|highlights|articles|superfollows)' },
      then: MESSAGE_PROFILE,
    },
  ],
  unmatchedReason: 'This {platform} address is not a single message or a profile, so no operation can fetch it.',
};

/** The default table, in the order hosts are looked up (earlier platforms win a shared host). */
export const URL_PATTERNS: UrlPatternTable = [
  videosite,
  shortvideo,
  photoshare,
  microblog,
  professional,
  pinboard,
  socialnet,
  forum,
  tweetsite,
];

/** Kinds of link that stand for a listing (a channel's videos, a profile's posts, a hashtag), not for one item. */
export const LISTING_KINDS: ReadonlySet<ItemKind> = new Set<ItemKind>(['channel', 'profile', 'community', 'hashtag']);

/** The operations that fetch what a listing link shows. */
export const LISTING_OPERATIONS: ReadonlySet<OperationId> = new Set(
  URL_PATTERNS.flatMap((platform) => platform.rules.map((rule) => rule.then)).flatMap((then) =>
    'operation' in then && LISTING_KINDS.has(then.kind) ? [then.operation] : [],
  ),
);
