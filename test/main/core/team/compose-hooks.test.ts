import { describe, expect, it } from 'vitest';
import type { SendDecision } from '../../../../src/main/core/queue/team-hooks';
import type { JobRow } from '../../../../src/main/core/store/queue/jobs';
import { composeQueueHooks, PART_FAILURE_RETRY_MS } from '../../../../src/main/core/team/compose-hooks';
import type { TeamPart } from '../../../../src/main/core/team/part';

const job = { id: 1 } as JobRow;
const decide = (name: string, decision: SendDecision | Error, heard: string[] = []): TeamPart => ({
  name,
  queueHooks: {
    beforeSend: async () => {
      heard.push(`${name}:before`);
      if (decision instanceof Error) throw decision;
      return decision;
    },
    afterStored: () => {
      heard.push(`${name}:stored`);
      throw new Error('broken listener');
    },
    afterFailed: () => heard.push(`${name}:failed`),
  },
});
const deps = { log: { warn: () => undefined }, now: () => 1_000 };

describe('the team parts’ queue hooks composed', () => {
  it('is null when no part has hooks', () => {
    expect(composeQueueHooks([{ name: 'quiet' }], deps)).toBeNull();
  });

  it('lets the first answer that is not send decide, in the order the parts were added', async () => {
    const heard: string[] = [];
    const hooks = composeQueueHooks(
      [decide('a', { kind: 'send' }, heard), decide('b', { kind: 'later', notBefore: 5 }, heard), decide('c', { kind: 'send' }, heard)],
      deps,
    )!;
    expect(await hooks.beforeSend(job, {}, new AbortController().signal)).toEqual({ kind: 'later', notBefore: 5 });
    expect(heard).toEqual(['a:before', 'b:before']);
  });

  it('holds a job back, rather than sending it past the budget, when a part throws; tells every part of each answer', async () => {
    const heard: string[] = [];
    const failures: string[] = [];
    const hooks = composeQueueHooks([decide('quota', new Error('boom'), heard), decide('sync', { kind: 'send' }, heard)], {
      ...deps,
      onPartFailure: (name) => failures.push(name),
    })!;
    expect(await hooks.beforeSend(job, {}, new AbortController().signal)).toEqual({
      kind: 'later',
      notBefore: 1_000 + PART_FAILURE_RETRY_MS,
    });
    expect(failures).toEqual(['quota']);
    hooks.afterStored?.(job, {} as never);
    hooks.afterFailed?.(job, {});
    expect(heard).toEqual(['quota:before', 'quota:stored', 'sync:stored', 'quota:failed', 'sync:failed']);
  });

  it('passes the rejection on when the queue itself stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const hooks = composeQueueHooks([decide('quota', new Error('aborted'))], deps)!;
    await expect(hooks.beforeSend(job, {}, controller.signal)).rejects.toThrow('aborted');
  });
});

describe('what ended a request', () => {
  it('reaches every part, so the quota part can tell the team of a refused token', () => {
    const seen: unknown[] = [];
    const hooks = composeQueueHooks(
      [
        {
          name: 'quota',
          queueHooks: { beforeSend: async () => ({ kind: 'send' }), afterFailed: (_job, _params, error) => seen.push(error) },
        },
      ],
      deps,
    )!;
    const refused = new Error('token refused');
    hooks.afterFailed?.(job, {}, refused);
    expect(seen).toEqual([refused]);
  });
});
