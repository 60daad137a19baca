/**
 * The demo's own clock: whole hours since start, moved only by `advance` (never by the wall
 * clock), so what the demo answers is a function of the request and the demo hour. Hour 0 is
 * the sample data's "now" (SAMPLE_NOW_MS); every answer at hour 0 is the demo's timeless one.
 */
import { badRequest } from '../errors';
import { SAMPLE_NOW_MS } from '../time-format';
import { DEMO_MAX_ADVANCE_HOURS, DEMO_MAX_HOURS, type DemoClockState } from '../types';

export const HOUR_MS = 3_600_000;

export interface DemoClock {
  hours(): number;
  state(): DemoClockState;
  advance(hours: unknown): DemoClockState;
  reset(): void;
}

/** The demo time of an hour (plus minutes within it) in milliseconds. */
export const demoMs = (hour: number, minutes = 0): number => SAMPLE_NOW_MS + hour * HOUR_MS + minutes * 60_000;

export const demoIso = (hour: number): string => new Date(demoMs(hour)).toISOString();

export function createDemoClock(): DemoClock {
  let hours = 0;
  const state = (): DemoClockState => ({ hours, start: demoIso(0), now: demoIso(hours) });
  return {
    hours: () => hours,
    state,
    advance(step) {
      if (typeof step !== 'number' || !Number.isInteger(step) || step < 1 || step > DEMO_MAX_ADVANCE_HOURS) {
        throw badRequest(`Send {"hours": N} with N a whole number of hours from 1 to ${DEMO_MAX_ADVANCE_HOURS}.`);
      }
      if (hours + step > DEMO_MAX_HOURS) {
        throw badRequest(`The demo clock stops at ${DEMO_MAX_HOURS} hours (now ${hours}); reset it with POST /__demo/reset.`);
      }
      hours += step;
      return state();
    },
    reset() {
      hours = 0;
    },
  };
}
