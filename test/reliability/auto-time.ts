/**
 * Time that jumps: every timer fires on the next turn of the event loop and moves the clock
 * to its deadline. A core built on it never waits for a rate window or a back-off, so
 * arbitrary bridge calls either finish or fail, and a hang is a real hang.
 */
import type { Timers } from '../../src/main/core/queue/fetch-queue';

export function createAutoTime(start = Date.parse('2026-04-01T00:00:00Z')): { clock: { now(): number }; timers: Timers } {
  let now = start;
  const handles = new Map<number, NodeJS.Immediate>();
  let nextId = 1;
  return {
    clock: { now: () => now },
    timers: {
      setTimeout(fn, ms) {
        const id = nextId++;
        const at = now + Math.max(0, ms);
        handles.set(
          id,
          setImmediate(() => {
            handles.delete(id);
            now = Math.max(now, at);
            fn();
          }),
        );
        return id;
      },
      clearTimeout(handle) {
        const immediate = handles.get(handle as number);
        if (immediate) clearImmediate(immediate);
        handles.delete(handle as number);
      },
    },
  };
}

/** A fetch that only ever reaches 127.0.0.1; anything else fails like an unreachable host. */
export function loopbackOnlyFetch(attempts: string[] = []): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    attempts.push(url.origin);
    if (url.hostname !== '127.0.0.1') throw new TypeError(`fetch failed: tests only reach 127.0.0.1, not ${url.hostname}`);
    return globalThis.fetch(input, init);
  }) as typeof fetch;
}
