import { describe, expect, it } from 'vitest';
import { addedHostsNote, hostsKey, hostsRows, savedHosts, splitHosts } from '../../src/renderer/src/views/settings/hosts';

describe('the link hosts in Settings', () => {
  it('uses the CLI’s key, hosts.<platform>', () => {
    expect(hostsKey('forum')).toBe('hosts.forum');
  });

  it('reads a comma-separated list as typed, skipping empty entries', () => {
    expect(splitHosts(' example.org ,*.example.net,, ')).toEqual(['example.org', '*.example.net']);
    expect(splitHosts(' , ')).toEqual([]);
    expect(splitHosts('')).toEqual([]);
  });

  it('lists each platform with extra hosts in the catalogue’s order, and nothing else', () => {
    const config = {
      'base-url': 'demo',
      'limits.per-minute': 30,
      'param.videosite.channel/videos.sort': 'order',
      'hosts.forum': 'forum.example.org,*.mirror.example.net',
      'hosts.videosite': 'tube.example.org',
      // A platform this version does not know: the core ignores it and could not remove it.
      'hosts.oldsite': 'old.example.org',
    };
    expect(hostsRows(config)).toEqual([
      { key: 'hosts.videosite', platform: 'videosite', hosts: ['tube.example.org'] },
      { key: 'hosts.forum', platform: 'forum', hosts: ['forum.example.org', '*.mirror.example.net'] },
    ]);
    expect(hostsRows({ 'base-url': 'demo' })).toEqual([]);
  });

  it('reads one platform’s saved hosts, none when unset', () => {
    expect(savedHosts({ 'hosts.forum': 'a.example.org,b.example.org' }, 'forum')).toEqual(['a.example.org', 'b.example.org']);
    expect(savedHosts({ 'hosts.forum': 'a.example.org' }, 'videosite')).toEqual([]);
    expect(savedHosts(null, 'forum')).toEqual([]);
  });

  it('says what a save added, or that nothing was new', () => {
    expect(addedHostsNote('Community forum', [], ['forum.example.org'])).toBe('Added forum.example.org to Community forum.');
    expect(addedHostsNote('Community forum', ['forum.example.org'], ['forum.example.org', 'a.example.org', '*.b.example.net'])).toBe(
      'Added a.example.org, *.b.example.net to Community forum.',
    );
    expect(addedHostsNote('Community forum', ['forum.example.org'], ['forum.example.org'])).toBe(
      'Nothing new: Community forum already has every host you typed.',
    );
  });
});
