import { describe, expect, it } from 'vitest';
import { migration0025 } from '../../../../../src/main/core/store/migrations/0025-job-error-details';
import { databaseAtVersion } from './at-version';

describe('migration 0025-job-error-details', () => {
  it('reads the status, request id and service words of jobs that failed before it from their sentences', () => {
    const db = databaseAtVersion(24);
    const batch = db.prepare("INSERT INTO batches (kind, label, created_at) VALUES ('import', 'x', 't')").run().lastInsertRowid;
    const add = db.prepare(
      "INSERT INTO jobs (batch_id, operation, params, state, error_code, error_message, created_at, updated_at) VALUES (?, 'videosite/video', '{}', ?, ?, ?, 't', 't')",
    );
    const sentences: [state: string, code: string | null, message: string | null][] = [
      ['failed', 'UPSTREAM_ERROR', 'The service could not complete microblog/post: This content is private.. (request id req_9f2c)'],
      [
        'failed',
        'NOT_FOUND',
        'The service found nothing for videosite/video (410). The service said: Removed by its author. (request id req_77)',
      ],
      [
        'failed',
        'NOT_FOUND',
        'The service found nothing for videosite/video (404 at /api/v1/videosite/video). If the content should exist, the base URL may be wrong.',
      ],
      ['failed', 'UPSTREAM_ERROR', 'The service could not complete videosite/video: it gave no reason.'],
      [
        'failed',
        'NETWORK',
        'Could not reach the service (ECONNREFUSED). Check the base URL in Settings and your connection; nothing was stored.',
      ],
      ['done', null, null],
    ];
    for (const [state, code, message] of sentences) add.run(batch, state, code, message);
    migration0025.up(db);
    expect(
      db.prepare('SELECT error_status AS status, error_request_id AS requestId, error_words AS words FROM jobs ORDER BY id').all(),
    ).toEqual([
      { status: null, requestId: 'req_9f2c', words: 'This content is private.' },
      { status: 410, requestId: 'req_77', words: 'Removed by its author.' },
      { status: 404, requestId: null, words: null },
      { status: null, requestId: null, words: null },
      { status: null, requestId: null, words: null },
      { status: null, requestId: null, words: null },
    ]);
  });
});
