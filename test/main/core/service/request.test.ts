import { describe, expect, it } from 'vitest';
import { prepareRequest } from '../../../../src/main/core/service/request';

const none = { paramNames: {}, paths: {} };

describe('prepareRequest', () => {
  it('builds the spec path and query from Gleaner’s parameter names', () => {
    const request = prepareRequest('videosite/search', { query: 'climate change', filter: 'shorts' }, none);
    expect(request.pathAndQuery).toBe('/api/v1/partner/videosite/search?query=climate+change&filter=shorts');
    expect(request.params).toEqual({ query: 'climate change', filter: 'shorts' });
  });

  it('sends overridden wire names and paths, and accepts the overridden name as input', () => {
    const settings = { paramNames: { 'videosite/search': { filter: 'kind' } }, paths: { 'videosite/search': '/v2/search' } };
    const byDefaultName = prepareRequest('videosite/search', { query: 'x', filter: 'shorts' }, settings);
    const byWireName = prepareRequest('videosite/search', { query: 'x', kind: 'shorts' }, settings);
    expect(byDefaultName.pathAndQuery).toBe('/v2/search?query=x&kind=shorts');
    expect(byWireName.pathAndQuery).toBe(byDefaultName.pathAndQuery);
    expect(byWireName.params).toEqual({ query: 'x', filter: 'shorts' });
  });

  it.each(['__proto__', 'constructor', 'toString'])('sends a parameter whose wire name is %j', (wire) => {
    const settings = { paramNames: { 'videosite/search': { filter: wire } }, paths: {} };
    const request = prepareRequest('videosite/search', { query: 'x', filter: 'shorts' }, settings);
    expect(request.pathAndQuery).toBe(`/api/v1/partner/videosite/search?query=x&${wire}=shorts`);
    expect(prepareRequest('videosite/search', { query: 'x', [wire]: 'shorts' }, settings).pathAndQuery).toBe(request.pathAndQuery);
  });

  it('refuses, before anything is sent, settings that give two parameters the same wire name', () => {
    // Stored before the rule (settings refuse it now): the query would carry only one value.
    const clash = { paramNames: { 'videosite/search': { filter: 'query' } }, paths: {} };
    expect(() => prepareRequest('videosite/search', { query: 'climate', filter: 'shorts' }, clash)).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/both query and filter of videosite\/search as "query"/),
      }),
    );
  });

  it('throws INVALID_INPUT naming every problem', () => {
    expect(() => prepareRequest('forum/subreddit/search', { subreddit: 'r/news', filter: 'all' }, none)).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/without r\/.*filter\) must be one of posts, comments, media/),
      }),
    );
  });

  it('treats __proto__ as an unknown parameter, not a prototype', () => {
    const input = JSON.parse('{"query":"x","__proto__":{"polluted":true}}') as Record<string, string>;
    expect(() => prepareRequest('videosite/search', input, none)).toThrow(/__proto__ is not a parameter/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
