/** Links of the community forum site: its hosts, and which of its pages each operation fetches. */
import { HOME_PAGE, reject, type FetchOutcome, type PlatformUrlPatterns } from '../url-rules';

const FORUM_COMMUNITY: FetchOutcome = {
  operation: 'forum/subreddit/search',
  kind: 'community',
  canonical: 'https://www.reddit.com/r/{community}',
  params: { subreddit: '{community}' },
};

export const forumUrls: PlatformUrlPatterns = {
  platform: 'forum',
  description: 'community forum',
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
