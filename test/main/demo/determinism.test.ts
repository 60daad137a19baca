import { afterEach, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/shared/catalogue';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { SAMPLE_PARAMS, call, dataOf, originFree, tickingClock, withoutRequestId } from './helpers';

const started: DemoService[] = [];
async function start(seed: string | number): Promise<DemoService> {
  const service = await startDemoService({ port: 0, seed, clock: tickingClock() });
  started.push(service);
  return service;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

describe('demo service determinism', () => {
  it('answers every operation identically for the same seed, request ids and its own origin aside', async () => {
    const a = await start('same-seed');
    const b = await start('same-seed');
    for (const op of OPERATIONS) {
      const first = await call(a, op.id, SAMPLE_PARAMS[op.id]);
      const second = await call(b, op.id, SAMPLE_PARAMS[op.id]);
      expect(first.status, op.id).toBe(200);
      expect(originFree(b, second.json), op.id).toEqual(originFree(a, first.json));
      expect((second.json as { meta: { request_id: string } }).meta.request_id).not.toBe(
        (first.json as { meta: { request_id: string } }).meta.request_id,
      );
    }
  });

  it('answers the same request the same way twice on one service', async () => {
    const service = await start(7);
    for (const op of OPERATIONS.filter((o) => o.id !== 'videosite/trending')) {
      const first = await call(service, op.id, SAMPLE_PARAMS[op.id]);
      const second = await call(service, op.id, SAMPLE_PARAMS[op.id]);
      expect(withoutRequestId(second.json), op.id).toEqual(withoutRequestId(first.json));
    }
  });

  it('derives different data and tokens from a different seed', async () => {
    const a = await start('one');
    const b = await start('two');
    expect(a.teams.map((t) => t.token)).not.toEqual(b.teams.map((t) => t.token));
    const first = dataOf(await call(a, 'videosite/search', { query: 'x' }));
    const second = dataOf(await call(b, 'videosite/search', { query: 'x' }));
    expect(first.videos).not.toEqual(second.videos);
  });

  it('gives the same seed the same tokens, long and labelled by plan', async () => {
    const a = await start('tokens');
    const b = await start('tokens');
    expect(a.teams).toEqual(b.teams);
    expect(a.teams.map((t) => t.plan)).toEqual(['starter', 'pro', 'team']);
    for (const team of a.teams) {
      expect(team.token.length).toBeGreaterThanOrEqual(24);
      expect(team.token).toMatch(new RegExp(`^demo_${team.plan}_[0-9a-f]{32}$`));
    }
  });

  it('brings new trending shorts on every call, the same sequence for the same seed', async () => {
    const a = await start('trend');
    const b = await start('trend');
    const idsOf = async (service: DemoService) =>
      (dataOf(await call(service, 'videosite/trending')).shorts as { id: string }[]).map((s) => s.id);
    const a1 = await idsOf(a);
    const a2 = await idsOf(a);
    expect(a1.length).toBeGreaterThanOrEqual(40);
    expect(a1.length).toBeLessThanOrEqual(56);
    expect(a2.filter((id) => a1.includes(id))).toEqual([]);
    expect(await idsOf(b)).toEqual(a1);
    expect(await idsOf(b)).toEqual(a2);
    // Reset starts the sequence again.
    a.control.reset();
    expect(await idsOf(a)).toEqual(a1);
  });

  it('answers a trending short by its URL with the same details', async () => {
    const service = await start('trend-details');
    const short = (dataOf(await call(service, 'videosite/trending')).shorts as { id: string; url: string; title: string }[])[0];
    for (const url of [short?.url ?? '', `https://www.youtube.com/watch?v=${short?.id ?? ''}`]) {
      expect(dataOf(await call(service, 'videosite/video', { url }))).toMatchObject({ id: short?.id, title: short?.title, type: 'short' });
    }
  });
});
