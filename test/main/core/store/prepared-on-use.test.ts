import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { preparedOnUse } from '../../../../src/main/core/store/prepared-on-use';
import { repositoriesOf } from '../../../../src/main/core/store/repositories';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import type { ReadableDB } from '../../../../src/main/core/store/write-transaction';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

describe('preparedOnUse', () => {
  it('prepares the statement on its first use only, then hands out the same one', () => {
    const prepare = vi.spyOn(db, 'prepare');
    const lastId = preparedOnUse(() => db.prepare<[], number | null>('SELECT max(id) FROM items').pluck());
    expect(prepare).not.toHaveBeenCalled();
    const first = lastId();
    expect(first.get()).toBeNull();
    expect(lastId()).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('throws SQLite’s error at each use of a statement it refuses, not when the statement is declared', () => {
    const broken = preparedOnUse(() => db.prepare('SELECT title FROM no_such_table'));
    expect(() => broken()).toThrow(/no such table: no_such_table/);
    expect(() => broken()).toThrow(/no such table: no_such_table/);
  });
});

describe('opening the repositories', () => {
  it('prepares no statement until one is used (a command runs a handful of them)', () => {
    const prepare = vi.spyOn(db, 'prepare');
    const { items, collections } = repositoriesOf(db);
    const settings = createSettingsRepository(db, () => new Date(0));
    expect(prepare).not.toHaveBeenCalled();
    expect(items.lastId()).toBe(0);
    expect(collections.list()).toEqual([]);
    expect(settings.get('nothing')).toBeUndefined();
    expect(items.lastId()).toBe(0);
    expect(prepare).toHaveBeenCalledTimes(3);
  });
});
