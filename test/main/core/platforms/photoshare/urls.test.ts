import { fetches, fetchesUrl, linkCases } from '../url-cases';

const IG_CODE = 'CxYz123AbCd';

linkCases('photoshare', {
  fetched: [
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
  ],
  refused: [
    // photoshare
    ['https://www.instagram.com/explore/', /feed/],
    ['https://www.instagram.com/explore/tags/climate/', /Hashtag pages/],
    ['https://www.instagram.com/stories/natgeo/3212345678901234567/', /Stories/],
    ['https://www.instagram.com/accounts/login/', /“\/accounts” is one of the photo-sharing network's own pages/],
    ['https://www.instagram.com/direct/inbox/', /“\/direct” is one of/],
    ['https://www.instagram.com/reels/', /“\/reels” is one of/],
    ['https://www.instagram.com/reels/audio/123456789/', /audio page/],
    ['https://www.instagram.com/', /home page/],
  ],
});
