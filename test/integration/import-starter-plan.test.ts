/**
 * Issue 5's check on simulated time: 300 mixed links (junk and duplicates among them)
 * imported against the built-in demo service on the Starter plan. Junk costs no request,
 * the plan comes first, and no minute ever sees more than 30 requests at the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import type { ImportPlan } from '../../src/shared/queue';
import { createTestCore, type TestCore } from '../helpers/core';
import { mixedImportList } from '../helpers/import-list';
import { createSimTime } from '../helpers/sim-time';
import { maxInWindow } from '../main/core/queue/harness';

const sim = createSimTime();
let demo: DemoService;
let testCore: TestCore;

beforeAll(async () => {
  testCore = createTestCore({
    fetch: globalThis.fetch.bind(globalThis),
    clock: sim.clock,
    timers: sim.timers,
    startDemo: async () => (demo = await startDemoService({ port: 0, seed: 'starter-import', clock: sim.clock })),
  });
});
afterAll(() => testCore.dispose());

describe('importing 300 mixed links on the Starter plan', () => {
  it('plans first, spends nothing on junk, stays within 30 a minute, and stores every link once', async () => {
    const list = mixedImportList(300, { junk: 30, duplicates: 30 });
    const planned = await testCore.core.dispatch('import.plan', { text: list.text });
    expect(planned.ok).toBe(true);
    const plan = (planned as { value: ImportPlan }).value;
    expect(plan.counts).toMatchObject({ fetch: 300, rejected: 30, duplicate: 30 });
    for (const line of plan.lines.filter((l) => l.status === 'rejected')) expect(line.reason).toMatch(/\w/);
    expect(plan.quota).toMatchObject({ requests: 300, minutesAtPlanRate: 10, fitsToday: true });

    const started = await testCore.core.dispatch('import.start', { text: list.text, collection: 'Tip sheet' });
    const { batchId } = (started as { value: { batchId: number } }).value;
    // A colleague's desk imports the same sheet into its own collection while it is still waiting:
    // nothing is queued twice, and the desk's collection fills as the links are fetched.
    const desk = (await testCore.core.dispatch('import.start', { text: list.text, collection: 'Desk copy' })) as {
      value: { batchId: number | null; queuedInto: number };
    };
    expect(desk.value).toMatchObject({ batchId: null, queuedInto: 300 });
    await sim.runUntil(() => testCore.core.context.queue.batchProgress(batchId).finished, {
      idle: () => testCore.core.context.queue.whenIdle(),
    });

    expect(testCore.core.context.queue.batchProgress(batchId)).toMatchObject({ done: 300, failed: 0 });
    const received = demo.control.requests().filter((r) => r.path.startsWith('/api/'));
    expect(received).toHaveLength(300);
    expect(
      maxInWindow(
        received.map((r) => Date.parse(r.time)),
        60_000,
      ),
    ).toBeLessThanOrEqual(30);
    expect(received.every((r) => r.status === 200)).toBe(true);
    const items = testCore.core.context.db.prepare('SELECT count(*) FROM items').pluck().get();
    expect(items).toBe(300);
    const inCollection = await testCore.core.dispatch('collections.items', { name: 'Tip sheet' });
    expect((inCollection as { value: { items: unknown[] } }).value.items).toHaveLength(300);
    const deskCopy = (await testCore.core.dispatch('collections.items', { name: 'Desk copy' })) as { value: { items: unknown[] } };
    expect(deskCopy.value.items).toHaveLength(300);

    // The same sheet into another collection: everything is in the library, so nothing is sent, and all of it is collected.
    const again = (await testCore.core.dispatch('import.start', { text: list.text, collection: 'Second look' })) as {
      value: { batchId: number | null; collected: number };
    };
    expect(again.value).toMatchObject({ batchId: null, collected: 300 });
    expect(demo.control.requests().filter((r) => r.path.startsWith('/api/'))).toHaveLength(300);
    const second = (await testCore.core.dispatch('collections.items', { name: 'Second look' })) as { value: { items: { id: number }[] } };
    expect(second.value.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      (inCollection as { value: { items: { id: number }[] } }).value.items.map((i) => i.id).sort((a, b) => a - b),
    );
  }, 120_000);
});
