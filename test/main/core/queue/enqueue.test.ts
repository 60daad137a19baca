import { describe, expect, it } from 'vitest';
import { alsoIntoIn, enqueueIn, splitTwins, twinKey, type CheckedJob } from '../../../../src/main/core/queue/enqueue';
import { jobRepository as jobs } from '../../../../src/main/core/store/queue/jobs';
import { NOW, addBatch, openLibrary, storeVideoAnswer } from '../store/queue/fixture';

const checked = (url: string): CheckedJob => ({ job: { operation: 'videosite/video', params: { url } }, params: JSON.stringify({ url }) });

describe('splitTwins', () => {
  it('keeps jobs with no twin, and returns the twins of the others', () => {
    const a = checked('https://a');
    const b = checked('https://b');
    expect(splitTwins([a, b], null)).toEqual({ fresh: [a, b], joined: [] });
    expect(splitTwins([a, b], [{ id: 9, operation: 'videosite/video', params: b.params }])).toEqual({ fresh: [a], joined: [9] });
    expect(twinKey('x', '{}')).toBe('x {}');
  });
});

describe('enqueueIn', () => {
  it('adds a batch with its jobs; a call is sent before imports', () => {
    const { db, write } = openLibrary();
    const result = write((tx) => enqueueIn(tx, { kind: 'call', label: 'Call', jobs: [], ticket: 't' }, [checked('https://a')], NOW));
    expect(result.jobIds).toHaveLength(1);
    expect(jobs.byId(db, result.jobIds[0]!)).toMatchObject({ priority: 1, pages_left: 0, batch_id: result.batchId });
  });

  it('joins a waiting twin, and one done since the plan looked, instead of adding it again', () => {
    const { db, write } = openLibrary();
    const a = checked('https://a');
    const b = checked('https://b');
    const first = write((tx) => enqueueIn(tx, { kind: 'import', label: 'One', jobs: [] }, [a], NOW));
    const second = write((tx) => enqueueIn(tx, { kind: 'import', label: 'Two', jobs: [], joinWaiting: true }, [a, b], NOW));
    expect(second.joined).toEqual(first.jobIds);
    expect(second.jobIds).toHaveLength(1);
    const twin = second.jobIds[0]!;
    write((tx) => jobs.markRunning(tx, twin, NOW));
    write((tx) => jobs.markDone(tx, { id: twin, attempts: 1, responseId: storeVideoAnswer(db, 'ggggggggggg'), itemCount: 1, now: NOW }));
    const spec = { kind: 'import' as const, label: 'Three', jobs: [], joinWaiting: true };
    expect(write((tx) => enqueueIn(tx, spec, [b], NOW)).joined).toEqual([]);
    expect(write((tx) => enqueueIn(tx, { ...spec, joinDoneSince: NOW }, [b], NOW)).joined).toEqual([twin]);
  });
});

describe('alsoIntoIn', () => {
  it('adds the collection to jobs still waiting, and returns the items of those finished', () => {
    const { db, write } = openLibrary();
    const [waiting, done] = addBatch(write, [{}, {}]).jobIds as [number, number];
    write((tx) => jobs.markRunning(tx, done, NOW));
    write((tx) => jobs.markDone(tx, { id: done, attempts: 1, responseId: storeVideoAnswer(db, 'hhhhhhhhhhh'), itemCount: 1, now: NOW }));
    const result = write((tx) => alsoIntoIn(tx, [waiting, done], 'Docks'));
    expect(result).toEqual({ waiting: 1, itemsOfFinished: jobs.itemsOfDone(db, done) });
    expect(result.itemsOfFinished).toHaveLength(1);
    expect(jobs.collectionsOf(db, waiting)).toEqual(['Docks']);
  });
});
