/**
 * SQL pieces of the team watch log shared by migration 24 (its triggers and first seed) and by a
 * desk moving to another hub, which logs again every watch and change it holds for the new hub.
 * Migration 24 runs these as they stand: a change here must still fit the schema of version 24.
 */
import { itemKeyOf } from './outbox-sql';

/** A watch as colleagues' desks read it: its item named by platform and id, never by a local id. */
export const WATCH_ENTRY = `json_object('gid', global_id, 'removed', 0, 'label', label, 'targetKind', target_kind,
  'item', json(${itemKeyOf('item_id')}), 'targetOperation', target_operation, 'targetParams', json(target_params),
  'operation', operation, 'params', json(params), 'pages', pages, 'interval', interval, 'paused', paused,
  'createdAt', created_at, 'nextDueAt', next_due_at, 'member', member)`;

/** A change a run noticed, as colleagues' desks read it (`row` is 'new.' in a trigger, '' over the table). */
export const changeEntry = (
  row: string,
) => `json_object('kind', 'change', 'watch', (SELECT global_id FROM watches WHERE id = ${row}watch_id),
  'item', json(${itemKeyOf(`${row}item_id`)}), 'change', ${row}change, 'field', ${row}field, 'before', ${row}before,
  'after', ${row}after, 'requestId', ${row}request_id, 'sha256', ${row}sha256, 'at', ${row}at, 'words', ${row}words)`;

/** Every watch this library holds, then every change noticed (its own runs' and colleagues'), as log entries. */
export const SEED_WATCH_LOG = `
      INSERT INTO team_watch_log (entry) SELECT ${WATCH_ENTRY} FROM watches ORDER BY id;
      INSERT INTO team_watch_log (entry) SELECT ${changeEntry('')} FROM watch_changes ORDER BY id;
`;
