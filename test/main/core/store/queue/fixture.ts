/** A fresh migrated library in memory, with helpers to add a batch and its jobs. */
import { createIngester, type ResponseToStore } from '../../../../../src/main/core/library/ingest';
import { normaliseResponse } from '../../../../../src/main/core/platforms/normalise';
import { openDatabase, writeTransaction, type ReadableDB, type WritableDB } from '../../../../../src/main/core/store/database';
import { batchRepository } from '../../../../../src/main/core/store/queue/batches';
import { jobRepository, type NewJob } from '../../../../../src/main/core/store/queue/jobs';

export const NOW = '2026-03-02T10:00:00.000Z';

export function openLibrary(): { db: ReadableDB; write: <R>(fn: (tx: WritableDB) => R) => R } {
  const db = openDatabase({ path: ':memory:' });
  return { db, write: (fn) => writeTransaction(db, fn) };
}

export function addBatch(
  write: <R>(fn: (tx: WritableDB) => R) => R,
  jobs: readonly Partial<NewJob>[],
  batch: { kind?: 'call' | 'import' | 'refresh'; ticket?: string; collection?: string } = {},
): { batchId: number; jobIds: number[] } {
  return write((tx) => {
    const batchId = batchRepository.insert(tx, {
      kind: batch.kind ?? 'import',
      label: 'Test batch',
      collection: batch.collection ?? null,
      createdAt: NOW,
      ticket: batch.ticket ?? null,
    });
    const jobIds = jobs.map((job, i) =>
      jobRepository.insert(tx, {
        batchId,
        operation: 'videosite/video',
        params: JSON.stringify({ url: `https://www.youtube.com/watch?v=${String(i).padStart(11, 'x')}` }),
        collection: batch.collection ?? null,
        pagesLeft: 0,
        maxItems: null,
        itemsSoFar: 0,
        previousJobId: null,
        now: NOW,
        priority: 0,
        ...job,
      }),
    );
    return { batchId, jobIds };
  });
}

let requests = 0;

/** A video site answer for one video, as the service client hands it to the queue. */
export function videoAnswer(videoId: string, nextPage: Record<string, string> | null = null): ResponseToStore {
  requests += 1;
  const data = { id: videoId, url: `https://www.youtube.com/watch?v=${videoId}`, title: `Video ${videoId}` };
  const body = JSON.stringify({
    success: true,
    data,
    meta: { platform: 'videosite', endpoint: 'video', request_id: `req_fx_${requests}` },
  });
  return {
    operation: 'videosite/video',
    params: { url: data.url },
    requestUrl: `http://127.0.0.1/videosite/video?url=${videoId}`,
    requestId: `req_fx_${requests}`,
    status: 200,
    fetchedAt: NOW,
    durationMs: 0,
    body,
    data,
    nextPage,
  };
}

/** Stores a video answer through the real ingester; returns its response id. */
export function storeVideoAnswer(db: ReadableDB, videoId: string): number {
  return createIngester(db, normaliseResponse)(videoAnswer(videoId)).responseId;
}
