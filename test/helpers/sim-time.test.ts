/**
 * The simulated clock the queue and watch tests run on: a month of short timers (the runner lease,
 * the watch tick) must not turn the event loop for each one, and work a timer starts must still
 * settle before time jumps past it.
 */
import { describe, expect, it } from 'vitest';
import { createSimTime } from './sim-time';

describe('simulated time', () => {
  it('fires timers that start nothing asynchronous one after another, without turning the event loop for each', async () => {
    const sim = createSimTime(0);
    let fired = 0;
    const renew = () => {
      fired += 1;
      sim.timers.setTimeout(renew, 10_000);
    };
    sim.timers.setTimeout(renew, 10_000);
    let turns = 0;
    let counting = true;
    const countTurn = () => {
      turns += 1;
      if (counting) setImmediate(countTurn);
    };
    setImmediate(countTurn);
    await sim.runUntil(() => fired >= 1_000);
    counting = false;
    expect(fired).toBe(1_000);
    // Settled once at the start; before, five turns or more went by for every timer.
    expect(turns).toBeLessThan(100);
  });

  it('lets what a timer started settle before the clock moves past it', async () => {
    const sim = createSimTime(0);
    const order: string[] = [];
    sim.timers.setTimeout(() => {
      order.push('first');
      void Promise.resolve().then(() => sim.timers.setTimeout(() => order.push('started by first'), 1));
    }, 10);
    sim.timers.setTimeout(() => order.push('later'), 20);
    await sim.runUntil(() => order.length === 3);
    expect(order).toEqual(['first', 'started by first', 'later']);
  });

  it('lets what awaits a promise a timer settles run before the clock moves on', async () => {
    const sim = createSimTime(0);
    const order: string[] = [];
    const delay = new Promise<void>((resolve) => sim.timers.setTimeout(resolve, 10));
    void delay.then(() => order.push('after the delay at ' + sim.now()));
    sim.timers.setTimeout(() => order.push('later'), 20);
    await sim.runUntil(() => order.length === 2);
    expect(order).toEqual(['after the delay at 10', 'later']);
  });
});
