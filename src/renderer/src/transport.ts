/**
 * The renderer's only way to the main side. Inside Electron it uses the preload's
 * `window.gleaner`; in browser mode it uses `POST /rpc/<method>` and server-sent events.
 * Both unwrap the same `{ ok, value | error }` envelope into a value or a GleanerError.
 * Browser-mode addresses are relative: the host serves the app under a per-run path, which is
 * also where its session cookie goes.
 */
import type { EventName, MethodName } from '../../shared/bridge-names';
import type { BridgeClient, EventPayload, MethodInput, MethodOutput } from '../../shared/contract';
import { ERROR_CODES, GleanerError, type Envelope, type ErrorCode } from '../../shared/errors';
import type { PreloadApi } from '../../shared/preload-api';

function unwrap<T>(envelope: Envelope<unknown>): T {
  if (envelope.ok) return envelope.value as T;
  const code: ErrorCode = (ERROR_CODES as readonly string[]).includes(envelope.error.code) ? envelope.error.code : 'INTERNAL';
  throw new GleanerError(code, envelope.error.message);
}

export function createElectronTransport(api: PreloadApi): BridgeClient {
  return {
    async call(method, input) {
      return unwrap(await api.methods[method](input));
    },
    subscribe(event, listener) {
      return api.subscribe(event, (payload) => listener(payload as never));
    },
  };
}

export function createBrowserTransport(fetchFn: typeof fetch = fetch.bind(window)): BridgeClient {
  let source: EventSource | null = null;
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  const ensureSource = (event: EventName): void => {
    source ??= new EventSource('events');
    if (listeners.has(event)) return;
    listeners.set(event, new Set());
    source.addEventListener(event, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listener of listeners.get(event) ?? []) listener(payload);
    });
  };

  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
      let response: Response;
      try {
        response = await fetchFn(`rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        throw new GleanerError('NETWORK', 'Gleaner’s background process is not answering. Is `gleaner serve` still running?');
      }
      if (response.status === 401) {
        throw new GleanerError('FORBIDDEN', 'This page is no longer connected to Gleaner. Open the link that `gleaner serve` printed.');
      }
      let envelope: Envelope<unknown>;
      try {
        envelope = (await response.json()) as Envelope<unknown>;
      } catch {
        throw new GleanerError('INTERNAL', `Gleaner answered with an unreadable response (HTTP ${response.status}).`);
      }
      return unwrap<MethodOutput<M>>(envelope);
    },
    subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      ensureSource(event);
      const set = listeners.get(event)!;
      const relay = listener as (payload: unknown) => void;
      set.add(relay);
      return () => {
        set.delete(relay);
      };
    },
  };
}

export function createTransport(): BridgeClient {
  return window.gleaner ? createElectronTransport(window.gleaner) : createBrowserTransport();
}

export const bridge: BridgeClient = createTransport();
