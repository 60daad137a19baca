import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/main/demo/rate-limit';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService, DemoTeamInfo } from '../../../src/main/demo/types';
import { call, fakeClock, request, tokenOf, type FakeClock } from './helpers';

let clock: FakeClock;
let service: DemoService;
beforeEach(async () => {
  clock = fakeClock();
  service = await startDemoService({ port: 0, clock });
});
afterEach(async () => {
  await service.close();
});

const trending = (plan: 'starter' | 'pro' | 'team') => call(service, 'videosite/trending', {}, tokenOf(service, plan));

async function burst(plan: 'starter' | 'pro' | 'team', count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await trending(plan)).status);
  return statuses;
}

describe('demo service rate limits', () => {
  it('answers the 31st starter request in a minute with 429 and Retry-After, and recovers after the window', async () => {
    expect(await burst('starter', 30)).toEqual(Array(30).fill(200));
    clock.advance(10_000);
    const limited = await trending('starter');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect((limited.json as { message: string }).message).toMatch(/30 requests per minute/);
    clock.advance(49_000);
    expect((await trending('starter')).status).toBe(429);
    clock.advance(1_000);
    expect((await trending('starter')).status).toBe(200);
  });

  it('slides the window: one slot frees as the oldest request ages out', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await trending('starter')).status).toBe(200);
      clock.advance(1_000);
    }
    const limited = await trending('starter');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    clock.advance(30_000);
    // Only the request at second 0 has left the window.
    expect((await trending('starter')).status).toBe(200);
    expect((await trending('starter')).status).toBe(429);
    clock.advance(1_000);
    expect((await trending('starter')).status).toBe(200);
  });

  it('limits each team separately, by plan', async () => {
    await burst('starter', 30);
    expect((await trending('starter')).status).toBe(429);
    expect(await burst('pro', 60)).toEqual(Array(60).fill(200));
    expect((await trending('pro')).status).toBe(429);
    expect((await trending('team')).status).toBe(200);
  });

  it('counts requests with bad parameters, not refused tokens', async () => {
    for (let i = 0; i < 30; i++) expect((await call(service, 'videosite/search', {}, tokenOf(service, 'starter'))).status).toBe(400);
    expect((await call(service, 'videosite/trending', {}, 'demo_starter_wrong')).status).toBe(401);
    expect((await trending('starter')).status).toBe(429);
  });

  it('lets invisible colleagues use part of the budget, so 429s come earlier', async () => {
    const answer = await request(service, '/__demo/colleagues', {
      method: 'POST',
      token: null,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    const set = await fetch(`${service.url}/__demo/colleagues`, {
      method: 'POST',
      body: JSON.stringify({ share: 0.5, team: 'demo-starter' }),
    });
    expect(set.status).toBe(200);
    expect(await burst('starter', 15)).toEqual(Array(15).fill(200));
    const limited = await trending('starter');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Only the starter team shares its budget.
    expect(await burst('pro', 31)).toEqual(Array(31).fill(200));
  });

  it('answers every request with 429 when colleagues use the whole budget', async () => {
    service.control.setColleagues(1);
    const limited = await trending('team');
    expect(limited.status).toBe(429);
    // Nothing Gleaner waits for frees a window the colleagues fill: the whole day, then.
    expect(limited.headers.get('retry-after')).toBe('86400');
    service.control.setColleagues(0);
    expect((await trending('team')).status).toBe(200);
  });

  it('refuses a colleague share outside 0..1', async () => {
    const answer = await fetch(`${service.url}/__demo/colleagues`, { method: 'POST', body: JSON.stringify({ share: 1.5 }) });
    expect(answer.status).toBe(400);
  });

  it('forgets the windows on reset', async () => {
    await burst('starter', 30);
    expect((await trending('starter')).status).toBe(429);
    expect((await fetch(`${service.url}/__demo/reset`, { method: 'POST' })).status).toBe(200);
    expect((await trending('starter')).status).toBe(200);
  });
});

describe('rate limiter day window', () => {
  const team = (plan: DemoTeamInfo['plan'], colleagueShare = 0): DemoTeamInfo => ({
    name: `t-${plan}`,
    plan,
    token: 'x',
    status: 'active',
    colleagueShare,
  });

  it('allows 1000 starter requests a day and says when the oldest one ages out', () => {
    const clock = fakeClock(0);
    const limiter = createRateLimiter(clock);
    for (let i = 0; i < 1000; i++) {
      expect(limiter.take(team('starter')).ok).toBe(true);
      clock.advance(61_000);
    }
    const refused = limiter.take(team('starter'));
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/1000 requests per day/) });
    const retryAfter = refused.ok ? 0 : refused.retryAfterSeconds;
    expect(retryAfter).toBe(Math.ceil((86_400_000 - 1000 * 61_000) / 1000));
    clock.advance(retryAfter * 1000);
    expect(limiter.take(team('starter')).ok).toBe(true);
  });

  it('shrinks the day budget by the colleagues share', () => {
    const clock = fakeClock(0);
    const limiter = createRateLimiter(clock);
    let allowed = 0;
    for (let i = 0; i < 6000; i++) {
      if (limiter.take(team('pro', 0.25)).ok) allowed += 1;
      clock.advance(10_000);
    }
    // 6000 requests over 16.7 hours: the day window never empties, so 75 % of 5000 get through.
    expect(allowed).toBe(3750);
  });
});
