import type { EventName } from '../../shared/bridge-names';
import type { EventPayload } from '../../shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Fan-out of main-side events to every connected transport (IPC windows, SSE clients). */
export interface EventHub {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(onListenerError: (error: unknown) => void = () => undefined): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) {
        try {
          listener(event, payload);
        } catch (error) {
          // One broken subscriber (a closed window, a dropped SSE stream) must not stop the others.
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
