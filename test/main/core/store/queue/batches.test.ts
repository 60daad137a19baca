import { describe, expect, it } from 'vitest';
import { batchRepository as batches } from '../../../../../src/main/core/store/queue/batches';
import { jobRepository as jobs } from '../../../../../src/main/core/store/queue/jobs';
import { NOW, addBatch, openLibrary } from './fixture';

describe('batch repository', () => {
  it('stores a batch and reads its label, kind and collection', () => {
    const { db, write } = openLibrary();
    const { batchId } = addBatch(write, [{}], { kind: 'refresh', collection: 'Harbour' });
    expect(batches.get(db, batchId)).toEqual({ label: 'Test batch', kind: 'refresh', collection: 'Harbour' });
    expect(batches.get(db, batchId + 1)).toBeUndefined();
  });

  it('finds the call of a ticket by its first job', () => {
    const { db, write } = openLibrary();
    addBatch(write, [{}]);
    const { batchId, jobIds } = addBatch(write, [{}, {}], { kind: 'call', ticket: 't-1' });
    expect(batches.callOfTicket(db, 't-1')).toEqual({ batchId, jobId: jobIds[0] });
    expect(batches.callOfTicket(db, 't-2')).toBeUndefined();
  });

  it('lists the batches with jobs still waiting, oldest first, up to a limit', () => {
    const { db, write } = openLibrary();
    const a = addBatch(write, [{}]);
    const b = addBatch(write, [{}]);
    const c = addBatch(write, [{}]);
    write((tx) => jobs.cancelWaiting(tx, { batchId: b.batchId }, NOW));
    expect(batches.unfinishedIds(db, 10)).toEqual([a.batchId, c.batchId]);
    expect(batches.unfinishedIds(db, 1)).toEqual([a.batchId]);
  });
});
