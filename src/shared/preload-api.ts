import type { EventName, MethodName } from './bridge-names';
import type { Envelope } from './errors';

/** The shape of `window.gleaner` as the preload exposes it (types only; no runtime code). */
export interface PreloadApi {
  methods: Record<MethodName, (input: unknown) => Promise<Envelope<unknown>>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}
