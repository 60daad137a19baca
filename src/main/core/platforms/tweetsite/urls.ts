/** Links of the short-message social site: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_NO_SEARCH, type FetchOutcome, type PlatformUrlPatterns } from '../url-rules';

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

export const tweetsiteUrls: PlatformUrlPatterns = {
  platform: 'tweetsite',
  description: 'short-message site',
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
