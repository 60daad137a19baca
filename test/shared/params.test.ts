import { describe, expect, it } from 'vitest';
import { getOperation, type OperationId } from '../../src/shared/catalogue';
import { checkParams, type ParamInput } from '../../src/shared/params';

const platformOfUrl = (url: string) =>
  url.includes('tiktok') ? 'shortvideo' : url.includes('youtube') ? 'videosite' : url.includes('facebook') ? 'socialnet' : null;
const check = (id: OperationId, input: ParamInput) => checkParams(getOperation(id), input, { platformOfUrl });

describe('parameter checks', () => {
  it.each<[OperationId, ParamInput, Record<string, string>]>([
    ['videosite/search', { query: ' climate ' }, { query: 'climate' }],
    ['videosite/search', { query: 'x', filter: 'shorts', includeExtras: true }, { query: 'x', filter: 'shorts', includeExtras: 'true' }],
    [
      'shortvideo/search',
      { query: 'x', cursor: '20', region: 'de', trim: 'yes' },
      { query: 'x', cursor: '20', region: 'DE', trim: 'true' },
    ],
    ['videosite/channel/videos', { handle: '@news' }, { handle: '@news' }],
    [
      'videosite/transcript',
      { url: 'https://www.youtube.com/watch?v=abc', language: 'EN' },
      { url: 'https://www.youtube.com/watch?v=abc', language: 'en' },
    ],
    [
      'forum/subreddit/search',
      { subreddit: 'journalism', query: 'ai', filter: 'comments' },
      { subreddit: 'journalism', query: 'ai', filter: 'comments' },
    ],
    ['microblog/user/posts', { user_id: 'did:plc:abc123' }, { user_id: 'did:plc:abc123' }],
    [
      'socialnet/user/reels',
      { url: 'https://www.facebook.com/page', next_page_id: 'n1', cursor: 'c1' },
      { url: 'https://www.facebook.com/page', next_page_id: 'n1', cursor: 'c1' },
    ],
    ['videosite/trending', {}, {}],
    ['videosite/search', { query: 'x', uploadDate: '', sortBy: null }, { query: 'x' }],
  ])('%s accepts %j', (id, input, expected) => {
    expect(check(id, input)).toEqual({ ok: true, params: expected });
  });

  it.each<[OperationId, ParamInput, RegExp]>([
    ['videosite/search', {}, /Query \(query\) is required/],
    ['videosite/search', { query: 'x', uploadDate: 'yesterday' }, /uploadDate\) must be one of today, this_week, this_month, this_year/],
    [
      'videosite/search',
      { query: 'x', filter: 'shorts', sortBy: 'popular' },
      /filter works only with a query, and not together with upload date or sort/,
    ],
    ['videosite/channel/videos', {}, /Give the channel id or the channel handle/],
    ['shortvideo/search/hashtag', { hashtag: '#dance' }, /without the leading #, e.g. "dance"/],
    ['videosite/search/hashtag', { hashtag: 'two words' }, /no spaces/],
    ['forum/subreddit/search', { subreddit: 'r/journalism' }, /without r\/, e.g. "journalism"/],
    ['forum/subreddit/search', { subreddit: 'https://www.reddit.com/r/journalism/' }, /not a link/],
    ['forum/subreddit/search', { subreddit: 'a' }, /2 to 21 letters/],
    ['videosite/video', { url: 'not a url' }, /is not a link/],
    ['videosite/video', { url: 'javascript:alert(1)' }, /must be a web link/],
    ['videosite/video', { url: 'https://localhost/x' }, /not a public host/],
    ['videosite/video', { url: 'https://www.tiktok.com/@a/video/1' }, /from TikTok, but videosite\/video fetches YouTube links/],
    // A host the recogniser does not know would spend a request on an answer the service cannot give.
    [
      'videosite/video',
      { url: 'https://tube.example.org/watch?v=abc' },
      /“tube\.example\.org” is not an address Gleaner knows for YouTube\. If it is one, add it under Link hosts in Settings, or to the list that `gleaner config set hosts\.videosite` sets\./,
    ],
    ['shortvideo/trending', {}, /Region \(region\) is required/],
    ['shortvideo/trending', { region: 'USA' }, /two-letter country code/],
    ['shortvideo/search', { query: 'x', cursor: '-1' }, /whole number/],
    ['shortvideo/search', { query: 'x', trim: 'maybe' }, /true or false/],
    ['videosite/search', { query: 'x', bogus: '1' }, /bogus is not a parameter of videosite\/search; it takes query/],
    ['videosite/trending', { query: 'x' }, /takes no parameters/],
    ['videosite/search', { query: 'line\nbreak' }, /control characters/],
    ['videosite/search', { query: 'x'.repeat(2001) }, /longer than 2000/],
    ['microblog/user/posts', { user_id: 'plc:abc' }, /did:plc/],
    ['socialnet/user/reels', { url: 'https://www.facebook.com/page', cursor: 'c1' }, /both the next page id and the cursor/],
    ['tweetsite/user/tweets', { handle: 'https://x.com/someone' }, /not a link/],
  ])('%s rejects %j', (id, input, message) => {
    const result = check(id, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.message).join(' ')).toMatch(message);
  });

  it('reports every problem at once', () => {
    const result = check('videosite/search', { uploadDate: 'never', bogus: 1 });
    expect(!result.ok && result.problems).toHaveLength(3);
  });
});
