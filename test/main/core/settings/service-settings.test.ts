import { describe, expect, it } from 'vitest';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import {
  addHosts,
  effectiveLimits,
  listConfig,
  readServiceSettings,
  removeHost,
  setConfig,
  unsetConfig,
} from '../../../../src/main/core/settings/service-settings';
import { openDatabase } from '../../../../src/main/core/store/database';

const repo = () => createSettingsRepository(openDatabase({ path: ':memory:' }), () => new Date(0));

describe('service settings (gleaner config)', () => {
  it('defaults to the demo service on the Starter plan', () => {
    expect(listConfig(repo())).toEqual({
      'base-url': 'demo',
      plan: 'starter',
      'limits.per-minute': 30,
      'limits.per-day': 1000,
      'limits.day-reset': 'rolling',
      'timeouts.request': 60,
      'timeouts.slow-request': 300,
    });
    expect(readServiceSettings(repo()).timeouts).toEqual({ normal: 60_000, slow: 300_000 });
    expect(readServiceSettings(repo()).dayReset).toBeNull();
  });

  it.each([
    ['base-url', 'https://api.example.com/', 'https://api.example.com'],
    ['base-url', 'http://127.0.0.1:4000', 'http://127.0.0.1:4000'],
    ['base-url', 'demo', 'demo'],
    ['plan', 'team', 'team'],
    ['param.videosite.search.filter', 'kind', 'kind'],
    ['param.videosite.channel/videos.sort', 'order', 'order'],
    ['path.tweetsite.user/tweets', '/api/v1/partner/tweetsite/user-tweets', '/api/v1/partner/tweetsite/user-tweets'],
    ['limits.day-reset', '0:00', '00:00'],
    ['limits.day-reset', ' 07:30 ', '07:30'],
    ['limits.day-reset', 'Rolling', 'rolling'],
    ['timeouts.request', ' 90 ', 90],
    ['timeouts.slow-request', '3600', 3600],
    [
      'hosts.videosite',
      ' Tube.Example.org , https://yt.example.net/, *.mirror.example,tube.example.org',
      'tube.example.org,yt.example.net,*.mirror.example',
    ],
  ])('stores %s = %s', (key, value, stored) => {
    const settings = repo();
    expect(setConfig(settings, key, value)).toBe(stored);
    expect(listConfig(settings)[key]).toBe(stored);
  });

  it.each([
    ['base-url', 'http://api.example.com', /https/],
    ['base-url', 'ftp://x.example', /https/],
    ['base-url', 'https://user:pw@api.example.com', /user name or password/],
    ['base-url', 'https://api.example.com/?x=1', /query/],
    ['base-url', 'nonsense', /"demo" or a link/],
    ['plan', 'gold', /plan must be one of starter, pro, team, custom/],
    ['limits.per-minute', '0', /whole number from 1/],
    ['limits.per-day', 'lots', /whole number from 1/],
    ['limits.day-reset', '24:00', /"rolling" .* or the time the service resets/],
    ['limits.day-reset', '7:5', /such as 00:00 or 07:30; "7:5" is neither/],
    ['limits.day-reset', 'midnight', /in UTC/],
    ['timeouts.request', '4', /timeouts\.request is a number of seconds from 5 to 3600; "4" is not/],
    ['timeouts.slow-request', '1.5', /timeouts\.slow-request is a number of seconds/],
    ['timeouts.request', '3601', /from 5 to 3600/],
    ['param.videosite.search.nope', 'x', /videosite\/search has no parameter nope/],
    ['param.nowhere.search.query', 'x', /no operation nowhere search/],
    ['param.videosite.search.filter', 'has space', /parameter name/],
    ['path.videosite.search', 'no-slash', /starts with \//],
    ['path.videosite.search', '/api/../secret', /starts with \//],
    ['colour', 'blue', /Unknown setting "colour"/],
    ['hosts.myspace', 'example.org', /no platform myspace/],
    ['hosts.forum', ' , ', /1 to 50 host names/],
    ['hosts.forum', 'example.org, localhost', /"localhost" is not a host name/],
  ])('refuses %s = %s', (key, value, message) => {
    expect(() => setConfig(repo(), key, value)).toThrow(message);
  });

  it.each([
    ['hosts.videosite', 'www.youtube.com', /www\.youtube\.com is already a usual host of YouTube/],
    ['hosts.forum', 'tube.example.org, youtube.com', /youtube\.com is a usual host of YouTube, .* cannot be added to Reddit/],
    ['hosts.pinboard', '*.reddit.com', /\*\.reddit\.com is a usual host of Reddit/],
  ])('refuses %s = %s, a host that would have no effect there', (key, value, message) => {
    const settings = repo();
    expect(() => setConfig(settings, key, value)).toThrow(message);
    expect(listConfig(settings)[key]).toBeUndefined();
  });

  it('refuses a host another platform has as an extra host, and keeps one saved before the rule', () => {
    const settings = repo();
    setConfig(settings, 'hosts.forum', 'mirror.example.org');
    expect(() => setConfig(settings, 'hosts.videosite', 'mirror.example.org')).toThrow(
      /already an extra host of Reddit; remove it there first/,
    );
    expect(() => addHosts(settings, 'videosite', 'MIRROR.example.org')).toThrow(/already an extra host of Reddit/);
    // A list saved by an older version may hold such a host: saving the list again keeps it.
    settings.set('service.hosts.videosite', 'youtube.com,tube.example.org');
    expect(setConfig(settings, 'hosts.videosite', 'youtube.com, tube.example.org, new.example.org')).toBe(
      'youtube.com,tube.example.org,new.example.org',
    );
  });

  it('adds hosts to what is stored, so a host added meanwhile is kept', () => {
    const settings = repo();
    expect(addHosts(settings, 'forum', 'a.example.org')).toBe('a.example.org');
    // Another process (the CLI) adds a host after the view read the list.
    setConfig(settings, 'hosts.forum', 'a.example.org, cli.example.org');
    expect(addHosts(settings, 'forum', ' B.example.org, a.example.org , *.c.example.net')).toBe(
      'a.example.org,cli.example.org,b.example.org,*.c.example.net',
    );
    expect(() => addHosts(settings, 'forum', 'not a host')).toThrow(/"not a host" is not a host name/);
    const many = Array.from({ length: 47 }, (_, n) => `h${n}.example.org`).join(',');
    expect(() => addHosts(settings, 'forum', many)).toThrow(/up to 50 extra hosts; Reddit would have 51/);
    expect(listConfig(settings)['hosts.forum']).toBe('a.example.org,cli.example.org,b.example.org,*.c.example.net');
  });

  it('removes one host, and the setting with the last one', () => {
    const settings = repo();
    setConfig(settings, 'hosts.forum', 'a.example.org, b.example.org');
    expect(removeHost(settings, 'forum', 'A.example.org')).toBe(true);
    expect(listConfig(settings)['hosts.forum']).toBe('b.example.org');
    expect(removeHost(settings, 'forum', 'a.example.org')).toBe(false);
    expect(removeHost(settings, 'forum', 'b.example.org')).toBe(true);
    expect(listConfig(settings)).not.toHaveProperty('hosts.forum');
    expect(removeHost(settings, 'videosite', 'b.example.org')).toBe(false);
  });

  it('switches to the custom plan when a limit is set, starting from the current plan', () => {
    const settings = repo();
    setConfig(settings, 'plan', 'pro');
    setConfig(settings, 'limits.per-minute', '45');
    const typed = readServiceSettings(settings);
    expect(typed.plan).toBe('custom');
    expect(effectiveLimits(typed)).toEqual({ perMinute: 45, perDay: 5000 });
  });

  it('reads the daily reset as minutes after midnight UTC, keeps the plan, and goes back to rolling on unset', () => {
    const settings = repo();
    setConfig(settings, 'plan', 'pro');
    setConfig(settings, 'limits.day-reset', '07:30');
    const typed = readServiceSettings(settings);
    expect(typed.dayReset).toBe(7 * 60 + 30);
    expect(typed.plan).toBe('pro');
    unsetConfig(settings, 'limits.day-reset');
    expect(readServiceSettings(settings).dayReset).toBeNull();
    // A stored value this version cannot read (written by hand, or by a later version) leaves the safe default.
    settings.set('service.limits.day-reset', 'at dawn');
    expect(readServiceSettings(settings).dayReset).toBeNull();
  });

  it('reads the time limits in milliseconds, and ignores a stored value out of range', () => {
    const settings = repo();
    setConfig(settings, 'timeouts.request', '20');
    setConfig(settings, 'timeouts.slow-request', '900');
    expect(readServiceSettings(settings).timeouts).toEqual({ normal: 20_000, slow: 900_000 });
    settings.set('service.timeouts.request', 0);
    expect(readServiceSettings(settings).timeouts.normal).toBe(60_000);
    unsetConfig(settings, 'timeouts.slow-request');
    expect(readServiceSettings(settings).timeouts.slow).toBe(300_000);
  });

  it('reads overrides into typed settings and forgets them on unset', () => {
    const settings = repo();
    setConfig(settings, 'param.shortvideo.search.date_posted', 'publish_time');
    setConfig(settings, 'path.tweetsite.transcript', '/api/v1/partner/tweetsite/video-transcript');
    const typed = readServiceSettings(settings);
    expect(typed.paramNames['shortvideo/search']).toEqual({ date_posted: 'publish_time' });
    expect(typed.paths['tweetsite/transcript']).toBe('/api/v1/partner/tweetsite/video-transcript');
    setConfig(settings, 'hosts.forum', 'forum.example.org');
    expect(readServiceSettings(settings).extraHosts).toEqual({ forum: ['forum.example.org'] });
    expect(unsetConfig(settings, 'param.shortvideo.search.date_posted')).toBe(true);
    expect(readServiceSettings(settings).paramNames).toEqual({});
  });

  it('refuses to give two parameters of one operation the same wire name, setting or unsetting', () => {
    const settings = repo();
    // "filter" sent as "query" would overwrite the search words on the wire.
    expect(() => setConfig(settings, 'param.videosite.search.filter', 'query')).toThrow(/already sends query as "query"/);
    setConfig(settings, 'param.videosite.search.query', 'q');
    setConfig(settings, 'param.videosite.search.filter', 'query');
    expect(readServiceSettings(settings).paramNames['videosite/search']).toEqual({ query: 'q', filter: 'query' });
    // Unsetting query's override would send it as "query" again, which filter now uses.
    expect(() => unsetConfig(settings, 'param.videosite.search.query')).toThrow(/sends filter as "query"/);
    // The same name on another operation is no clash.
    setConfig(settings, 'param.videosite.channel/videos.sort', 'query');
  });

  it('keeps the privacy switch for pictures from platforms, off until set, and refuses a value that is not a yes or no', () => {
    const settings = repo();
    expect(readServiceSettings(settings).blockRemoteImages).toBe(false);
    expect(listConfig(settings)).not.toHaveProperty('privacy.block-images');
    expect(setConfig(settings, 'privacy.block-images', ' ON ')).toBe('true');
    expect(readServiceSettings(settings).blockRemoteImages).toBe(true);
    expect(listConfig(settings)['privacy.block-images']).toBe('true');
    expect(() => setConfig(settings, 'privacy.block-images', 'sometimes')).toThrow(/privacy.block-images is true or false/);
    setConfig(settings, 'privacy.block-images', 'no');
    expect(readServiceSettings(settings).blockRemoteImages).toBe(false);
    expect(unsetConfig(settings, 'privacy.block-images')).toBe(true);
    expect(readServiceSettings(settings).blockRemoteImages).toBe(false);
  });
});
