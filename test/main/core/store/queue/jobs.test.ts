import { describe, expect, it } from 'vitest';
import { jobRepository as jobs } from '../../../../../src/main/core/store/queue/jobs';
import { NOW, addBatch, openLibrary, storeVideoAnswer } from './fixture';

const LATER = '2026-03-02T11:00:00.000Z';

describe('job repository', () => {
  it('takes calls before imports, each in the order queued, and only jobs already due', () => {
    const { db, write } = openLibrary();
    const imports = addBatch(write, [{}, {}]);
    const call = addBatch(write, [{ priority: 1 }], { kind: 'call' });
    expect(jobs.nextDue(db, 0)?.id).toBe(call.jobIds[0]);
    write((tx) => jobs.markRunning(tx, call.jobIds[0]!, NOW));
    expect(jobs.nextDue(db, 0)?.id).toBe(imports.jobIds[0]);
    write((tx) => jobs.markRunning(tx, imports.jobIds[0]!, NOW));
    write((tx) => jobs.requeue(tx, imports.jobIds[0]!, 0, 5_000, NOW));
    expect(jobs.nextDue(db, 0)?.id).toBe(imports.jobIds[1]);
    write((tx) => jobs.markRunning(tx, imports.jobIds[1]!, NOW));
    expect(jobs.nextDue(db, 4_999)).toBeUndefined();
    expect(jobs.earliestDue(db)).toBe(5_000);
    expect(jobs.nextDue(db, 5_000)?.id).toBe(imports.jobIds[0]);
  });

  it('claims a queued job once, counting the attempt; requeue gives attempts back, never below zero', () => {
    const { db, write } = openLibrary();
    const id = addBatch(write, [{}]).jobIds[0]!;
    expect(write((tx) => jobs.markRunning(tx, id, NOW))).toBe(true);
    expect(write((tx) => jobs.markRunning(tx, id, NOW))).toBe(false);
    expect(jobs.byId(db, id)).toMatchObject({ state: 'running', attempts: 1 });
    write((tx) => jobs.requeue(tx, id, 2, 0, LATER));
    expect(jobs.byId(db, id)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('marks done only the attempt that is still running, and fails only a running job', () => {
    const { db, write } = openLibrary();
    const [a, b] = addBatch(write, [{}, {}]).jobIds as [number, number];
    write((tx) => jobs.markRunning(tx, a, NOW));
    const response = storeVideoAnswer(db, 'aaaaaaaaaaa');
    // An answer to an earlier attempt (another runner sent it again since) does not end the job.
    expect(write((tx) => jobs.markDone(tx, { id: a, attempts: 2, responseId: response, itemCount: 1, now: LATER }))).toBe(false);
    expect(write((tx) => jobs.markDone(tx, { id: a, attempts: 1, responseId: response, itemCount: 1, now: LATER }))).toBe(true);
    expect(jobs.byId(db, a)).toMatchObject({ state: 'done' });
    const failure = { code: 'NOT_FOUND', message: 'No such video.', status: 404, requestId: 'req_1', serviceWords: 'Removed.' };
    write((tx) => jobs.markFailed(tx, b, failure, LATER));
    expect(jobs.byId(db, b)).toMatchObject({ state: 'queued' });
    write((tx) => jobs.markRunning(tx, b, NOW));
    write((tx) => jobs.markFailed(tx, b, failure, LATER));
    expect(jobs.list(db, { state: 'failed' })).toMatchObject([{ id: b, error_code: 'NOT_FOUND', error_message: 'No such video.' }]);
    expect(db.prepare('SELECT error_status, error_request_id, error_words FROM jobs WHERE id = ?').get(b)).toEqual({
      error_status: 404,
      error_request_id: 'req_1',
      error_words: 'Removed.',
    });
    // Sent again, the job forgets the old failure's facts with its sentence.
    write((tx) => jobs.retry(tx, { jobId: b }, false, LATER));
    expect(db.prepare('SELECT error_code, error_status, error_request_id, error_words FROM jobs WHERE id = ?').get(b)).toEqual({
      error_code: null,
      error_status: null,
      error_request_id: null,
      error_words: null,
    });
  });

  it('puts jobs left running back in line, and paused ones when the pause lifts', () => {
    const { db, write } = openLibrary();
    const [a, b] = addBatch(write, [{}, {}]).jobIds as [number, number];
    write((tx) => jobs.markRunning(tx, a, NOW));
    db.prepare("UPDATE jobs SET state = 'paused' WHERE id = ?").run(b);
    expect(write((tx) => jobs.requeueRunning(tx, LATER))).toBe(1);
    write((tx) => jobs.requeuePaused(tx, LATER));
    expect(jobs.countsByState(db)).toEqual([{ state: 'queued', n: 2 }]);
  });

  it('leaves running the jobs whose answers wait on disk to be stored, when it puts the others back in line', () => {
    const { db, write } = openLibrary();
    const [answered, interrupted] = addBatch(write, [{}, {}]).jobIds as [number, number];
    write((tx) => jobs.markRunning(tx, answered, NOW));
    write((tx) => jobs.markRunning(tx, interrupted, NOW));
    expect(write((tx) => jobs.requeueRunning(tx, LATER, [answered]))).toBe(1);
    expect(jobs.byId(db, answered)).toMatchObject({ state: 'running', attempts: 1 });
    expect(jobs.byId(db, interrupted)).toMatchObject({ state: 'queued' });
  });

  it('cancels the waiting jobs of a target, and retries failed ones (cancelled ones only when named)', () => {
    const { db, write } = openLibrary();
    const first = addBatch(write, [{}, {}]);
    const second = addBatch(write, [{}]);
    expect(jobs.waitingOf(db, { batchId: first.batchId }).map((r) => r.id)).toEqual(first.jobIds);
    write((tx) => jobs.cancelWaiting(tx, { batchId: first.batchId }, LATER));
    expect(jobs.countsByState(db, first.batchId)).toEqual([{ state: 'cancelled', n: 2 }]);
    expect(jobs.isWaiting(db, second.jobIds[0]!)).toBe(true);
    expect(write((tx) => jobs.retry(tx, { batchId: first.batchId }, false, LATER))).toBe(0);
    expect(write((tx) => jobs.retry(tx, { jobId: first.jobIds[0]! }, true, LATER))).toBe(1);
    write((tx) => jobs.cancelWaiting(tx, 'all', LATER));
    expect(jobs.waiting(db)).toEqual([]);
  });

  it('finds twins: waiting jobs, and jobs done since a time', () => {
    const { db, write } = openLibrary();
    const [a, b] = addBatch(write, [{}, {}]).jobIds as [number, number];
    write((tx) => jobs.markRunning(tx, a, NOW));
    write((tx) => jobs.markDone(tx, { id: a, attempts: 1, responseId: storeVideoAnswer(db, 'aaaaaaaaaaa'), itemCount: 1, now: LATER }));
    expect(jobs.waiting(db).map((row) => row.id)).toEqual([b]);
    expect(jobs.doneSince(db, LATER).map((row) => row.id)).toEqual([a]);
    expect(jobs.doneSince(db, '2026-03-02T12:00:00.000Z')).toEqual([]);
  });

  it('keeps a job’s further collections, never its own twice, and follows later pages', () => {
    const { db, write } = openLibrary();
    const first = addBatch(write, [{}], { collection: 'Harbour' }).jobIds[0]!;
    write((tx) => jobs.addCollection(tx, first, 'harbour'));
    write((tx) => jobs.addCollection(tx, first, 'Docks'));
    expect(jobs.collectionsOf(db, first).sort()).toEqual(['Docks', 'Harbour']);
    expect(jobs.ownCollection(db, first)).toBe('Harbour');
    const page = addBatch(write, [{ previousJobId: first }]).jobIds[0]!;
    write((tx) => jobs.copyCollections(tx, page, first));
    expect(jobs.list(db, { oldestFirst: true }).map((row) => JSON.parse(row.also_into))).toEqual([['Docks'], ['Docks']]);
    expect(jobs.withLaterPages(db, [first])).toEqual([first, page]);
  });

  it('lists jobs by state and batch, changed last first or in queue order, up to a limit', () => {
    const { db, write } = openLibrary();
    const one = addBatch(write, [{}, {}]);
    addBatch(write, [{ priority: 1 }], { kind: 'call' });
    write((tx) => jobs.markRunning(tx, one.jobIds[0]!, LATER));
    expect(jobs.list(db, {}).map((row) => row.id)[0]).toBe(one.jobIds[0]);
    expect(jobs.list(db, { oldestFirst: true }).map((row) => row.id)).toEqual([3, ...one.jobIds]);
    expect(jobs.list(db, { batchId: one.batchId, state: 'queued' }).map((row) => row.id)).toEqual([one.jobIds[1]]);
    expect(jobs.list(db, { limit: 1 })).toHaveLength(1);
  });
});
