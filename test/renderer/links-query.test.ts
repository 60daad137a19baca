import { describe, expect, it } from 'vitest';
import { safeHttpsUrl, timestampUrl, videoSiteWatchUrl } from '../../src/renderer/src/lib/links';
import { asPrefixQuery, queryForTyped } from '../../src/shared/typed-query';

describe('links from platform data', () => {
  it('accepts only https URLs', () => {
    expect(safeHttpsUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.domain)',
      'http://example.com',
      'data:text/html,x',
      'file:///etc/passwd',
      '//example.com',
      'not a url',
      '',
      null,
    ]) {
      expect(safeHttpsUrl(bad)).toBeNull();
    }
    expect(safeHttpsUrl('https://user:pw@example.com/')).toBeNull();
  });

  it('opens video-site transcripts at the moment with &t=<seconds>s', () => {
    const item = { platform: 'videosite', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', nativeId: 'dQw4w9WgXcQ' };
    expect(timestampUrl(item, 0)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s');
    expect(timestampUrl(item, 83_999)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s');
    expect(timestampUrl({ ...item, url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' }, 5000)).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s',
    );
    expect(videoSiteWatchUrl('https://youtu.be/dQw4w9WgXcQ', null)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(timestampUrl({ ...item, url: null }, 1000)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1s');
  });

  it('makes no timestamp link where there is no moment to open', () => {
    expect(timestampUrl({ platform: 'tweetsite', url: 'https://x.com/a/status/1', nativeId: '1' }, 1000)).toBeNull();
    expect(timestampUrl({ platform: 'videosite', url: 'https://www.youtube.com/playlist?list=PL123', nativeId: 'PL123' }, 1000)).toBeNull();
    expect(timestampUrl({ platform: 'videosite', url: 'javascript:alert(1)', nativeId: 'dQw4w9WgXcQ' }, 1000)).toBeNull();
  });
});

describe('search as you type', () => {
  it('searches the word being typed as a prefix', () => {
    expect(queryForTyped('flo')).toEqual({ ok: true, query: 'flo*' });
    expect(queryForTyped('sea lev')).toEqual({ ok: true, query: 'sea lev*' });
    expect(queryForTyped('fl')).toEqual({ ok: true, query: 'fl*' });
    // A word of one letter is not searched yet: the words before it are, or nothing is.
    expect(queryForTyped('f')).toEqual({ ok: false, waiting: true, message: expect.stringMatching(/two letters/) });
    expect(queryForTyped('sea l')).toEqual({ ok: true, query: 'sea' });
    expect(queryForTyped('sea level a')).toEqual({ ok: true, query: 'sea level' });
    expect(queryForTyped('x ')).toEqual({ ok: true, query: 'x' });
    expect(queryForTyped('')).toEqual({ ok: true, query: '' });
  });

  it('leaves finished words, phrases, operators and prefixes alone', () => {
    expect(asPrefixQuery('flood ')).toBe('flood');
    expect(asPrefixQuery('"sea level"')).toBe('"sea level"');
    expect(asPrefixQuery('flood OR')).toBe('flood OR');
    expect(asPrefixQuery('clim*')).toBe('clim*');
    expect(asPrefixQuery('(a OR b)')).toBe('(a OR b)');
    expect(queryForTyped('flood OR')).toEqual({ ok: false, message: 'OR needs a word after it.' });
  });

  it('explains text that cannot be searched yet', () => {
    const typed = queryForTyped('"sea level');
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.message).toMatch(/quotation mark/);
  });
});
