/**
 * The media addresses of a bundle's items: the thumbnail, and the media file and download the
 * service named (extras `mediaUrl`, `downloadUrl`), read a page at a time from the scope's
 * temporary table (export-scope), in the scope's order.
 */
import type { Database } from 'better-sqlite3';

export interface BundleMediaRow {
  id: number;
  thumbnailUrl: string | null;
  mediaUrl: string | null;
  downloadUrl: string | null;
}

const PAGE = 500;

export function* bundleMediaAddresses(db: Database, scopeTable: string): Iterable<BundleMediaRow> {
  // json_extract of a non-text value (a number someone stored) would not be an address: kept only when text.
  const page = db.prepare<[number, number], BundleMediaRow & { ord: number }>(
    `SELECT sc.ord, i.id, i.thumbnail_url AS thumbnailUrl,
            CASE json_type(i.extras, '$.mediaUrl') WHEN 'text' THEN json_extract(i.extras, '$.mediaUrl') END AS mediaUrl,
            CASE json_type(i.extras, '$.downloadUrl') WHEN 'text' THEN json_extract(i.extras, '$.downloadUrl') END AS downloadUrl
       FROM ${scopeTable} sc JOIN items i ON i.id = sc.item_id
      WHERE sc.ord > ? ORDER BY sc.ord LIMIT ?`,
  );
  let after = -1;
  for (;;) {
    const rows = page.all(after, PAGE);
    for (const { ord, ...row } of rows) {
      after = ord;
      yield row;
    }
    if (rows.length < PAGE) return;
  }
}
