/**
 * Held answers: a backlog of answers the library could not take at once is stored a batch per
 * write transaction, each job marked done in the same one. An exception part-way through a
 * batch (what a crash amounts to for the database) leaves none of that batch stored.
 */
import { describe, expect, it } from 'vitest';
import { createIngester, type ResponseToStore } from '../../../../src/main/core/library/ingest';
import { createLogger } from '../../../../src/main/core/log';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { createHeldAnswers, isStillOurs } from '../../../../src/main/core/queue/held-answers';
import { jobRepository as jobs, type JobRow } from '../../../../src/main/core/store/queue/jobs';
import { sendLogRepository as sendLog } from '../../../../src/main/core/store/queue/send-log';
import { NOW, addBatch, openLibrary, videoAnswer } from '../store/queue/fixture';

const count = (db: ReturnType<typeof openLibrary>['db'], sql: string) => db.prepare(sql).pluck().get();

function setup(answers: number, options: { batchSize?: number; failOnIngest?: number } = {}) {
  const library = openLibrary();
  const { db, write } = library;
  const realIngest = createIngester(db, normaliseResponse);
  let ingests = 0;
  let failOn = options.failOnIngest;
  const stored: number[] = [];
  const announced: number[] = [];
  const held = createHeldAnswers({
    db,
    ingest: (response: ResponseToStore) => {
      ingests += 1;
      if (ingests === failOn) throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      return realIngest(response);
    },
    collections: { ensure: () => 1, add: () => ({ added: 0 }) },
    log: createLogger(() => undefined),
    nowIso: () => NOW,
    onStored: (job) => stored.push(job.id),
    announce: (batchId) => announced.push(batchId),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  const { jobIds } = addBatch(
    write,
    Array.from({ length: answers }, () => ({})),
  );
  for (const [i, id] of jobIds.entries()) {
    const dispatched = jobs.byId(db, id) as JobRow;
    write((tx) => jobs.markRunning(tx, id, NOW));
    const sendId = write((tx) => sendLog.add(tx, 1_000 + i, id));
    held.hold({ job: dispatched, response: videoAnswer(`held${String(i).padStart(7, '0')}`), sendId });
  }
  return { ...library, held, jobIds, stored, announced, stopFailing: () => (failOn = undefined) };
}

describe('isStillOurs', () => {
  const dispatched = { attempts: 1 } as JobRow;
  it('stores an answer for its own running attempt, or for a job cancelled meanwhile, nothing else', () => {
    expect(isStillOurs(dispatched, { state: 'running', attempts: 2 })).toBe(true);
    expect(isStillOurs(dispatched, { state: 'cancelled', attempts: 2 })).toBe(true);
    expect(isStillOurs(dispatched, { state: 'running', attempts: 3 })).toBe(false);
    expect(isStillOurs(dispatched, { state: 'done', attempts: 2 })).toBe(false);
    expect(isStillOurs(dispatched, undefined)).toBe(false);
  });
});

describe('held answers', () => {
  it('stores a backlog in one transaction, every job done with its own answer', () => {
    const { db, held, jobIds, stored, announced } = setup(4);
    held.drain();
    expect(held.size()).toBe(0);
    expect(stored).toEqual(jobIds);
    expect(announced).toHaveLength(4);
    expect(count(db, 'SELECT count(*) FROM responses')).toBe(4);
    expect(count(db, "SELECT count(*) FROM jobs WHERE state = 'done' AND response_id IS NOT NULL")).toBe(4);
    expect(count(db, "SELECT count(*) FROM send_log WHERE outcome = 'ok'")).toBe(4);
  });

  it('an exception mid-batch stores none of it and marks no job done; the answers stay held and are stored once later', () => {
    const { db, held, jobIds, stored, stopFailing } = setup(4, { failOnIngest: 3 });
    expect(() => held.drain()).toThrow('disk I/O error');
    expect(held.size()).toBe(4);
    expect(stored).toEqual([]);
    expect(count(db, 'SELECT count(*) FROM responses')).toBe(0);
    expect(count(db, 'SELECT count(*) FROM items')).toBe(0);
    expect(count(db, "SELECT count(*) FROM jobs WHERE state = 'done'")).toBe(0);
    expect(count(db, 'SELECT count(*) FROM send_log WHERE outcome IS NOT NULL')).toBe(0);

    stopFailing();
    held.drain();
    expect(stored).toEqual(jobIds);
    expect(count(db, 'SELECT count(*) FROM responses')).toBe(4);
    expect(count(db, "SELECT count(*) FROM jobs WHERE state = 'done'")).toBe(4);
    // Every job done points at its own answer, none twice.
    expect(count(db, 'SELECT count(DISTINCT response_id) FROM jobs')).toBe(4);
  });

  it('bounds each transaction: batches committed before a failure stay, the failed batch stays held whole', () => {
    const { db, held, jobIds, stored } = setup(5, { batchSize: 2, failOnIngest: 4 });
    expect(() => held.drain()).toThrow();
    expect(stored).toEqual(jobIds.slice(0, 2));
    expect(held.jobIds()).toEqual(jobIds.slice(2));
    expect(count(db, 'SELECT count(*) FROM responses')).toBe(2);
    expect(count(db, "SELECT count(*) FROM jobs WHERE state = 'done'")).toBe(2);
  });

  it('does not store an answer whose job another runner has taken over since', () => {
    const { db, write, held, jobIds, stored } = setup(2);
    write((tx) => jobs.requeue(tx, jobIds[0]!, 0, 0, NOW));
    write((tx) => jobs.markRunning(tx, jobIds[0]!, NOW));
    held.drain();
    expect(stored).toEqual([jobIds[1]]);
    expect(held.size()).toBe(0);
    expect(count(db, 'SELECT count(*) FROM responses')).toBe(1);
  });
});
