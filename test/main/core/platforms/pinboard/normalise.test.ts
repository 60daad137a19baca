import { describe, it, expect } from 'vitest';
import { normalisePinboard } from '../../../../../src/main/core/platforms/pinboard/normalise';
import { NO_AUTHOR, metrics } from '../helpers';

/** The pin `data` as the spec shows it. */
const pin = {
  autoAltText: 'a bowl of ramen on a wooden table',
  closeupUnifiedDescription: 'Easy weeknight ramen with soft eggs',
  description: 'Weeknight ramen',
  dominantColor: '#a0522d',
  originPinner: { username: 'cookingwithkim' },
  images: { orig: { width: 736, height: 1104, url: 'https://i.pinimg.com/originals/ab/cd/ef.jpg' } },
};

describe('pinboard pin', () => {
  it('maps every field, with the pin id from the requested URL', () => {
    const result = normalisePinboard('pinboard/pin', pin, { url: 'https://www.pinterest.com/pin/123456789012345678/' });
    expect(result.warnings).toEqual([]);
    expect(result.items).toEqual([
      {
        platform: 'pinboard',
        kind: 'pin',
        nativeId: '123456789012345678',
        url: 'https://www.pinterest.com/pin/123456789012345678/',
        title: 'Weeknight ramen',
        text: 'Easy weeknight ramen with soft eggs',
        author: { name: null, handle: 'cookingwithkim', id: null, url: 'https://www.pinterest.com/cookingwithkim/' },
        publishedAt: null,
        publishedText: null,
        durationMs: null,
        thumbnailUrl: 'https://i.pinimg.com/originals/ab/cd/ef.jpg',
        metrics: metrics(),
        extras: { altText: 'a bowl of ramen on a wooden table', dominantColor: '#a0522d', imageWidth: 736, imageHeight: 1104 },
        sourcePath: '',
      },
    ]);
  });

  it('falls back on autoAltText for the title and description for the text', () => {
    const [item] = normalisePinboard('pinboard/pin', { autoAltText: 'alt words', description: ' ' }, {}).items;
    expect(item).toMatchObject({ title: 'alt words', text: null });
    const [other] = normalisePinboard('pinboard/pin', { description: 'only description' }, {}).items;
    expect(other).toMatchObject({ title: 'only description', text: 'only description' });
  });

  it('uses the pin’s own id and creation time when present; its outbound link is not its URL', () => {
    const [item] = normalisePinboard(
      'pinboard/pin',
      { ...pin, id: '987', link: 'https://blog.example/ramen', createdAt: 'Mon, 04 Mar 2024 10:00:00 +0000' },
      { url: 'https://pin.it/abc123' },
    ).items;
    expect(item).toMatchObject({ nativeId: '987', url: 'https://www.pinterest.com/pin/987/', publishedAt: '2024-03-04T10:00:00.000Z' });
  });

  it('reads trimmed pins, nulls and unknown fields', () => {
    const result = normalisePinboard(
      'pinboard/pin',
      { originPinner: null, images: { orig: null, '236x': { url: 'https://i.pinimg.com/236x/a.jpg' } }, extra: { a: 1 } },
      { url: 'https://pin.it/abc123' },
    );
    expect(result.items[0]).toMatchObject({
      nativeId: null,
      url: 'https://pin.it/abc123',
      author: NO_AUTHOR,
      thumbnailUrl: 'https://i.pinimg.com/236x/a.jpg',
    });
    expect(normalisePinboard('pinboard/pin', {}, {}).items).toHaveLength(1);
  });

  it('unwraps a pin nested under data', () => {
    const [item] = normalisePinboard('pinboard/pin', { data: pin }, {}).items;
    expect(item).toMatchObject({ title: 'Weeknight ramen', sourcePath: 'data' });
  });

  it('says so for data that is not an object', () => {
    expect(normalisePinboard('pinboard/pin', 'pin', {})).toEqual({
      items: [],
      transcripts: [],
      warnings: ['The response data is not an object, so no records could be read from it.'],
    });
  });
});

describe('a pin’s public number', () => {
  // The GraphQL id of pin 123456789012345678: base 64 of `Pin:123456789012345678`.
  const graphId = Buffer.from('Pin:123456789012345678').toString('base64');
  const asked = { url: 'https://www.pinterest.com/pin/123456789012345678/' };

  it('is the id and the public address, not the opaque GraphQL id, whether entityId is given or not', () => {
    for (const record of [
      { ...pin, id: graphId, entityId: '123456789012345678' },
      { ...pin, id: graphId },
      { ...pin, id: graphId, entityId: 'not-a-number' },
    ]) {
      const [item] = normalisePinboard('pinboard/pin', record, {}).items;
      expect(item, JSON.stringify(record)).toMatchObject({
        nativeId: '123456789012345678',
        url: 'https://www.pinterest.com/pin/123456789012345678/',
      });
    }
  });

  it('makes the same pin fetched two ways (by its link, by a short link answering with its GraphQL id) one id and one address', () => {
    const [byLink] = normalisePinboard('pinboard/pin', pin, asked).items;
    const [byShortLink] = normalisePinboard('pinboard/pin', { ...pin, id: graphId }, { url: 'https://pin.it/AbCdEf12' }).items;
    expect([byShortLink!.nativeId, byShortLink!.url]).toEqual([byLink!.nativeId, byLink!.url]);
  });

  it('keeps an opaque id that holds no number only when nothing else names the pin', () => {
    const opaque = Buffer.from('Board:42').toString('base64');
    expect(normalisePinboard('pinboard/pin', { ...pin, id: opaque }, asked).items[0]).toMatchObject({
      nativeId: '123456789012345678',
      url: 'https://www.pinterest.com/pin/123456789012345678/',
    });
    expect(normalisePinboard('pinboard/pin', { ...pin, id: opaque }, {}).items[0]).toMatchObject({ nativeId: opaque, url: null });
  });
});
