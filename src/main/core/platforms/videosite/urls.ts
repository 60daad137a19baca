/** Links of the long-form and short video site: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_WITH_SEARCH, type FetchOutcome, type PlatformUrlPatterns } from '../url-rules';

const VIDEO_FROM_ID: FetchOutcome = {
  operation: 'videosite/video',
  kind: 'video',
  canonical: 'https://www.youtube.com/watch?v={videoId}',
  params: { url: '{canonicalUrl}' },
  nativeId: 'videoId',
};

export const videositeUrls: PlatformUrlPatterns = {
  platform: 'videosite',
  description: 'video site',
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
