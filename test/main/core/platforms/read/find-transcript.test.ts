import { describe, it, expect } from 'vitest';
import { findAtPlaces, findTranscriptKey } from '../../../../../src/main/core/platforms/read/find-transcript';

describe('finding a transcript in an unknown layout', () => {
  it('takes the first place that exists, even when null', () => {
    expect(findAtPlaces({ a: { t: null }, t: 'x' }, [['a', 't'], ['t']])).toEqual({ value: null, path: 'a.t' });
    expect(findAtPlaces({ t: 'x' }, [['a', 't'], ['t']])).toEqual({ value: 'x', path: 't' });
    expect(findAtPlaces({}, [['t']])).toBeNull();
  });

  it('searches keys named like a transcript, breadth first', () => {
    expect(findTranscriptKey({ media: [{ info: { captions: 'x' } }], other: { deep: { deeper: { transcript: 'y' } } } })).toEqual({
      value: 'x',
      path: 'media[0].info.captions',
    });
    expect(findTranscriptKey({ a: 1 })).toBeNull();
  });
});
