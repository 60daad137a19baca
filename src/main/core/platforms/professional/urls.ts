/** Links of the professional social network: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_NO_SEARCH, type PlatformUrlPatterns } from '../url-rules';

const PROFESSIONAL_NOT_PROFILE =
  'This is a profile or company page on the {platform}; Gleaner can fetch single posts and articles there, not profiles.';

export const professionalUrls: PlatformUrlPatterns = {
  platform: 'professional',
  description: 'professional network',
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
