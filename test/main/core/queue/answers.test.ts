import { describe, expect, it } from 'vitest';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { storeAnswerIn } from '../../../../src/main/core/queue/answers';
import { jobRepository as jobs, type JobRow } from '../../../../src/main/core/store/queue/jobs';
import { sendLogRepository as sendLog } from '../../../../src/main/core/store/queue/send-log';
import { NOW, addBatch, openLibrary, videoAnswer } from '../store/queue/fixture';

function setup(job: Parameters<typeof addBatch>[1][number] = {}, collection?: string) {
  const library = openLibrary();
  const { db, write } = library;
  const added: { collection: string; ids: number[] }[] = [];
  const deps = {
    ingest: createIngester(db, normaliseResponse),
    collections: {
      ensure: () => 1,
      add: (name: string, ids: readonly number[]) => ({ added: added.push({ collection: name, ids: [...ids] }) }),
    },
  };
  const id = addBatch(write, [job], collection ? { collection } : {}).jobIds[0]!;
  const dispatched = jobs.byId(db, id) as JobRow;
  write((tx) => jobs.markRunning(tx, id, NOW));
  const sendId = write((tx) => sendLog.add(tx, 1_000, id));
  return { ...library, deps, id, dispatched, sendId, added };
}

describe('storeAnswerIn', () => {
  it('stores the answer, puts its items in the job’s collections, and marks the job done', () => {
    const { db, write, deps, id, dispatched, sendId, added } = setup({}, 'Harbour');
    const result = write((tx) => storeAnswerIn(tx, deps, { job: dispatched, response: videoAnswer('ddddddddddd'), sendId }, NOW));
    expect(result.itemIds).toHaveLength(1);
    expect(added).toEqual([{ collection: 'Harbour', ids: result.itemIds }]);
    expect(jobs.byId(db, id)).toMatchObject({ state: 'done' });
    expect(db.prepare('SELECT outcome FROM send_log WHERE id = ?').pluck().get(sendId)).toBe('ok');
  });

  it('queues the next page while pages are left, with the page’s parameters', () => {
    const { db, write, deps, id, dispatched, sendId } = setup({ pagesLeft: 2 });
    write((tx) =>
      storeAnswerIn(tx, deps, { job: dispatched, response: videoAnswer('eeeeeeeeeee', { continuationToken: 'p2' }), sendId }, NOW),
    );
    const next = jobs.list(db, { state: 'queued' });
    expect(next).toHaveLength(1);
    expect(JSON.parse(next[0]!.params)).toMatchObject({ continuationToken: 'p2' });
    expect(next[0]).toMatchObject({ pages_left: 1, items_so_far: 1 });
    expect(jobs.withLaterPages(db, [id])).toEqual([id, next[0]!.id]);
  });

  it('keeps the answer of a job cancelled meanwhile as evidence, without ending it as done or following its pages', () => {
    const { db, write, deps, id, dispatched, sendId } = setup({ pagesLeft: 2 });
    write((tx) => jobs.cancelWaiting(tx, { jobId: id }, NOW));
    write((tx) =>
      storeAnswerIn(tx, deps, { job: dispatched, response: videoAnswer('fffffffffff', { continuationToken: 'p2' }), sendId }, NOW),
    );
    expect(jobs.byId(db, id)).toMatchObject({ state: 'cancelled' });
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(1);
    expect(jobs.list(db, { state: 'queued' })).toEqual([]);
  });
});
