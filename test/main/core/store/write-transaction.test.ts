import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

const insert = (key: string) =>
  db.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, '1', '2026-01-01T00:00:00.000Z')").run(key);
const keys = () => db.prepare('SELECT key FROM settings ORDER BY key').pluck().all();

describe('writeTransaction', () => {
  it('returns what its function returns and commits', () => {
    expect(writeTransaction(db, () => (insert('a'), 42))).toBe(42);
    expect(db.inTransaction).toBe(false);
    expect(keys()).toEqual(['a']);
  });

  it('nests as a savepoint: an inner failure undoes the inner writes only', () => {
    writeTransaction(db, () => {
      insert('outer');
      expect(() =>
        writeTransaction(db, () => {
          insert('inner');
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
      expect(db.inTransaction).toBe(true);
    });
    expect(keys()).toEqual(['outer']);
  });

  it('undoes everything when the outer function fails, and works again afterwards', () => {
    expect(() =>
      writeTransaction(db, () => {
        writeTransaction(db, () => insert('inner'));
        throw new Error('outer fails');
      }),
    ).toThrow('outer fails');
    expect(keys()).toEqual([]);
    writeTransaction(db, () => insert('later'));
    expect(keys()).toEqual(['later']);
  });
});
