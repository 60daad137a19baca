import { describe, expect, it } from 'vitest';
import type { SendDecision, TeamQueueHooks } from '../../../../src/main/core/queue/fetch-queue';
import { prepareRequest } from '../../../../src/main/core/service/request';
import { sendLogRepository } from '../../../../src/main/core/store/queue/send-log';
import { GleanerError } from '../../../../src/shared/errors';
import { MINUTE_MS } from '../../../../src/main/core/queue/rate';
import { createHarness, videoJobs, videoResponse } from './harness';

/** Hooks that answer each job with `decide`, and record what the queue told them. */
function recordingHooks(decide: (url: string, attempt: number) => SendDecision | Promise<SendDecision>) {
  const seen = new Map<string, number>();
  const stored: string[] = [];
  const failed: string[] = [];
  const hooks: TeamQueueHooks = {
    async beforeSend(_job, params) {
      const url = params.url ?? '';
      const attempt = (seen.get(url) ?? 0) + 1;
      seen.set(url, attempt);
      return decide(url, attempt);
    },
    afterStored: (_job, response) => stored.push(response.params.url ?? ''),
    afterFailed: (_job, params) => failed.push(params.url ?? ''),
  };
  return { hooks, stored, failed };
}

describe('the queue with a team hub’s hooks', () => {
  it('stores a colleague’s answer as the job’s own, sends nothing for it and counts nothing against the budget', async () => {
    let sharedAnswers = 0;
    const { hooks, stored } = recordingHooks((url) => {
      if (!url.endsWith('1')) return { kind: 'send' };
      sharedAnswers += 1;
      const request = prepareRequest('videosite/video', { url }, { paramNames: {}, paths: {} });
      return { kind: 'answered', response: videoResponse(request, 0, null) };
    });
    const h = createHarness({ team: () => hooks });
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'shared', jobs: videoJobs(4) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 4, failed: 0 });
    expect(sharedAnswers).toBe(1);
    expect(h.calls.map((c) => c.params.url).filter((u) => u?.endsWith('1'))).toEqual([]);
    expect(h.calls).toHaveLength(3);
    // Only what this desk received is handed back to be shared.
    expect(stored.sort()).toEqual(h.calls.map((c) => c.params.url).sort());
    expect(sendLogRepository.timesSince(h.db, 0)).toHaveLength(3);
    expect(h.queue.status().gauge.usedToday).toBe(3);
  });

  it('puts a job the hub holds back in line until the time it names, and sends it then', async () => {
    let heldUntil = 0;
    const { hooks } = recordingHooks((_url, attempt) => (attempt === 1 ? { kind: 'later', notBefore: heldUntil } : { kind: 'send' }));
    const h = createHarness({ team: () => hooks });
    heldUntil = h.sim.now() + 2 * MINUTE_MS;
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'held', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]!.at).toBeGreaterThanOrEqual(heldUntil);
    // The held attempt cost neither an attempt nor a send.
    expect(h.queue.jobs({ batchId })[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(sendLogRepository.timesSince(h.db, 0)).toHaveLength(1);
  });

  it('tells the hooks when a request ended without an answer, and gives the budget back when nothing left', async () => {
    const { hooks, failed } = recordingHooks(() => ({ kind: 'send' }));
    const h = createHarness({ team: () => hooks });
    h.setScript((_request, call) => (call === 1 ? { error: new GleanerError('NETWORK', 'The connection dropped.') } : undefined));
    const { batchId } = h.queue.enqueue({ kind: 'import', label: 'flaky', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => h.queue.batchProgress(batchId).finished);
    expect(h.queue.batchProgress(batchId)).toMatchObject({ done: 1 });
    expect(failed).toHaveLength(1);

    const stopped = createHarness({
      team: () => ({
        beforeSend: (_job, _params, signal) =>
          new Promise<SendDecision>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
      }),
    });
    stopped.queue.enqueue({ kind: 'import', label: 'waiting for a grant', jobs: videoJobs(1) });
    stopped.queue.start();
    await stopped.sim.runUntil(() => stopped.queue.inFlightCount() === 1);
    await stopped.queue.stop();
    expect(stopped.calls).toHaveLength(0);
    expect(sendLogRepository.timesSince(stopped.db, 0)).toHaveLength(0);
    expect(stopped.queue.status().counts.queued).toBe(1);
  });

  it('tells the hooks what ended a request, so a refused token can be announced to the team', async () => {
    const errors: unknown[] = [];
    const hooks: TeamQueueHooks = {
      beforeSend: async () => ({ kind: 'send' }),
      afterFailed: (_job, _params, error) => errors.push(error),
    };
    const h = createHarness({ team: () => hooks });
    h.setScript(() => ({ error: new GleanerError('TOKEN_REJECTED', 'The service rejected the API token.') }));
    h.queue.enqueue({ kind: 'import', label: 'refused', jobs: videoJobs(1) });
    h.queue.start();
    await h.sim.runUntil(() => errors.length === 1);
    expect(errors[0]).toMatchObject({ code: 'TOKEN_REJECTED' });
  });
});
