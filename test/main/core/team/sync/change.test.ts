import { describe, expect, it } from 'vitest';
import { parseChange } from '../../../../../src/main/core/team/sync/change';

describe('a pulled change', () => {
  const videoA = { platform: 'videosite', nativeId: 'a', url: null };
  it('is read when it keeps the rules this desk’s own input keeps, and refused otherwise', () => {
    const collection = (name: string) => ({ entity: 'collection', op: 'create', key: { gid: 'g' }, payload: { name } });
    expect(parseChange(collection('Harbour'))).not.toBeNull();
    expect(parseChange(collection('Line\nbreak'))).toBeNull();
    expect(parseChange(collection('  padded  '))).toBeNull();
    expect(parseChange({ entity: 'collection', op: 'create', key: { gid: 'g' }, payload: {} })).toBeNull();
    expect(parseChange({ entity: 'tag', op: 'add', key: { gid: '', item: videoA, tag: 'ok' }, payload: {} })).not.toBeNull();
    expect(parseChange({ entity: 'tag', op: 'add', key: { gid: '', item: videoA, tag: 'bad\u0007' }, payload: {} })).toBeNull();
    expect(parseChange({ entity: 'watch', op: 'add', key: {}, payload: {} })).toBeNull();
  });
});
