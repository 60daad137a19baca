import { fetches, fetchesUrl, linkCases } from '../url-cases';

const TT_ID = '6718335390845095173';
const TT_VIDEO = `https://www.tiktok.com/@scout2015/video/${TT_ID}`;

linkCases('shortvideo', {
  fetched: [
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
  ],
  refused: [
    // shortvideo
    ['https://www.tiktok.com/@scout2015', /profile on the short-video app/],
    ['https://www.tiktok.com/search?q=climate', /search page, not an item: use Fetch → search/],
    ['https://www.tiktok.com/', /home page/],
    ['https://www.tiktok.com/foryou', /feed/],
    ['https://www.tiktok.com/explore', /feed/],
    ['https://www.tiktok.com/music/original-sound-7123', /sound page/],
  ],
});
