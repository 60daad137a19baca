import { describe, expect, it } from 'vitest';
import { jobRepository as jobs } from '../../../../../src/main/core/store/queue/jobs';
import { knownLinksRepository as knownLinks } from '../../../../../src/main/core/store/queue/known-links';
import { NOW, addBatch, openLibrary, storeVideoAnswer } from './fixture';

describe('known links repository', () => {
  it('finds nothing in an empty library', () => {
    const { db } = openLibrary();
    expect(knownLinks.itemByNativeId(db, 'videosite', 'abc')).toBeUndefined();
    expect(knownLinks.itemByUrl(db, 'videosite', 'https://www.youtube.com/watch?v=abc')).toBeUndefined();
    expect(knownLinks.didsOfHandle(db, 'someone.bsky.social')).toEqual([]);
    expect(knownLinks.fetchedBefore(db, 'videosite/video', '{}')).toBeUndefined();
    expect(knownLinks.itemsOfResponse(db, 1)).toEqual([]);
  });

  it('finds a link a finished job fetched, by its exact operation and parameters', () => {
    const { db, write } = openLibrary();
    const params = JSON.stringify({ url: 'https://www.youtube.com/watch?v=xxxxxxxxxx0' });
    const id = addBatch(write, [{ params }]).jobIds[0]!;
    expect(knownLinks.fetchedBefore(db, 'videosite/video', params)).toBeUndefined();
    write((tx) => jobs.markRunning(tx, id, NOW));
    const responseId = storeVideoAnswer(db, 'bbbbbbbbbbb');
    write((tx) => jobs.markDone(tx, { id, attempts: 1, responseId, itemCount: 1, now: NOW }));
    expect(knownLinks.fetchedBefore(db, 'videosite/video', params)).toEqual({ responseId });
    const items = knownLinks.itemsOfResponse(db, responseId);
    expect(items).toHaveLength(1);
    expect(jobs.itemsOfDone(db, id)).toEqual(items);
    expect(knownLinks.fetchedBefore(db, 'videosite/transcript', params)).toBeUndefined();
  });
});

describe('known items', () => {
  it('finds a stored item by native id and by URL, and says whether its transcript was asked for', () => {
    const { db } = openLibrary();
    storeVideoAnswer(db, 'ccccccccccc');
    const byId = knownLinks.itemByNativeId(db, 'videosite', 'ccccccccccc');
    expect(byId).toEqual({ id: expect.any(Number), askedTranscript: 0 });
    expect(knownLinks.itemByUrl(db, 'videosite', 'https://www.youtube.com/watch?v=ccccccccccc')).toEqual(byId);
    expect(knownLinks.itemByNativeId(db, 'shortvideo', 'ccccccccccc')).toBeUndefined();
  });
});
