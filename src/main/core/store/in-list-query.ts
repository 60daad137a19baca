import type { Statement } from 'better-sqlite3';
import type { ReadableDB } from './write-transaction';

/** Values per statement: well under SQLite's limit of 32,766 bound values. */
const VALUES_PER_QUERY = 500;
/** List lengths whose statements are kept prepared (answers mostly have one page size). */
const MAX_PREPARED_SIZES = 16;

/**
 * A query of rows whose column is one of a list of values, `sql(list)` giving the statement for a
 * list of `?` placeholders after one leading scope parameter. Longer lists run in several
 * statements, whose rows are then put in `order` (the order each statement's ORDER BY gives).
 */
export function inListQuery<Row>(
  db: ReadableDB,
  sql: (list: string) => string,
  order?: (a: Row, b: Row) => number,
): (scope: string, values: readonly string[]) => Row[] {
  const statements = new Map<number, Statement<unknown[], Row>>();
  const statementFor = (count: number): Statement<unknown[], Row> => {
    let statement = statements.get(count);
    if (!statement) {
      if (statements.size >= MAX_PREPARED_SIZES) statements.clear();
      statement = db.prepare<unknown[], Row>(sql(Array.from({ length: count }, () => '?').join(', ')));
      statements.set(count, statement);
    }
    return statement;
  };
  return (scope, values) => {
    if (values.length === 0) return [];
    if (values.length <= VALUES_PER_QUERY) return statementFor(values.length).all(scope, ...values);
    const rows: Row[] = [];
    for (let start = 0; start < values.length; start += VALUES_PER_QUERY) {
      const part = values.slice(start, start + VALUES_PER_QUERY);
      for (const row of statementFor(part.length).all(scope, ...part)) rows.push(row);
    }
    return order ? rows.sort(order) : rows;
  };
}
