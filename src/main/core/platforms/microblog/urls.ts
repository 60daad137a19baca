/** Links of the decentralized microblogging network: its hosts, and which of its pages each operation fetches. */
import { HOME_PAGE, reject, SEARCH_PAGE_NO_SEARCH, type PlatformUrlPatterns } from '../url-rules';

export const microblogUrls: PlatformUrlPatterns = {
  platform: 'microblog',
  description: 'decentralized microblog',
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
