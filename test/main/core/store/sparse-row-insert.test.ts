import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { sparseRowInsert } from '../../../../src/main/core/store/sparse-row-insert';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT, c INTEGER NOT NULL DEFAULT 7) STRICT');
});
afterEach(() => db.close());

const rows = () => db.prepare('SELECT id, a, b, c FROM t ORDER BY id').all();

describe('sparse multi-row insert', () => {
  it('stores what binding every column would, leaving out only optional columns no row fills', () => {
    const insert = sparseRowInsert(db, 't', ['id', 'a', 'b', 'c'], ['a', 'b']);
    writeTransaction(db, (tx) => {
      insert(tx, [
        [1, null, null, 1],
        [2, null, null, 2],
      ]);
      // One row's value keeps the column for the whole batch; the others store NULL in it.
      insert(tx, [
        [3, null, 'x', 3],
        [4, 'y', null, 4],
      ]);
    });
    expect(rows()).toEqual([
      { id: 1, a: null, b: null, c: 1 },
      { id: 2, a: null, b: null, c: 2 },
      { id: 3, a: null, b: 'x', c: 3 },
      { id: 4, a: 'y', b: null, c: 4 },
    ]);
  });

  it('always writes a required column, so a NULL in it meets the constraint rather than its default', () => {
    const insert = sparseRowInsert(db, 't', ['id', 'a', 'b', 'c'], ['a', 'b']);
    expect(() => writeTransaction(db, (tx) => insert(tx, [[1, null, null, null]]))).toThrow(/NOT NULL/);
    expect(rows()).toEqual([]);
  });

  it('writes batches longer than one statement takes', () => {
    const insert = sparseRowInsert(db, 't', ['id', 'a', 'b', 'c'], ['a', 'b']);
    const many = Array.from({ length: 450 }, (_, i) => [i + 1, i === 300 ? 'late' : null, null, i]);
    writeTransaction(db, (tx) => insert(tx, many));
    expect(db.prepare('SELECT count(*) AS n, count(a) AS withA FROM t').get()).toEqual({ n: 450, withA: 1 });
  });

  it('refuses an optional column that is not written, rather than silently writing it', () => {
    expect(() => sparseRowInsert(db, 't', ['id', 'a'], ['b'])).toThrow(/not columns written/);
  });
});
