import type { Migration } from './types';

/**
 * What a failed job's error said, kept as facts beside its sentence: the HTTP status, the request id
 * the service's error answer carried and the service's own words. A watch reads them to decide
 * whether an item is gone and which answer said so; until now it read them back out of the
 * sentence. Jobs that failed before this version get them from their sentences here, read with
 * the wording the client used up to this version (frozen: later wording changes do not apply).
 */
const REQUEST_ID_NOTE = / \(request id (req_[\w-]+)\)$/;
const STATUS = /\((\d{3})(?:\)| at )/;
const SERVICE_SAID = /The service said: (.+)$/s;
const REFUSAL = /^The service could not complete [^:]+: (.+?)\.?$/s;

function factsOf(message: string): { status: number | null; requestId: string | null; words: string | null } {
  const requestId = message.match(REQUEST_ID_NOTE)?.[1] ?? null;
  const sentence = message.replace(REQUEST_ID_NOTE, '');
  const status = sentence.match(STATUS);
  const said = sentence.match(SERVICE_SAID)?.[1] ?? sentence.match(REFUSAL)?.[1] ?? null;
  return {
    status: status ? Number(status[1]) : null,
    requestId,
    words: said === null || said === 'it gave no reason' ? null : said.trim(),
  };
}

export const migration0025: Migration = {
  version: 25,
  name: 'job-error-details',
  up(db) {
    db.exec(`
      ALTER TABLE jobs ADD COLUMN error_status INTEGER;
      ALTER TABLE jobs ADD COLUMN error_request_id TEXT;
      ALTER TABLE jobs ADD COLUMN error_words TEXT;
    `);
    const failed = db
      .prepare<[], { id: number; error_message: string }>(
        "SELECT id, error_message FROM jobs WHERE state = 'failed' AND error_message IS NOT NULL",
      )
      .all();
    const fill = db.prepare('UPDATE jobs SET error_status = ?, error_request_id = ?, error_words = ? WHERE id = ?');
    for (const job of failed) {
      const facts = factsOf(job.error_message);
      fill.run(facts.status, facts.requestId, facts.words, job.id);
    }
  },
};
