/**
 * A team part whose code is loaded when a hub first needs it. A desk with no hub, and every CLI
 * command that does not send (a `gleaner search`), never loads the sync or quota code: that kept
 * some 200 kB of module out of every start (issue 28.19's start-up figure).
 */
import type { SendDecision, TeamQueueHooks } from '../queue/team-hooks';
import type { TeamPart } from './part';
import type { HubSession } from './session';

const SEND: SendDecision = { kind: 'send' };

export function lazyTeamPart(name: string, load: () => Promise<TeamPart>, options: { queueHooks: boolean }): TeamPart {
  let loaded: TeamPart | null = null;
  let loading: Promise<TeamPart> | null = null;
  /** The newest session the part has not heard of yet (undefined: nothing to tell). */
  let pending: HubSession | null | undefined;
  const get = (): Promise<TeamPart> =>
    (loading ??= load().then((part) => {
      loaded = part;
      if (pending !== undefined) part.onSession?.(pending);
      pending = undefined;
      return part;
    }));
  const queueHooks: TeamQueueHooks = {
    async beforeSend(job, params, signal) {
      const part = await get();
      return part.queueHooks ? part.queueHooks.beforeSend(job, params, signal) : SEND;
    },
    // Only a loaded part asked before the send, so only it has anything to hear after it.
    afterStored: (job, response) => loaded?.queueHooks?.afterStored?.(job, response),
    afterFailed: (job, params, error) => loaded?.queueHooks?.afterFailed?.(job, params, error),
  };
  return {
    name,
    onSession(session) {
      if (loaded) {
        loaded.onSession?.(session);
        return;
      }
      pending = session;
      // A session begins: the part is needed now. Its end, before it ever loaded, needs nothing.
      if (session) void get();
    },
    ...(options.queueHooks ? { queueHooks } : {}),
    status: () => loaded?.status?.() ?? {},
    async syncOnce() {
      await (await get()).syncOnce?.();
    },
    async close() {
      if (loading) await (await loading).close?.();
    },
  };
}
