/** A queue on a real database with simulated time and a scripted service (no network). */
import type { HeldAnswerStore } from '../../../../src/main/core/queue/held-answer-files';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { createLogger } from '../../../../src/main/core/log';
import { createEventHub } from '../../../../src/main/core/events';
import { normaliseResponse } from '../../../../src/main/core/platforms/normalise';
import { createFetchQueue, type FetchQueue, type TeamQueueHooks } from '../../../../src/main/core/queue/fetch-queue';
import type { ServiceResponse } from '../../../../src/main/core/service/client';
import { prepareRequest, type PreparedRequest } from '../../../../src/main/core/service/request';
import { openDatabase, type ReadableDB } from '../../../../src/main/core/store/database';
import type { DayReset, PlanLimits } from '../../../../src/shared/plans';
import { createSimTime, type SimTime } from '../../../helpers/sim-time';

export type Script = (
  request: PreparedRequest,
  call: number,
) => { delayMs?: number; error?: Error; nextPage?: Record<string, string> | null } | void;

export interface Harness {
  db: ReadableDB;
  sim: SimTime;
  queue: FetchQueue;
  calls: { at: number; operation: string; params: Record<string, string> }[];
  setScript(script: Script): void;
  restart(): FetchQueue;
  /** A queue in "another process": its own connection to the same database file, its own owner id. */
  otherProcess(): FetchQueue;
}

let requestCounter = 0;

export function videoResponse(request: PreparedRequest, at: number, nextPage: Record<string, string> | null): ServiceResponse {
  requestCounter += 1;
  const op = request.operation;
  const id = (request.params.url ?? request.params.query ?? 'x').replace(/\W/g, '').slice(-11).padStart(11, '0');
  const data =
    op.id === 'videosite/search' || op.id === 'videosite/channel/videos'
      ? {
          videos: Array.from({ length: 5 }, (_, i) => ({
            type: 'video',
            id: `${id.slice(0, 9)}${request.params.continuationToken ?? 'p0'}${i}`.slice(-11),
            title: `Result ${i}`,
          })),
          continuationToken: nextPage?.continuationToken ?? '',
        }
      : { id, url: `https://www.youtube.com/watch?v=${id}`, title: `Video ${id}`, viewCountInt: requestCounter };
  const body = JSON.stringify({
    success: true,
    data,
    meta: { platform: op.platform, endpoint: op.endpoint, request_id: `req_sim_${requestCounter}` },
  });
  return {
    operation: op.id,
    params: request.params,
    wireParams: request.wireParams,
    requestUrl: `http://127.0.0.1${request.pathAndQuery}`,
    status: 200,
    requestId: `req_sim_${requestCounter}`,
    platform: op.platform,
    endpoint: op.endpoint ?? '',
    data,
    body,
    fetchedAt: new Date(at).toISOString(),
    durationMs: 0,
    nextPage,
  };
}

export function createHarness(
  options: {
    limits?: PlanLimits;
    dayReset?: DayReset;
    concurrency?: number;
    dbPath?: string;
    watchOthersMs?: number;
    heldAnswerFiles?: HeldAnswerStore;
    team?: () => TeamQueueHooks | null;
  } = {},
): Harness {
  const sim = createSimTime();
  const db = openDatabase({ path: options.dbPath ?? ':memory:' });
  const calls: Harness['calls'] = [];
  let script: Script = () => undefined;
  let callCount = 0;
  const limits = options.limits ?? { perMinute: 30, perDay: 1000 };
  const service = {
    prepare: (operation: Parameters<typeof prepareRequest>[0], params: Parameters<typeof prepareRequest>[1]) =>
      prepareRequest(operation, params, { paramNames: {}, paths: {} }),
    async send(request: PreparedRequest, sendOptions: { signal?: AbortSignal } = {}): Promise<ServiceResponse> {
      callCount += 1;
      calls.push({ at: sim.now(), operation: request.operation.id, params: request.params });
      const outcome = script(request, callCount) ?? {};
      if (outcome.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const handle = sim.timers.setTimeout(resolve, outcome.delayMs!);
          sendOptions.signal?.addEventListener('abort', () => {
            sim.timers.clearTimeout(handle);
            reject(new Error('aborted'));
          });
        });
      }
      if (outcome.error) throw outcome.error;
      return videoResponse(request, sim.now(), outcome.nextPage ?? null);
    },
  };
  let owners = 0;
  const make = (connection: ReadableDB = db) =>
    createFetchQueue({
      db: connection,
      clock: sim.clock,
      timers: sim.timers,
      random: () => 0.5,
      service,
      ingest: createIngester(db, normaliseResponse),
      collections: createCollectionRepository(db, () => new Date(sim.now()).toISOString()),
      events: createEventHub(),
      log: createLogger(() => undefined),
      budget: () => ({ limits, dayReset: options.dayReset ?? null }),
      ownerId: `test-owner-${(owners += 1)}`,
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.watchOthersMs ? { watchOthersMs: options.watchOthersMs } : {}),
      ...(options.heldAnswerFiles ? { heldAnswerFiles: options.heldAnswerFiles } : {}),
      ...(options.team ? { team: options.team } : {}),
    });
  const harness: Harness = {
    db,
    sim,
    queue: make(),
    calls,
    setScript: (next) => (script = next),
    restart: () => {
      harness.queue = make();
      return harness.queue;
    },
    otherProcess: () => {
      if (!options.dbPath) throw new Error('another process needs a database file (dbPath)');
      return make(openDatabase({ path: options.dbPath }));
    },
  };
  return harness;
}

export const videoJobs = (n: number, prefix = 'v') =>
  Array.from({ length: n }, (_, i) => ({
    operation: 'videosite/video' as const,
    params: { url: `https://www.youtube.com/watch?v=${prefix}${String(i).padStart(10 - prefix.length, '0')}` },
  }));

/** The most requests that any sliding window of `width` ms saw. */
export function maxInWindow(times: readonly number[], width: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= width) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
