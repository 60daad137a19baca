import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

describe('settings repository', () => {
  it('stores each value as JSON, replaces it, lists a prefix and deletes', () => {
    const settings = createSettingsRepository(db, () => new Date('2026-01-01T00:00:00Z'));
    settings.set('limits.per-minute', 30);
    settings.set('limits.per-minute', 20);
    settings.set('param.videosite.search.query', 'q');
    settings.set('paramXvideosite', true);
    expect(settings.get('limits.per-minute')).toBe(20);
    expect(settings.get('missing')).toBeUndefined();
    expect(settings.entries('param.')).toEqual([['param.videosite.search.query', 'q']]);
    expect(settings.delete('limits.per-minute')).toBe(true);
    expect(settings.delete('limits.per-minute')).toBe(false);
  });

  it('writes inside a caller’s transaction, and rolls back with it', () => {
    const settings = createSettingsRepository(db, () => new Date('2026-01-01T00:00:00Z'));
    expect(() =>
      writeTransaction(db, () => {
        settings.set('plan', 'pro');
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(settings.get('plan')).toBeUndefined();
  });
});
