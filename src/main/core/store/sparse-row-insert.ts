import type { Statement } from 'better-sqlite3';
import type { ReadableDB, WritableDB } from './write-transaction';

/** Rows per multi-row INSERT: well under SQLite's limit of 32,766 bound values. */
export const ROWS_PER_INSERT = 200;
/** Statements kept prepared, by the columns written and the row count. */
const MAX_PREPARED = 32;

/**
 * Multi-row INSERTs, like multiRowInsert, that leave out the optional columns no row of the batch
 * has a value for: an item of a search answer fills about half of the item columns, and binding a
 * NULL for each of the rest, then storing it, was a tenth of the insert's time. `optional` names
 * the columns that may be left out; each must be nullable with no DEFAULT other than NULL, so that
 * leaving it out stores what binding NULL would.
 */
export function sparseRowInsert(
  db: ReadableDB,
  table: string,
  columns: readonly string[],
  optional: readonly string[],
): (tx: WritableDB, rows: readonly (readonly unknown[])[]) => void {
  if (columns.length > 31) throw new Error(`${table}: at most 31 columns`);
  const unknown = optional.filter((name) => !columns.includes(name));
  if (unknown.length > 0) throw new Error(`${table}: ${unknown.join(', ')} are not columns written`);
  let requiredMask = 0;
  columns.forEach((name, index) => {
    if (!optional.includes(name)) requiredMask |= 1 << index;
  });
  const statements = new Map<string, Statement<unknown[]>>();
  const statementFor = (mask: number, count: number): Statement<unknown[]> => {
    const key = `${mask}:${count}`;
    let statement = statements.get(key);
    if (!statement) {
      if (statements.size >= MAX_PREPARED) statements.clear();
      const names = columns.filter((_, index) => (mask & (1 << index)) !== 0);
      const row = `(${names.map(() => '?').join(', ')})`;
      statement = db.prepare<unknown[]>(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES ${Array.from({ length: count }, () => row).join(', ')}`,
      );
      statements.set(key, statement);
    }
    return statement;
  };
  return (_tx, rows) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const end = Math.min(start + ROWS_PER_INSERT, rows.length);
      let mask = requiredMask;
      for (let r = start; r < end; r += 1) {
        const one = rows[r]!;
        for (let c = 0; c < columns.length; c += 1) if (one[c] !== null) mask |= 1 << c;
      }
      const written: number[] = [];
      for (let c = 0; c < columns.length; c += 1) if ((mask & (1 << c)) !== 0) written.push(c);
      // A plain loop: Array.prototype.flat cost a third of a millisecond per 50-item answer.
      const values = new Array<unknown>((end - start) * written.length);
      let at = 0;
      for (let r = start; r < end; r += 1) {
        const one = rows[r]!;
        for (const c of written) values[at++] = one[c];
      }
      statementFor(mask, end - start).run(values);
    }
  };
}
