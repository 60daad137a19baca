import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../../../src/main/core/store/queue/jobs';
import { lazyTeamPart } from '../../../../src/main/core/team/lazy-part';
import type { TeamPart } from '../../../../src/main/core/team/part';
import type { HubSession } from '../../../../src/main/core/team/session';

const session = { deskId: 'd', memberName: 'Ana' } as HubSession;
const job = { id: 1 } as JobRow;

function recordingPart(heard: string[]): TeamPart {
  return {
    name: 'quota',
    onSession: (s) => heard.push(`session:${s ? s.memberName : 'none'}`),
    queueHooks: {
      beforeSend: async () => {
        heard.push('before');
        return { kind: 'later', notBefore: 7 };
      },
      afterFailed: (_job, _params, error) => heard.push(`failed:${String(error)}`),
    },
    status: () => ({ token: { changedAt: 't', seenBy: 'Ben' } }),
    syncOnce: async () => void heard.push('sync'),
    close: async () => void heard.push('closed'),
  };
}

describe('a team part loaded when a hub first needs it', () => {
  it('loads nothing for a desk that never meets a hub', async () => {
    let loads = 0;
    const part = lazyTeamPart('quota', async () => ((loads += 1), recordingPart([])), { queueHooks: true });
    part.onSession?.(null);
    expect(part.status?.()).toEqual({});
    part.queueHooks?.afterFailed?.(job, {}, 'x');
    await part.close?.();
    expect(loads).toBe(0);
  });

  it('loads on the first session, tells it that session, and then stands for the part itself', async () => {
    const heard: string[] = [];
    let loads = 0;
    const part = lazyTeamPart(
      'quota',
      async () => {
        loads += 1;
        return recordingPart(heard);
      },
      { queueHooks: true },
    );
    part.onSession?.(session);
    expect(await part.queueHooks!.beforeSend(job, {}, new AbortController().signal)).toEqual({ kind: 'later', notBefore: 7 });
    part.queueHooks!.afterFailed?.(job, {}, 'refused');
    part.onSession?.(null);
    await part.syncOnce?.();
    await part.close?.();
    expect(loads).toBe(1);
    expect(heard).toEqual(['session:Ana', 'before', 'failed:refused', 'session:none', 'sync', 'closed']);
    expect(part.status?.()).toEqual({ token: { changedAt: 't', seenBy: 'Ben' } });
  });

  it('offers no queue hooks for a part that has none, so it is not loaded by a send', () => {
    const part = lazyTeamPart('sync', async () => ({ name: 'sync' }), { queueHooks: false });
    expect(part.queueHooks).toBeUndefined();
  });
});
