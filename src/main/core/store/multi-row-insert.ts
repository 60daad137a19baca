import type { Statement } from 'better-sqlite3';
import type { ReadableDB, WritableDB } from './write-transaction';

/** Rows per multi-row INSERT: well under SQLite's limit of 32,766 bound values. */
const ROWS_PER_INSERT = 200;
/** Row counts whose INSERT statements are kept prepared. */
const MAX_PREPARED_SIZES = 16;

/**
 * Inserts rows through multi-row INSERT statements, prepared once per row count (responses mostly
 * have one page size). FTS5 flushes its pending index data whenever a statement that may need
 * rolling back starts, so one statement for many rows keeps a response's rows in one index segment.
 */
export function multiRowInsert(
  db: ReadableDB,
  table: string,
  columns: string,
  columnCount: number,
): (tx: WritableDB, rows: readonly (readonly unknown[])[]) => void {
  const statements = new Map<number, Statement<unknown[]>>();
  const row = `(${Array.from({ length: columnCount }, () => '?').join(', ')})`;
  const statementFor = (count: number): Statement<unknown[]> => {
    let statement = statements.get(count);
    if (!statement) {
      if (statements.size >= MAX_PREPARED_SIZES) statements.clear();
      statement = db.prepare<unknown[]>(`INSERT INTO ${table} (${columns}) VALUES ${Array.from({ length: count }, () => row).join(', ')}`);
      statements.set(count, statement);
    }
    return statement;
  };
  return (_tx, rows) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const end = Math.min(start + ROWS_PER_INSERT, rows.length);
      // A plain loop: Array.prototype.flat cost a third of a millisecond per 50-item answer.
      const values = new Array<unknown>((end - start) * columnCount);
      let at = 0;
      for (let r = start; r < end; r += 1) {
        const one = rows[r]!;
        for (let c = 0; c < columnCount; c += 1) values[at++] = one[c];
      }
      statementFor(end - start).run(values);
    }
  };
}
