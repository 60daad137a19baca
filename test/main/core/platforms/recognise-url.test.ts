import { describe, it, expect } from 'vitest';
import { MAX_INPUT_LENGTH, recogniseUrl, type Recognition, linkProblemFor } from '../../../../src/main/core/platforms/recognise-url';
import { URL_PATTERNS } from '../../../../src/main/core/platforms/url-patterns';
import { withHostExtensions } from '../../../../src/main/core/platforms/url-rules';
import { LINK_KINDS, OPERATION_IDS, PLATFORMS, type LinkKind, type OperationId, type Platform } from '../../../../src/shared/catalogue';

type Recognised = Extract<Recognition, { ok: true }>;

/** Expected success, written compactly: platform is the first segment of the operation id. */
function fetches(
  operation: OperationId,
  params: Record<string, string>,
  canonicalUrl: string,
  kind: LinkKind,
  nativeId?: string,
): Recognised {
  const platform = operation.split('/')[0] as Platform;
  const expected: Recognised = { ok: true, platform, operation, params, canonicalUrl, kind };
  if (nativeId !== undefined) expected.nativeId = nativeId;
  return expected;
}

/** Operations whose only parameter is the canonical URL. */
function fetchesUrl(operation: OperationId, canonicalUrl: string, kind: LinkKind, nativeId?: string): Recognised {
  return fetches(operation, { url: canonicalUrl }, canonicalUrl, kind, nativeId);
}

const VIDEO_ID = 'dQw4w9WgXcQ';
const WATCH = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
const SHORT = `https://www.youtube.com/shorts/${VIDEO_ID}`;
const CHANNEL_ID = 'UCuAXFkgsw1L7xaCfnd5JJOw';
const TT_ID = '6718335390845095173';
const TT_VIDEO = `https://www.tiktok.com/@scout2015/video/${TT_ID}`;
const IG_CODE = 'CxYz123AbCd';
const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';
const LI_ID = '7123456789012345678';
const LI_POST = `https://www.linkedin.com/posts/satyanadella_ai-activity-${LI_ID}-AbCd`;
const PIN_ID = '123456789012345678';
const PIN = `https://www.pinterest.com/pin/${PIN_ID}`;
const FB_ID = '100064123456789';
const TWEET_ID = '1234567890123456789';

