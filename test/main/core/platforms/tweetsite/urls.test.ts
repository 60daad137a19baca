import { fetches, fetchesUrl, linkCases } from '../url-cases';

const TWEET_ID = '1234567890123456789';

linkCases('tweetsite', {
  fetched: [
    // tweetsite: messages on both domains and mobile hosts; profiles and profile tabs
    ['https://x.com/jack/status/20', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
    ['https://twitter.com/jack/status/20?s=20&t=abcDEF', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
    ['https://mobile.twitter.com/jack/status/20', fetchesUrl('tweetsite/transcript', 'https://x.com/jack/status/20', 'tweet', '20')],
    [
      `https://www.x.com/NASA/status/${TWEET_ID}/photo/1`,
      fetchesUrl('tweetsite/transcript', `https://x.com/NASA/status/${TWEET_ID}`, 'tweet', TWEET_ID),
    ],
    [
      `x.com/NASA/status/${TWEET_ID}/video/1`,
      fetchesUrl('tweetsite/transcript', `https://x.com/NASA/status/${TWEET_ID}`, 'tweet', TWEET_ID),
    ],
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
  ],
  refused: [
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
  ],
});
