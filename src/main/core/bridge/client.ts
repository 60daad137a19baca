import type { EventName, MethodName } from '../../../shared/bridge-names';
import type { BridgeClient, EventPayload, MethodInput, MethodOutput } from '../../../shared/contract';
import { GleanerError } from '../../../shared/errors';
import type { EventHub } from '../events';
import type { Dispatch } from './dispatcher';

/** A typed, in-process caller of the core: the same calls, and the same answers, as over IPC or HTTP. */
export type CoreClient = BridgeClient;

/**
 * Goes through `dispatch` like every transport, so the contract's schema checks the input here
 * too and a host in the same process answers bad input exactly as the bridge does. A failed call
 * throws the envelope's error as a GleanerError with the same code and sentence.
 */
export function createCoreClient(core: { dispatch: Dispatch; events: EventHub }): CoreClient {
  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      const envelope = await core.dispatch(method, input);
      if (!envelope.ok) throw new GleanerError(envelope.error.code, envelope.error.message);
      return envelope.value as MethodOutput<M>;
    },
    subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      return core.events.subscribe((name: EventName, payload) => {
        if (name === event) listener(payload as unknown as EventPayload<E>);
      });
    },
  };
}
