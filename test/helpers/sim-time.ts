/**
 * Simulated time for the queue: a clock and timers that only move when the driver says so.
 * `runUntil` lets every piece of pending work settle at the current instant, then jumps to
 * the next timer, so a simulated day passes in a fraction of a second of real time.
 */
import { createHook } from 'node:async_hooks';
import type { Timers } from '../../src/main/core/queue/fetch-queue';

export interface SimTime {
  clock: { now(): number };
  timers: Timers;
  now(): number;
  advanceTo(at: number): void;
  /** Lets in-flight promises settle (several turns of the event loop). */
  settle(): Promise<void>;
  runUntil(done: () => boolean, options?: { maxSteps?: number; until?: number; idle?: () => Promise<void> }): Promise<void>;
}

export function createSimTime(start = Date.parse('2026-03-02T00:00:00Z')): SimTime {
  let now = start;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  // A timer whose callback started nothing asynchronous (no promise made or settled, no
  // immediate, timer of the host or I/O) has finished its work when it returns: the next may fire without turning the
  // event loop. A month of lease renewals and idle watch ticks then costs their own work only.
  let startedAsync = 0;
  const asyncStarts = createHook({
    init() {
      startedAsync += 1;
    },
    // Settling a promise created earlier (a delay's resolve) queues what awaits it.
    promiseResolve() {
      startedAsync += 1;
    },
  });
  const fire = (fn: () => void): boolean => {
    startedAsync = 0;
    fn();
    return startedAsync > 0;
  };
  const sim: SimTime = {
    clock: { now: () => now },
    timers: {
      setTimeout(fn, ms) {
        const id = nextId++;
        pending.set(id, { at: now + Math.max(0, ms), fn });
        return id;
      },
      clearTimeout(handle) {
        pending.delete(handle as number);
      },
    },
    now: () => now,
    advanceTo(at) {
      now = Math.max(now, at);
    },
    settle,
    async runUntil(done, options = {}) {
      const maxSteps = options.maxSteps ?? 1_000_000;
      // The caller may have started work just before: settle it first.
      let mayHavePendingWork = true;
      asyncStarts.enable();
      try {
        for (let step = 0; step < maxSteps; step += 1) {
          if (mayHavePendingWork) {
            await settle();
            // Real I/O in flight (a loopback HTTP request) must finish before time may jump.
            if (options.idle) {
              await options.idle();
              await settle();
            }
          }
          if (done()) return;
          let nextKey: number | undefined;
          let nextAt = Number.POSITIVE_INFINITY;
          for (const [id, timer] of pending) {
            if (timer.at < nextAt) {
              nextAt = timer.at;
              nextKey = id;
            }
          }
          if (nextKey === undefined) throw new Error('simulation stalled: nothing scheduled and not done');
          if (options.until !== undefined && nextAt > options.until) {
            now = options.until;
            return;
          }
          const timer = pending.get(nextKey)!;
          pending.delete(nextKey);
          now = Math.max(now, timer.at);
          mayHavePendingWork = fire(timer.fn);
        }
      } finally {
        asyncStarts.disable();
      }
      throw new Error('simulation did not finish within its step budget');
    },
  };
  return sim;
}
