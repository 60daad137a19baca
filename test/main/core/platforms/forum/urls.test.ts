import { fetches, linkCases } from '../url-cases';

linkCases('forum', {
  fetched: [
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
  ],
  refused: [
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
  ],
});
