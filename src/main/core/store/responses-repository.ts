/** The responses table: every successful answer exactly as received, the library's provenance. */
import type { ReadableDB, WritableDB } from './write-transaction';
import { preparedOnUse } from './prepared-on-use';

/** A response as ingest writes it; JSON columns already serialised. */
export interface NewResponseRow {
  operation: string;
  paramsJson: string;
  requestUrl: string;
  requestId: string;
  status: number;
  fetchedAt: string;
  durationMs: number;
  sha256: string;
  body: string;
  nextPageJson: string | null;
  itemCount: number;
  warningsJson: string;
  /** Invented by Gleaner's demo service, not taken from any platform (see ResponseToStore.demo). */
  demo: boolean;
}

/** A stored response's facts as they leave the library (a case bundle, a push to the hub); JSON columns serialised. */
export interface StoredResponseFacts {
  id: number;
  operation: string;
  params: string;
  requestUrl: string;
  requestId: string;
  status: number;
  fetchedAt: string;
  durationMs: number | null;
  nextPage: string | null;
  /** 1 when the answer is demo data (invented by Gleaner's demo service), else 0. */
  demo: number;
}

/** A stored body as the "raw JSON" panel and citations show it. */
export interface RawResponseRow {
  requestId: string;
  operation: string;
  fetchedAt: string;
  sha256: string;
  body: string;
}

/**
 * What the rest of the core asks of stored responses. `Tx` is the write handle: a second store (a
 * team hub on another database) implements the same interface over its own transaction type.
 */
export interface ResponsesRepository<Tx = WritableDB> {
  /** The id of the response with this request id and body, if it was stored before. */
  idOf(requestId: string, sha256: string): number | undefined;
  /** When the first response under this request id was fetched (a different body reusing the id). */
  firstFetchedAtOf(requestId: string): string | undefined;
  /** The items a response brought, in the order it listed them. */
  itemIdsOf(responseId: number): number[];
  raw(responseId: number): RawResponseRow | undefined;
  insert(tx: Tx, row: NewResponseRow): number;
  setItemCount(tx: Tx, responseId: number, itemCount: number): void;
}

export function createResponsesRepository(db: ReadableDB): ResponsesRepository {
  const byRequestAndBody = preparedOnUse(() =>
    db.prepare<[string, string], number>('SELECT id FROM responses WHERE request_id = ? AND body_sha256 = ?').pluck(),
  );
  const firstWithRequestId = preparedOnUse(() =>
    db.prepare<[string], string>('SELECT fetched_at FROM responses WHERE request_id = ? ORDER BY id LIMIT 1').pluck(),
  );
  const itemsOf = preparedOnUse(() =>
    db.prepare<[number], number>('SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)').pluck(),
  );
  const rawOf = preparedOnUse(() =>
    db.prepare<[number], RawResponseRow>(
      'SELECT request_id AS requestId, operation, fetched_at AS fetchedAt, body_sha256 AS sha256, body FROM responses WHERE id = ?',
    ),
  );
  const insert = preparedOnUse(() =>
    db.prepare<unknown[]>(
      `INSERT INTO responses (operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page,
       item_count, parse_warnings, demo)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  );
  const setItemCount = preparedOnUse(() => db.prepare<[number, number]>('UPDATE responses SET item_count = ? WHERE id = ?'));
  return {
    idOf: (requestId, sha256) => byRequestAndBody().get(requestId, sha256),
    firstFetchedAtOf: (requestId) => firstWithRequestId().get(requestId),
    itemIdsOf: (responseId) => itemsOf().all(responseId),
    raw: (responseId) => rawOf().get(responseId),
    insert: (_tx, row) =>
      Number(
        insert().run(
          row.operation,
          row.paramsJson,
          row.requestUrl,
          row.requestId,
          row.status,
          row.fetchedAt,
          row.durationMs,
          row.sha256,
          row.body,
          row.nextPageJson,
          row.itemCount,
          row.warningsJson,
          row.demo ? 1 : 0,
        ).lastInsertRowid,
      ),
    setItemCount: (_tx, responseId, itemCount) => void setItemCount().run(itemCount, responseId),
  };
}