const recognised: ReadonlyArray<readonly [string, Recognised]> = [
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
    fetches('videosite/channel/videos', { channelId: CHANNEL_ID }, `https://www.youtube.com/channel/${CHANNEL_ID}`, 'channel', CHANNEL_ID),
  ],
  [
    `youtube.com/channel/${CHANNEL_ID}/featured/`,
    fetches('videosite/channel/videos', { channelId: CHANNEL_ID }, `https://www.youtube.com/channel/${CHANNEL_ID}`, 'channel', CHANNEL_ID),
  ],
  [
    'https://www.youtube.com/hashtag/climate',
    fetches('videosite/search/hashtag', { hashtag: 'climate' }, 'https://www.youtube.com/hashtag/climate', 'hashtag'),
  ],

  // shortvideo
  [TT_VIDEO, fetchesUrl('shortvideo/video', TT_VIDEO, 'video', TT_ID)],
  [`tiktok.com/@scout2015/video/${TT_ID}?is_from_webapp=1&sender_device=pc`, fetchesUrl('shortvideo/video', TT_VIDEO, 'video', TT_ID)],
  [`https://WWW.TIKTOK.COM/@scout2015/video/${TT_ID}/#top`, fetchesUrl('shortvideo/video', TT_VIDEO, 'video', TT_ID)],
  [`https://m.tiktok.com/v/${TT_ID}.html`, fetchesUrl('shortvideo/video', `https://m.tiktok.com/v/${TT_ID}.html`, 'video', TT_ID)],
  [`https://www.tiktok.com/embed/v2/${TT_ID}`, fetchesUrl('shortvideo/video', `https://m.tiktok.com/v/${TT_ID}.html`, 'video', TT_ID)],
  ['https://vm.tiktok.com/ZMeAbCdEf/', fetchesUrl('shortvideo/video', 'https://vm.tiktok.com/ZMeAbCdEf', 'video')],
  ['vt.tiktok.com/ZSabc123/?k=1', fetchesUrl('shortvideo/video', 'https://vt.tiktok.com/ZSabc123', 'video')],
  ['https://www.tiktok.com/t/ZTRabc123/', fetchesUrl('shortvideo/video', 'https://www.tiktok.com/t/ZTRabc123', 'video')],
  [
    'https://www.tiktok.com/@user.name/photo/7301234567890123456',
    fetchesUrl('shortvideo/video', 'https://www.tiktok.com/@user.name/photo/7301234567890123456', 'post', '7301234567890123456'),
  ],
  [
    'https://www.tiktok.com/tag/climatechange?lang=en',
    fetches('shortvideo/search/hashtag', { hashtag: 'climatechange' }, 'https://www.tiktok.com/tag/climatechange', 'hashtag'),
  ],

  // photoshare: posts, reels, IGTV, with and without a username prefix; profiles
  [`https://www.instagram.com/p/${IG_CODE}/`, fetchesUrl('photoshare/post', `https://www.instagram.com/p/${IG_CODE}`, 'post', IG_CODE)],
  [
    `instagram.com/p/${IG_CODE}/?igsh=MWQ1ZGUxMzBkMA==`,
    fetchesUrl('photoshare/post', `https://www.instagram.com/p/${IG_CODE}`, 'post', IG_CODE),
  ],
  [`https://m.instagram.com/p/${IG_CODE}`, fetchesUrl('photoshare/post', `https://www.instagram.com/p/${IG_CODE}`, 'post', IG_CODE)],
  [`https://instagr.am/p/${IG_CODE}/`, fetchesUrl('photoshare/post', `https://www.instagram.com/p/${IG_CODE}`, 'post', IG_CODE)],
  [
    `https://www.instagram.com/natgeo/p/${IG_CODE}/`,
    fetchesUrl('photoshare/post', `https://www.instagram.com/p/${IG_CODE}`, 'post', IG_CODE),
  ],
  [
    `https://www.instagram.com/reel/${IG_CODE}/?utm_source=ig_web_copy_link`,
    fetchesUrl('photoshare/post', `https://www.instagram.com/reel/${IG_CODE}`, 'reel', IG_CODE),
  ],
  [
    `https://www.instagram.com/reels/${IG_CODE}/`,
    fetchesUrl('photoshare/post', `https://www.instagram.com/reel/${IG_CODE}`, 'reel', IG_CODE),
  ],
  [
    `https://www.instagram.com/natgeo/reel/${IG_CODE}`,
    fetchesUrl('photoshare/post', `https://www.instagram.com/reel/${IG_CODE}`, 'reel', IG_CODE),
  ],
  [`https://www.instagram.com/tv/${IG_CODE}`, fetchesUrl('photoshare/post', `https://www.instagram.com/tv/${IG_CODE}`, 'video', IG_CODE)],
  [
    'https://www.instagram.com/natgeo/',
    fetches('photoshare/user/reels', { handle: 'natgeo' }, 'https://www.instagram.com/natgeo', 'profile'),
  ],
  [
    'https://www.instagram.com/natgeo/reels/',
    fetches('photoshare/user/reels', { handle: 'natgeo' }, 'https://www.instagram.com/natgeo', 'profile'),
  ],
  [
    'instagram.com/nat.geo_official?hl=en',
    fetches('photoshare/user/reels', { handle: 'nat.geo_official' }, 'https://www.instagram.com/nat.geo_official', 'profile'),
  ],

  // microblog: posts and profiles by handle or by user id
  [
    'https://bsky.app/profile/jay.bsky.team/post/3kxyz2abc3d2s',
    fetchesUrl(
      'microblog/post',
      'https://bsky.app/profile/jay.bsky.team/post/3kxyz2abc3d2s',
      'post',
      'at://jay.bsky.team/app.bsky.feed.post/3kxyz2abc3d2s',
    ),
  ],
  [
    `bsky.app/profile/${DID}/post/3k44deefqdk2g`,
    fetchesUrl(
      'microblog/post',
      `https://bsky.app/profile/${DID}/post/3k44deefqdk2g`,
      'post',
      `at://${DID}/app.bsky.feed.post/3k44deefqdk2g`,
    ),
  ],
  [
    'https://bsky.app/profile/jay.bsky.team',
    fetches('microblog/user/posts', { handle: 'jay.bsky.team' }, 'https://bsky.app/profile/jay.bsky.team', 'profile'),
  ],
  [
    'https://bsky.app/profile/jay.bsky.team/',
    fetches('microblog/user/posts', { handle: 'jay.bsky.team' }, 'https://bsky.app/profile/jay.bsky.team', 'profile'),
  ],
  [`https://bsky.app/profile/${DID}`, fetches('microblog/user/posts', { user_id: DID }, `https://bsky.app/profile/${DID}`, 'profile', DID)],
  [
    'https://bsky.app/profile/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur',
    fetches('microblog/user/posts', { user_id: DID }, `https://bsky.app/profile/${DID}`, 'profile', DID),
  ],

  // professional: posts, articles, feed updates (also percent-encoded), country subdomains
  [`${LI_POST}?utm_source=share&utm_medium=member_desktop`, fetchesUrl('professional/post', LI_POST, 'post', LI_ID)],
  [
    'linkedin.com/posts/jane-doe_journalism-activity-7000000000000000001-xyz/',
    fetchesUrl(
      'professional/post',
      'https://www.linkedin.com/posts/jane-doe_journalism-activity-7000000000000000001-xyz',
      'post',
      '7000000000000000001',
    ),
  ],
  [
    'https://www.linkedin.com/pulse/future-news-jane-doe',
    fetchesUrl('professional/post', 'https://www.linkedin.com/pulse/future-news-jane-doe', 'article'),
  ],
  [
    'https://uk.linkedin.com/pulse/future-news-jane-doe/',
    fetchesUrl('professional/post', 'https://www.linkedin.com/pulse/future-news-jane-doe', 'article'),
  ],
  [
    `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}/`,
    fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}`, 'post', LI_ID),
  ],
  [
    `https://www.linkedin.com/feed/update/urn%3Ali%3Aactivity%3A${LI_ID}`,
    fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:activity:${LI_ID}`, 'post', LI_ID),
  ],
  [
    `https://www.linkedin.com/feed/update/urn:li:share:${LI_ID}?trk=public_post`,
    fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:share:${LI_ID}`, 'post', LI_ID),
  ],
  [
    `https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:${LI_ID}`,
    fetchesUrl('professional/post', `https://www.linkedin.com/feed/update/urn:li:ugcPost:${LI_ID}`, 'post', LI_ID),
  ],

  // pinboard: pins on any country host, with slugs and share suffixes, and short links
  [`https://www.pinterest.com/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  [`https://pinterest.com/pin/${PIN_ID}/sent/?invite_code=abc&sender=1`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  [`https://uk.pinterest.com/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  [`https://www.pinterest.co.uk/pin/${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  [`pinterest.de/pin/${PIN_ID}`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  [`https://www.pinterest.com/pin/diy-garden-ideas--${PIN_ID}/`, fetchesUrl('pinboard/pin', PIN, 'pin', PIN_ID)],
  ['https://pin.it/4AbCdEfGh', fetchesUrl('pinboard/pin', 'https://pin.it/4AbCdEfGh', 'pin')],

  // socialnet: public pages on every host form
  ['https://www.facebook.com/BBCNews', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
  ['https://m.facebook.com/BBCNews/', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
  ['https://www.facebook.com/BBCNews/reels/', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
  ['facebook.com/BBCNews/videos?ref=page_internal', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
  ['https://fb.com/BBCNews', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
  ['https://web.facebook.com/bbc.news?fbclid=IwAR123', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/bbc.news', 'profile')],
  [
    `https://www.facebook.com/profile.php?id=${FB_ID}`,
    fetchesUrl('socialnet/user/reels', `https://www.facebook.com/profile.php?id=${FB_ID}`, 'profile', FB_ID),
  ],
  [
    `https://mbasic.facebook.com/profile.php?id=${FB_ID}&sk=reels_tab`,
    fetchesUrl('socialnet/user/reels', `https://www.facebook.com/profile.php?id=${FB_ID}`, 'profile', FB_ID),
  ],
  [
    'https://www.facebook.com/people/Jane-Doe/100012345678901/',
    fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/people/Jane-Doe/100012345678901', 'profile', '100012345678901'),
  ],
  [
    `https://www.facebook.com/p/Some-Page-${FB_ID}/`,
    fetchesUrl('socialnet/user/reels', `https://www.facebook.com/p/Some-Page-${FB_ID}`, 'profile'),
  ],

  // forum: communities, bare names, every host
  [
    'https://www.reddit.com/r/journalism/',
    fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community'),
  ],
  [
    'https://old.reddit.com/r/Journalism/new/',
    fetches('forum/subreddit/search', { subreddit: 'Journalism' }, 'https://www.reddit.com/r/Journalism', 'community'),
  ],
  [
    'reddit.com/r/journalism',
    fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community'),
  ],
  ['r/journalism', fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community')],
  ['/r/journalism/', fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community')],
  [
    'https://new.reddit.com/r/journalism/?utm_source=share&utm_medium=ios_app',
    fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community'),
  ],
  [
    'https://m.reddit.com/r/journalism/top/?t=week',
    fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community'),
  ],
  [
    'https://www.reddit.com/r/journalism/search/?q=ai',
    fetches('forum/subreddit/search', { subreddit: 'journalism' }, 'https://www.reddit.com/r/journalism', 'community'),
  ],

  // tweetsite: messages on both domains and mobile hosts; profiles and profile tabs
  ['https://x.com/jack/status/20', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
  ['https://twitter.com/jack/status/20?s=20&t=abcDEF', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
  ['https://mobile.twitter.com/jack/status/20', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
  [
    `https://www.x.com/NASA/status/${TWEET_ID}/photo/1`,
    fetchesUrl('tweetsite/transcript', `https://x.com/NASA/status/${TWEET_ID}`, 'tweet', TWEET_ID),
  ],
  [`x.com/NASA/status/${TWEET_ID}/video/1`, fetchesUrl('tweetsite/transcript', `https://x.com/NASA/status/${TWEET_ID}`, 'tweet', TWEET_ID)],
  [
    `https://twitter.com/NASA/statuses/${TWEET_ID}`,
    fetchesUrl('tweetsite/transcript', `https://x.com/NASA/status/${TWEET_ID}`, 'tweet', TWEET_ID),
  ],
  [
    `https://x.com/i/web/status/${TWEET_ID}`,
    fetchesUrl('tweetsite/transcript', `https://x.com/i/web/status/${TWEET_ID}`, 'tweet', TWEET_ID),
  ],
  ['https://x.com/NASA', fetches('tweetsite/user/tweets', { handle: 'NASA' }, 'https://x.com/NASA', 'profile')],
  ['x.com/NASA/', fetches('tweetsite/user/tweets', { handle: 'NASA' }, 'https://x.com/NASA', 'profile')],
  ['https://twitter.com/NASA/media', fetches('tweetsite/user/tweets', { handle: 'NASA' }, 'https://x.com/NASA', 'profile')],
];

/** Pasted text that no operation fetches, with a pattern the reason must match. */
const rejected: ReadonlyArray<readonly [string, RegExp]> = [
  // anything that is not a link at all
  ['', /nothing to recognise/i],
  ['   \t ', /nothing to recognise/i],
  ['hello', /not a web address/i],
  ['hello world', /text rather than a single link/i],
  ['see https://youtu.be/dQw4w9WgXcQ', /text rather than a single link/i],
  [`https://youtu.be/${VIDEO_ID}\nhttps://youtu.be/${VIDEO_ID}`, /several lines/i],
  ['\u0000\u0001\u0002binary\u0003garbage', /control characters/i],
  ['a'.repeat(MAX_INPUT_LENGTH + 1), /too long/i],
  [`https://www.youtube.com/watch?v=${VIDEO_ID}&x=${'a'.repeat(MAX_INPUT_LENGTH)}`, /too long/i],
  ['localhost:3000/watch', /not a web address/i],
  ['https://', /could not be read/i],
  // other schemes
  ['javascript:alert(1)', /starts with “javascript:”/],
  ['JavaScript:alert(document.cookie)', /starts with “javascript:”/],
  ['file:///etc/passwd', /starts with “file:”/],
  ['data:text/html,<b>hi</b>', /starts with “data:”/],
  ['ftp://example.com/video.mp4', /starts with “ftp:”/],
  ['mailto:desk@example.org', /starts with “mailto:”/],
  ['at://did:plc:abc/app.bsky.feed.post/xyz', /starts with “at:”/],
  // hosts that are not in the table are named
  [`https://example.com/watch?v=${VIDEO_ID}`, /“example\.com” is not one of the platforms/],
  [`https://www.youtube.co/watch?v=${VIDEO_ID}`, /“www\.youtube\.co” is not/],
  [`https://youtube.com.evil.example/watch?v=${VIDEO_ID}`, /“youtube\.com\.evil\.example” is not/],
  [`https://www.youtube.com@evil.example/watch?v=${VIDEO_ID}`, /“evil\.example” is not/],
  ['http://192.168.0.1/', /“192\.168\.0\.1” is not/],
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
  // shortvideo
  ['https://www.tiktok.com/@scout2015', /profile on the short-video app/],
  ['https://www.tiktok.com/search?q=climate', /search page, not an item: use Fetch → search/],
  ['https://www.tiktok.com/', /home page/],
  ['https://www.tiktok.com/foryou', /feed/],
  ['https://www.tiktok.com/explore', /feed/],
  ['https://www.tiktok.com/music/original-sound-7123', /sound page/],
  // photoshare
  ['https://www.instagram.com/explore/', /feed/],
  ['https://www.instagram.com/explore/tags/climate/', /Hashtag pages/],
  ['https://www.instagram.com/stories/natgeo/3212345678901234567/', /Stories/],
  ['https://www.instagram.com/accounts/login/', /“\/accounts” is one of the photo-sharing network's own pages/],
  ['https://www.instagram.com/direct/inbox/', /“\/direct” is one of/],
  ['https://www.instagram.com/reels/', /“\/reels” is one of/],
  ['https://www.instagram.com/reels/audio/123456789/', /audio page/],
  ['https://www.instagram.com/', /home page/],
  // microblog
  ['https://bsky.app/search?q=elections', /search page.*no search/],
  ['https://bsky.app/', /home page/],
  ['https://bsky.app/profile/jay.bsky.team/feed/aaakkk', /custom feed/],
  ['https://bsky.app/hashtag/news', /Hashtag pages/],
  ['https://bsky.app/notifications', /“\/notifications” is one of/],
  // professional
  ['https://www.linkedin.com/in/janedoe/', /profile or company page/],
  ['https://www.linkedin.com/company/acme-news/', /profile or company page/],
  ['https://www.linkedin.com/feed/', /feed/],
  ['https://www.linkedin.com/search/results/all/?keywords=press', /search page/],
  ['https://lnkd.in/eAbC123', /short link .* can lead to any site/],
  // pinboard
  ['https://www.pinterest.com/natgeo/', /Only single pins/],
  ['https://www.pinterest.com/natgeo/travel-ideas/', /Only single pins/],
  ['https://www.pinterest.com/search/pins/?q=garden', /search page/],
  ['https://www.pinterest.com/', /home page/],
  // socialnet
  ['https://fb.watch/abcDEF123/', /short link to a single video/],
  ['https://www.facebook.com/watch/?v=123456789', /single post, photo or video/],
  ['https://www.facebook.com/reel/123456789', /single post, photo or video/],
  ['https://www.facebook.com/BBCNews/posts/pfbid0abcDEF', /single post, photo or video/],
  ['https://www.facebook.com/BBCNews/videos/1234567890/', /single post, photo or video/],
  ['https://www.facebook.com/permalink.php?story_fbid=1&id=2', /single post, photo or video/],
  ['https://www.facebook.com/share/r/AbCdEf/', /share link/],
  ['https://www.facebook.com/groups/123456/', /group/],
  ['https://www.facebook.com/login/', /“\/login” is one of the social network's own pages/],
  ['https://www.facebook.com/marketplace', /“\/marketplace” is one of/],
  ['https://www.facebook.com/profile.php', /not a public page/],
  ['https://www.facebook.com/search/top?q=flood', /search page/],
  ['https://www.facebook.com/', /home page/],
  // forum
  ['https://www.reddit.com/r/journalism/comments/abc123/some_title/', /single post in r\/journalism.*paste r\/journalism/],
  ['https://www.reddit.com/r/journalism/s/AbCdEf', /share link to a single post in r\/journalism/],
  ['https://redd.it/abc123', /short link to a single post/],
  ['https://www.reddit.com/comments/abc123', /single post/],
  ['https://www.reddit.com/user/spez', /user page/],
  ['https://www.reddit.com/u/spez/', /user page/],
  ['https://www.reddit.com/r/all/', /r\/all is a combined feed/],
  ['https://www.reddit.com/search/?q=floods', /site-wide search/],
  ['https://www.reddit.com/', /home page/],
  // tweetsite
  ['https://x.com/home', /feed/],
  ['https://x.com/explore', /feed/],
  ['https://x.com/search?q=floods', /search page/],
  ['https://x.com/settings/profile', /“\/settings” is one of the short-message site's own pages/],
  ['https://twitter.com/login', /“\/login” is one of/],
  ['https://x.com/i/spaces/1AbCdEf', /“\/i” is one of/],
  ['https://x.com/hashtag/news', /Hashtag pages/],
  ['https://t.co/AbC123xyz', /short link .* can lead to any site/],
  ['https://x.com/', /home page/],
];

const BRAND_NAMES = /youtube|youtu\.be|tiktok|instagram|bluesky|bsky|linkedin|pinterest|facebook|reddit|twitter|\bx\.com/i;

describe('recogniseUrl: links that an operation fetches', () => {
  it.each(recognised)('%s', (input, expected) => {
    expect(recogniseUrl(input)).toEqual(expected);
  });
});

describe('recogniseUrl: text that no operation fetches', () => {
  it.each(rejected)('%s', (input, reasonPattern) => {
    const result = recogniseUrl(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(reasonPattern);
  });
});

describe('recogniseUrl: output properties', () => {
  it('gives https canonical URLs without fragments, trailing slashes or tracking parameters', () => {
    for (const [input] of recognised) {
      const result = recogniseUrl(input);
      if (!result.ok) throw new Error(`expected ${input} to be recognised`);
      const url = new URL(result.canonicalUrl);
      expect(url.protocol).toBe('https:');
      expect(url.hash).toBe('');
      expect(result.canonicalUrl.endsWith('/')).toBe(false);
      expect(url.search).not.toMatch(/utm_|[?&](si|igsh|fbclid|feature|t|s)=/);
    }
  });

  it('writes every reason for a known host as one sentence with neutral platform words', () => {
    const knownHostReasons = rejected
      .map(([input]) => recogniseUrl(input))
      .filter((result): result is Extract<Recognition, { ok: false }> => !result.ok && result.platform !== undefined);
    expect(knownHostReasons.length).toBeGreaterThan(50);
    for (const { reason } of knownHostReasons) {
      expect(reason).not.toMatch(BRAND_NAMES);
      expect(reason).not.toMatch(/\{\w+\}/);
      expect(reason).toMatch(/[.]$/);
    }
  });

  it('names the platform of a recognised host whose page cannot be fetched', () => {
    expect(recogniseUrl('https://www.tiktok.com/@scout2015')).toMatchObject({ ok: false, platform: 'shortvideo' });
    expect(recogniseUrl('https://example.com/')).not.toHaveProperty('platform');
  });
});

describe('recogniseUrl: never throws', () => {
  const garbage: string[] = [
    '\uD800',
    'https://www.youtube.com/\uDFFF',
    'https://www.reddit.com/r/%E0%A4%A',
    'https://bsky.app/profile/%ZZ/post/x',
    'https://[::1]/',
    'https://%/',
    'http://www.youtube.com:99999/watch?v=dQw4w9WgXcQ',
    '////',
    ':',
    '?v=dQw4w9WgXcQ',
    '#',
    'r/',
    '\u200b\u200b',
    '\ufeffhttps://youtu.be/dQw4w9WgXcQ',
    String.fromCharCode(...Array.from({ length: 256 }, (_unused, i) => i)),
    'x'.repeat(10_000_000),
  ];

  it.each(garbage.map((text) => [text.slice(0, 40), text] as const))('%j', (_label, text) => {
    const result = recogniseUrl(text);
    expect(typeof result.ok).toBe('boolean');
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
  });

  it('survives random bytes and non-string input from untyped callers', () => {
    let seed = 42;
    const nextByte = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 256;
    };
    for (let run = 0; run < 500; run += 1) {
      const length = nextByte() % 80;
      const text = 'https://www.youtube.com/' + String.fromCharCode(...Array.from({ length }, nextByte));
      expect(() => recogniseUrl(text)).not.toThrow();
    }
    for (const value of [undefined, null, 42, {}, []]) {
      expect(recogniseUrl(value as unknown as string)).toMatchObject({ ok: false });
    }
  });

  it('strips a byte-order mark and zero-width spaces around a link', () => {
    expect(recogniseUrl(`\ufeff\u200bhttps://youtu.be/${VIDEO_ID}\u200b`)).toMatchObject({ ok: true, nativeId: VIDEO_ID });
  });
});

describe('recogniseUrl: extra hosts from settings', () => {
  it.each([
    ['yt.example.org', `https://yt.example.org/watch?v=${VIDEO_ID}`],
    ['https://Tube.Example.org/', `https://tube.example.org/watch?v=${VIDEO_ID}`],
    ['*.mirror.example', `https://eu.mirror.example/watch?v=${VIDEO_ID}`],
  ])('accepts %s as another video site host', (setting, input) => {
    expect(recogniseUrl(input)).toMatchObject({ ok: false });
    expect(recogniseUrl(input, { extraHosts: { videosite: [setting] } })).toEqual(fetchesUrl('videosite/video', WATCH, 'video', VIDEO_ID));
  });

  it('never lets a settings entry take a default host from its platform', () => {
    const result = recogniseUrl(`https://www.youtube.com/watch?v=${VIDEO_ID}`, { extraHosts: { forum: ['youtube.com'] } });
    expect(result).toMatchObject({ ok: true, platform: 'videosite' });
  });

  it('ignores unusable settings entries', () => {
    const result = recogniseUrl('https://x.com/NASA', { extraHosts: { tweetsite: ['', '   ', 'no-dot', 'http://'] } });
    expect(result).toMatchObject({ ok: true, platform: 'tweetsite' });
  });

  it('merges host extensions into the table without changing the default table', () => {
    const merged = withHostExtensions(URL_PATTERNS, [{ platform: 'forum', hosts: ['forum.example'] }]);
    expect(merged.find((entry) => entry.platform === 'forum')?.hosts).toContain('forum.example');
    expect(URL_PATTERNS.find((entry) => entry.platform === 'forum')?.hosts).not.toContain('forum.example');
  });
});

describe('URL pattern table', () => {
  it('has one entry per platform', () => {
    expect(URL_PATTERNS.map((entry) => entry.platform).sort()).toEqual([...PLATFORMS].sort());
  });

  it.each(URL_PATTERNS.map((entry) => [entry.platform, entry] as const))('%s rules are well formed', (_platform, entry) => {
    for (const rule of entry.rules) {
      for (const host of rule.onHosts ?? []) expect(entry.shortLinkHosts).toContain(host);
      const pathCaptures = [...rule.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const available = new Set([...pathCaptures, ...Object.values(rule.query ?? {})]);
      for (const name of rule.notReserved ?? []) expect(available).toContain(name);
      if ('reason' in rule.then) {
        for (const [, name] of rule.then.reason.matchAll(/\{(\w+)\}/g)) {
          expect(name === 'platform' || available.has(name)).toBe(true);
        }
        expect(rule.then.reason).not.toMatch(BRAND_NAMES);
        continue;
      }
      const outcome = rule.then;
      expect(OPERATION_IDS).toContain(outcome.operation);
      expect(outcome.operation.startsWith(`${entry.platform}/`)).toBe(true);
      expect(LINK_KINDS).toContain(outcome.kind);
      for (const [, name] of outcome.canonical.matchAll(/\{(\w+)\}/g)) {
        expect(name === 'host' || available.has(name)).toBe(true);
      }
      for (const template of Object.values(outcome.params)) {
        for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
          expect(name === 'canonicalUrl' || available.has(name)).toBe(true);
        }
      }
      const native = outcome.nativeId;
      const nativeFrom =
        native === undefined
          ? []
          : typeof native === 'string'
            ? [native]
            : 'from' in native
              ? [native.from]
              : [...native.template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const name of nativeFrom) expect(available).toContain(name);
    }
    expect(entry.unmatchedReason).not.toMatch(BRAND_NAMES);
  });
});

describe('linkProblemFor: a link of the right platform that an operation still cannot fetch', () => {
  it('refuses a page no operation fetches, and a listing where one item is asked for', () => {
    expect(linkProblemFor('https://www.youtube.com/playlist?list=PL123', 'videosite/video')).toMatch(/playlist/);
    expect(linkProblemFor('https://www.youtube.com/@somechannel', 'videosite/video')).toBe(
      'This is a link to a channel, but videosite/video fetches a single item; videosite/channel/videos fetches what this link shows.',
    );
    expect(linkProblemFor('https://x.com/newsroom', 'tweetsite/transcript')).toMatch(/^This is a link to a profile/);
  });

  it('lets through what the operation fetches, a video by another of its link forms, and other platforms (refused elsewhere)', () => {
    expect(linkProblemFor('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'videosite/video')).toBeNull();
    expect(linkProblemFor('https://youtu.be/dQw4w9WgXcQ', 'videosite/transcript')).toBeNull();
    expect(linkProblemFor('https://www.youtube.com/shorts/dQw4w9WgXcQ', 'videosite/transcript')).toBeNull();
    expect(linkProblemFor('https://www.youtube.com/@somechannel', 'videosite/channel/videos')).toBeNull();
    expect(linkProblemFor('https://www.facebook.com/newsroom', 'socialnet/user/reels')).toBeNull();
    expect(linkProblemFor('https://www.tiktok.com/@a/video/7234567890123456789', 'videosite/video')).toBeNull();
    expect(linkProblemFor('https://example.org/page', 'videosite/video')).toBeNull();
  });
});
