import { describe, expect, it } from 'vitest';
import {
  canonicalItemLink,
  canonicalLink,
  canonicalUrl,
  firstImage,
  httpUrl,
  imageUrl,
  segment,
} from '../../../../../src/main/core/platforms/read/links';

describe('links in records', () => {
  it('reads a record’s own link as canonicalLink does, listing links included, without the remembered ones', () => {
    const links = [
      'https://youtu.be/dQw4w9WgXcQ',
      '/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/@RickAstleyYT/videos',
      'https://www.youtube.com/@RickAstleyYT/videos',
      'https://example.org/page',
      'not a link',
    ];
    for (const link of links)
      expect(canonicalItemLink(link, 'https://www.youtube.com')).toEqual(canonicalLink(link, 'https://www.youtube.com'));
    expect(canonicalItemLink('https://youtu.be/dQw4w9WgXcQ')).toEqual({
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      nativeId: 'dQw4w9WgXcQ',
      kind: 'video',
    });
  });

  it('keeps http(s) links as given, completes //host links, and refuses other schemes', () => {
    expect(httpUrl('http://example.org/a?b=1')).toBe('http://example.org/a?b=1');
    expect(httpUrl('//cdn.example.org/x.jpg')).toBe('https://cdn.example.org/x.jpg');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('https://')).toBeNull();
  });

  it('canonicalises a known link through the URL table, with its id and kind', () => {
    expect(canonicalLink('https://youtu.be/abcdefghijk')).toEqual({
      url: 'https://www.youtube.com/watch?v=abcdefghijk',
      nativeId: 'abcdefghijk',
      kind: 'video',
    });
    expect(canonicalUrl('/shorts/abcdefghijk', 'https://www.youtube.com')).toBe('https://www.youtube.com/shorts/abcdefghijk');
  });

  it('keeps a link the table does not know as given, and reads nothing from other text', () => {
    expect(canonicalLink('https://example.org/page')).toEqual({ url: 'https://example.org/page', nativeId: null, kind: null });
    expect(canonicalLink('data:text/html,hi')).toBeNull();
    expect(canonicalLink('   ')).toBeNull();
  });

  it('gives a channel link seen before exactly as the first time, and as a copy the caller may change', () => {
    // Enough other channels between two sightings to roll the remembered links over more than once.
    const seen = (n: number) => canonicalLink(`https://www.youtube.com/@remembered${n}`);
    const first = seen(0);
    expect(first).toEqual({ url: 'https://www.youtube.com/@remembered0', nativeId: null, kind: 'channel' });
    first!.url = 'changed';
    expect(seen(0)).toEqual({ url: 'https://www.youtube.com/@remembered0', nativeId: null, kind: 'channel' });
    for (let n = 1; n <= 10_000; n += 1) seen(n);
    expect(seen(0)).toEqual({ url: 'https://www.youtube.com/@remembered0', nativeId: null, kind: 'channel' });
    expect(seen(10_000)).toEqual({ url: 'https://www.youtube.com/@remembered10000', nativeId: null, kind: 'channel' });
  });

  it('encodes a path segment', () => {
    expect(segment('a b/c')).toBe('a%20b%2Fc');
  });

  it('reads images from strings, objects and lists (smallest first unless told)', () => {
    const sizes = [{ url: 'https://img.example/s.jpg' }, { src: 'https://img.example/l.jpg' }];
    expect(imageUrl(sizes)).toBe('https://img.example/s.jpg');
    expect(imageUrl(sizes, 'last')).toBe('https://img.example/l.jpg');
    expect(imageUrl({ uri: 'https://img.example/u.jpg' })).toBe('https://img.example/u.jpg');
    expect(firstImage(null, 'ftp://no', ['https://img.example/f.jpg'])).toBe('https://img.example/f.jpg');
  });
});
