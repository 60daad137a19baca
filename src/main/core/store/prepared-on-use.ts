/**
 * A statement prepared the first time it is used, then kept for the connection's life. The
 * repositories hold some hundred statements and a command runs a handful: preparing them all when
 * a library opened was a tenth of `gleaner search`'s time (issue 28.19). A statement SQLite
 * refuses is not kept, so each use throws SQLite's own error again, as preparing it did before.
 * Unlike `statement()` (queue/statements.ts), which shares one statement per SQL text on a
 * connection, each getter owns its statement, so one set to `.pluck()` or `.raw()` stays so.
 */
export function preparedOnUse<S>(prepare: () => S): () => S {
  let statement: S | undefined;
  return () => (statement ??= prepare());
}
