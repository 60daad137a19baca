import { fetches, fetchesUrl, linkCases } from '../url-cases';

const VIDEO_ID = 'dQw4w9WgXcQ';
const WATCH = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
const SHORT = `https://www.youtube.com/shorts/${VIDEO_ID}`;
const CHANNEL_ID = 'UCuAXFkgsw1L7xaCfnd5JJOw';

linkCases('videosite', {
  fetched: [
    // videosite: watch pages, short links, embeds, live, mobile and music hosts
    [WATCH, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`youtube.com/watch?v=${VIDEO_ID}&t=42s`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://m.youtube.com/watch?v=${VIDEO_ID}&feature=share&si=abc`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${VIDEO_ID}`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`http://www.youtube.com/watch?v=${VIDEO_ID}#comments`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`www.youtube.com/watch?feature=share&v=${VIDEO_ID}`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://youtu.be/${VIDEO_ID}?si=XyZ123`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`youtu.be/${VIDEO_ID}`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`<https://youtu.be/${VIDEO_ID}>`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`  https://youtu.be/${VIDEO_ID}\t\n`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://www.youtube.com/shorts/${VIDEO_ID}?feature=share`, fetchesUrl('videosite/video', SHORT, 'short', VIDEO_ID)],
    [`https://youtube.com/shorts/${VIDEO_ID}/`, fetchesUrl('videosite/video', SHORT, 'short', VIDEO_ID)],
    [`https://www.youtube.com/embed/${VIDEO_ID}?autoplay=1`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://www.youtube.com/live/${VIDEO_ID}?si=x`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`https://music.youtube.com/watch?v=${VIDEO_ID}&list=RDAMVM`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    [`http://www.youtube.com/v/${VIDEO_ID}`, fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID)],
    // videosite: channels and hashtags
    [
      'https://www.youtube.com/@BBCNews',
      fetches('videosite/channel/videos', { handle: '@BBCNews' }, 'https://www.youtube.com/@BBCNews', 'channel'),
    ],
    [
      'https://www.youtube.com/@BBCNews/videos',
      fetches('videosite/channel/videos', { handle: '@BBCNews' }, 'https://www.youtube.com/@BBCNews', 'channel'),
    ],
    [
      'https://m.youtube.com/@bbcnews/shorts?si=1',
      fetches('videosite/channel/videos', { handle: '@bbcnews' }, 'https://www.youtube.com/@bbcnews', 'channel'),
    ],
    [
      `https://www.youtube.com/channel/${CHANNEL_ID}`,
      fetches(
        'videosite/channel/videos',
        { channelId: CHANNEL_ID },
        `https://www.youtube.com/channel/${CHANNEL_ID}`,
        'channel',
        CHANNEL_ID,
      ),
    ],
    [
      `youtube.com/channel/${CHANNEL_ID}/featured/`,
      fetches(
        'videosite/channel/videos',
        { channelId: CHANNEL_ID },
        `https://www.youtube.com/channel/${CHANNEL_ID}`,
        'channel',
        CHANNEL_ID,
      ),
    ],
    [
      'https://www.youtube.com/hashtag/climate',
      fetches('videosite/search/hashtag', { hashtag: 'climate' }, 'https://www.youtube.com/hashtag/climate', 'hashtag'),
    ],
  ],
  refused: [
    // videosite pages that are not fetchable items
    ['https://www.youtube.com/results?search_query=climate', /search page, not an item: use Fetch → search instead/],
    ['https://www.youtube.com/', /home page/],
    ['youtube.com', /home page/],
    ['https://www.youtube.com/watch', /no valid video id/],
    ['https://www.youtube.com/watch?v=tooshort', /no valid video id/],
    ['https://www.youtube.com/c/BBCNews', /old-style custom channel address.*@handle/],
    ['https://www.youtube.com/user/bbcnews/videos', /old-style user channel address/],
    ['https://www.youtube.com/playlist?list=PL1234567890', /playlist/],
    ['https://www.youtube.com/embed/videoseries?list=PL1234567890', /playlist/],
    ['https://www.youtube.com/feed/subscriptions', /feed/],
    ['https://youtu.be/', /not a video, short, channel/],
  ],
});
