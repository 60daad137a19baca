import { describe, expect, it } from 'vitest';
import { overrideKey, overrideRows } from '../../../../src/renderer/src/views/settings/overrides';

describe('override rows', () => {
  it('reads wire-name and path overrides from the settings, with their defaults', () => {
    const rows = overrideRows({
      'base-url': 'demo',
      plan: 'pro',
      'param.videosite.channel/videos.sort': 'order',
      'path.tweetsite.user/tweets': '/v2/tweets',
    });
    expect(rows.map((r) => [r.kind, r.key, r.defaultValue, r.value])).toEqual([
      ['param', 'param.videosite.channel/videos.sort', 'sort', 'order'],
      ['path', 'path.tweetsite.user/tweets', '/api/v1/partner/tweetsite/user/tweets', '/v2/tweets'],
    ]);
    expect(overrideKey('param', { platform: 'videosite', path: 'search' }, 'filter')).toBe('param.videosite.search.filter');
    expect(overrideKey('path', { platform: 'forum', path: 'subreddit/search' })).toBe('path.forum.subreddit/search');
  });
});
