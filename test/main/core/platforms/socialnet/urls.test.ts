import { fetchesUrl, linkCases } from '../url-cases';

const FB_ID = '100064123456789';

linkCases('socialnet', {
  fetched: [
    // socialnet: public pages on every host form
    ['https://www.facebook.com/BBCNews', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
    ['https://m.facebook.com/BBCNews/', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
    ['https://www.facebook.com/BBCNews/reels/', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
    ['facebook.com/BBCNews/videos?ref=page_internal', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
    ['https://fb.com/BBCNews', fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/BBCNews', 'profile')],
    [
      'https://web.facebook.com/bbc.news?fbclid=IwAR123',
      fetchesUrl('socialnet/user/reels', 'https://www.facebook.com/bbc.news', 'profile'),
    ],
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
  ],
  refused: [
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
  ],
});
