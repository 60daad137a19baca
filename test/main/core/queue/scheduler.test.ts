import { describe, expect, it } from 'vitest';
import { createWakeTimer, isEarlier, lanesFor } from '../../../../src/main/core/queue/scheduler';
import { createSimTime } from '../../../helpers/sim-time';

describe('lanesFor', () => {
  it('sends one request at a time while the service is in an outage', () => {
    expect(lanesFor(3, false)).toBe(3);
    expect(lanesFor(3, true)).toBe(1);
  });
});

describe('isEarlier', () => {
  it('asks for a new wake only before the one already set', () => {
    expect(isEarlier(5, Number.POSITIVE_INFINITY)).toBe(true);
    expect(isEarlier(5, 5)).toBe(false);
    expect(isEarlier(6, 5)).toBe(false);
  });
});

describe('createWakeTimer', () => {
  it('fires once, at the earliest time asked, and can be asked again after', async () => {
    const sim = createSimTime(0);
    const wakes: number[] = [];
    const wake = createWakeTimer(sim.clock, sim.timers, () => wakes.push(sim.now()));
    wake.at(500);
    wake.at(300);
    wake.at(800);
    await sim.runUntil(() => wakes.length > 0);
    expect(wakes).toEqual([300]);
    wake.at(900);
    await sim.runUntil(() => wakes.length > 1);
    expect(wakes).toEqual([300, 900]);
  });

  it('does not fire once cancelled', async () => {
    const sim = createSimTime(0);
    const wakes: number[] = [];
    const wake = createWakeTimer(sim.clock, sim.timers, () => wakes.push(sim.now()));
    wake.at(100);
    wake.cancel();
    // Something later keeps the simulation going past the cancelled wake.
    sim.timers.setTimeout(() => undefined, 2_000);
    await sim.runUntil(() => false, { until: 1_000 });
    expect(wakes).toEqual([]);
  });
});
