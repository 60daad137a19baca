import { describe, expect, it } from 'vitest';
import { createIngester, type ResponseToStore } from '../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { callRecords } from '../../../../src/main/core/store/call-records';
import { jobRepository } from '../../../../src/main/core/store/queue/jobs';
import { sendLogRepository } from '../../../../src/main/core/store/queue/send-log';
import { addBatch, NOW, openLibrary, storeVideoAnswer } from './queue/fixture';

/** A video-site search answer listing these video ids, in this order (repeats kept). */
function searchAnswer(videoIds: readonly string[]): ResponseToStore {
  const data = {
    videos: videoIds.map((id) => ({ type: 'video', id, url: `https://www.youtube.com/watch?v=${id}`, title: `Video ${id}` })),
    continuationToken: 'page-2',
  };
  return {
    operation: 'videosite/search',
    params: { query: 'harbour' },
    requestUrl: 'http://127.0.0.1/videosite/search?query=harbour',
    requestId: 'req_call_records_search',
    status: 200,
    fetchedAt: NOW,
    durationMs: 42,
    body: JSON.stringify({ success: true, data }),
    data,
    nextPage: { continuationToken: 'page-2' },
  };
}

describe('call records', () => {
  it('reads a queued job as it was queued, with no error and no response', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{ params: JSON.stringify({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }) }]);
    expect(callRecords.job(db, jobIds[0]!)).toEqual({
      operation: 'videosite/video',
      params: JSON.stringify({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
      state: 'queued',
      error_code: null,
      error_message: null,
      response_id: null,
    });
    expect(callRecords.jobState(db, jobIds[0]!)).toBe('queued');
  });

  it('answers undefined for a job, a response or an item the library does not have', () => {
    const { db } = openLibrary();
    expect(callRecords.job(db, 404)).toBeUndefined();
    expect(callRecords.jobState(db, 404)).toBeUndefined();
    expect(callRecords.response(db, 404)).toBeUndefined();
    expect(callRecords.item(db, 404)).toBeUndefined();
    expect(callRecords.itemIdsOfResponse(db, 404)).toEqual([]);
    expect(callRecords.wasSent(db, 404)).toBe(false);
  });

  it('follows a done job to the response it stored and the item that response brought', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{}]);
    const jobId = jobIds[0]!;
    const responseId = storeVideoAnswer(db, 'dQw4w9WgXcQ');
    write((tx) => jobRepository.markRunning(tx, jobId, NOW));
    write((tx) => jobRepository.markDone(tx, { id: jobId, attempts: 1, responseId, itemCount: 1, now: NOW }));

    expect(callRecords.jobState(db, jobId)).toBe('done');
    expect(callRecords.job(db, jobId)?.response_id).toBe(responseId);
    expect(callRecords.response(db, responseId)).toEqual({
      request_id: expect.stringMatching(/^req_fx_/),
      status: 200,
      fetched_at: NOW,
      duration_ms: 0,
      next_page: null,
      parse_warnings: '[]',
    });
    const itemIds = callRecords.itemIdsOfResponse(db, responseId);
    expect(itemIds).toHaveLength(1);
    expect(callRecords.item(db, itemIds[0]!)).toEqual({
      id: itemIds[0],
      platform: 'videosite',
      kind: 'video',
      native_id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Video dQw4w9WgXcQ',
      text: null,
      authorHandle: null,
      authorName: null,
    });
  });

  it('keeps a failed job’s error code and message', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{}]);
    write((tx) => jobRepository.markRunning(tx, jobIds[0]!, NOW));
    write((tx) =>
      jobRepository.markFailed(
        tx,
        jobIds[0]!,
        { code: 'NOT_FOUND', message: 'No such video.', status: 404, requestId: null, serviceWords: null },
        NOW,
      ),
    );
    expect(callRecords.job(db, jobIds[0]!)).toMatchObject({ state: 'failed', error_code: 'NOT_FOUND', error_message: 'No such video.' });
  });

  it('lists a response’s items each once, in the order the response first listed them', () => {
    const { db } = openLibrary();
    // Stored earlier in another order, so the library's ids do not follow the search's order.
    storeVideoAnswer(db, 'bbbbbbbbbbb');
    storeVideoAnswer(db, 'aaaaaaaaaaa');
    const stored = createIngester(db, normaliseResponse)(searchAnswer(['ccccccccccc', 'aaaaaaaaaaa', 'ccccccccccc', 'bbbbbbbbbbb']));
    const ids = callRecords.itemIdsOfResponse(db, stored.responseId);
    expect(ids.map((id) => callRecords.item(db, id)?.native_id)).toEqual(['ccccccccccc', 'aaaaaaaaaaa', 'bbbbbbbbbbb']);
    expect(callRecords.response(db, stored.responseId)).toMatchObject({
      status: 200,
      duration_ms: 42,
      next_page: JSON.stringify({ continuationToken: 'page-2' }),
    });
  });

  it('says a job’s request left only once it is in the send log, and only for that job', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{}, {}]);
    expect(callRecords.wasSent(db, jobIds[0]!)).toBe(false);
    write((tx) => sendLogRepository.add(tx, 1_000, jobIds[0]!));
    expect(callRecords.wasSent(db, jobIds[0]!)).toBe(true);
    expect(callRecords.wasSent(db, jobIds[1]!)).toBe(false);
  });
});
