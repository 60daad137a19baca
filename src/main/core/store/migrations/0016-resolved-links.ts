import { isOperationId } from '../../../../shared/catalogue';
import { askedItemLink } from '../../platforms/read/asked-link';
import type { Migration } from './types';

interface AnsweredLink {
  responseId: number;
  operation: string;
  params: string;
  itemId: number;
}

/**
 * A share or short link (vm.tiktok.com/…, pin.it/…) names no item, so once fetched it was known
 * only through the finished job that asked exactly it: a link fetched with its transcript, or
 * typed in another spelling, showed as "to fetch" again and was paid for again. Each link a
 * single-item request asked for now names the item its answer held (ingest keeps this up to
 * date); the answers stored before are read here, the latest answer winning as it would have.
 */
export const migration0016: Migration = {
  version: 16,
  name: 'resolved-links',
  up(db) {
    db.exec(`
      CREATE TABLE resolved_links (
        platform TEXT NOT NULL,
        link TEXT NOT NULL,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        response_id INTEGER NOT NULL REFERENCES responses (id),
        PRIMARY KEY (platform, link)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX resolved_links_item ON resolved_links (item_id);
    `);
    const answered = db
      .prepare<[], AnsweredLink>(
        `SELECT r.id AS responseId, r.operation, r.params, s.item_id AS itemId
           FROM responses r JOIN item_sources s ON s.response_id = r.id
          WHERE json_extract(r.params, '$.url') IS NOT NULL
            AND s.position = (SELECT min(position) FROM item_sources WHERE response_id = r.id)
          ORDER BY r.fetched_at, r.id`,
      )
      .all();
    const remember = db.prepare<[string, string, number, number]>(
      `INSERT INTO resolved_links (platform, link, item_id, response_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (platform, link) DO UPDATE SET item_id = excluded.item_id, response_id = excluded.response_id`,
    );
    for (const row of answered) {
      if (!isOperationId(row.operation)) continue;
      let params: unknown;
      try {
        params = JSON.parse(row.params);
      } catch {
        continue;
      }
      if (typeof params !== 'object' || params === null) continue;
      const asked = askedItemLink(row.operation, params as Record<string, string>);
      if (asked) remember.run(asked.platform, asked.link, row.itemId, row.responseId);
    }
  },
};
