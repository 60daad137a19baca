/** Links of the photo and reel sharing network: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_NO_SEARCH, type FetchOutcome, type PlatformUrlPatterns } from '../url-rules';
import type { LinkKind } from '../../../../shared/model';

function photoPost(kind: LinkKind, segment: string): FetchOutcome {
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

export const photoshareUrls: PlatformUrlPatterns = {
  platform: 'photoshare',
  description: 'photo-sharing network',
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
