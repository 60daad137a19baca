/** Links of the short-video social app: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_WITH_SEARCH, type FetchOutcome, type PlatformUrlPatterns } from '../url-rules';

const SHORT_VIDEO_FROM_ID: FetchOutcome = {
  operation: 'shortvideo/video',
  kind: 'video',
  canonical: 'https://m.tiktok.com/v/{videoId}.html',
  params: { url: '{canonicalUrl}' },
  nativeId: 'videoId',
};

export const shortvideoUrls: PlatformUrlPatterns = {
  platform: 'shortvideo',
  description: 'short-video app',
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
