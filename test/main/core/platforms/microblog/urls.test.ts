import { fetches, fetchesUrl, linkCases } from '../url-cases';

const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';

linkCases('microblog', {
  fetched: [
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
    [
      `https://bsky.app/profile/${DID}`,
      fetches('microblog/user/posts', { user_id: DID }, `https://bsky.app/profile/${DID}`, 'profile', DID),
    ],
    [
      'https://bsky.app/profile/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur',
      fetches('microblog/user/posts', { user_id: DID }, `https://bsky.app/profile/${DID}`, 'profile', DID),
    ],
  ],
  refused: [
    // microblog
    ['https://bsky.app/search?q=elections', /search page.*no search/],
    ['https://bsky.app/', /home page/],
    ['https://bsky.app/profile/jay.bsky.team/feed/aaakkk', /custom feed/],
    ['https://bsky.app/hashtag/news', /Hashtag pages/],
    ['https://bsky.app/notifications', /“\/notifications” is one of/],
  ],
});
