import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService } from '../../../src/main/demo/types';
import { call, request, tickingClock, tokenOf } from './helpers';

let service: DemoService;
beforeEach(async () => {
  service = await startDemoService({ port: 0, clock: tickingClock() });
});
afterEach(async () => {
  await service.close();
});

const post = (path: string) => request(service, path, { method: 'POST', token: null });
const trending = (token: string | null) => call(service, 'videosite/trending', {}, token);

describe('demo service authentication', () => {
  it('has one team per plan', () => {
    expect(service.teams.map((t) => [t.name, t.plan])).toEqual([
      ['demo-starter', 'starter'],
      ['demo-pro', 'pro'],
      ['demo-team', 'team'],
    ]);
  });

  it('accepts each team token', async () => {
    for (const team of service.teams) expect((await trending(team.token)).status).toBe(200);
  });

  it.each([
    ['no header', null],
    ['an unknown token', 'demo_team_00000000000000000000000000000000'],
  ])('answers 401 with %s', async (_, token) => {
    const answer = await trending(token);
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('answers 401 to a malformed Authorization header', async () => {
    const token = tokenOf(service, 'pro');
    for (const header of [token, `Basic ${token}`, 'Bearer', `Bearer ${token} extra`]) {
      const answer = await request(service, '/api/v1/partner/videosite/trending', { token: null, headers: { authorization: header } });
      expect(answer.status, header).toBe(401);
    }
  });

  it('invalidates the old token when the token is refreshed', async () => {
    const old = tokenOf(service, 'starter');
    const answer = await post('/__demo/teams/demo-starter/refresh-token');
    expect(answer.status).toBe(200);
    const fresh = (answer.json as { token: string }).token;
    expect(fresh).not.toBe(old);
    expect(tokenOf(service, 'starter')).toBe(fresh);
    expect((await trending(old)).status).toBe(401);
    expect((await trending(fresh)).status).toBe(200);
  });

  it('answers 403 while the subscription has lapsed, and accepts the token again after reactivation', async () => {
    const token = tokenOf(service, 'pro');
    expect((await post('/__demo/teams/demo-pro/lapse')).status).toBe(200);
    const lapsed = await trending(token);
    expect(lapsed.status).toBe(403);
    expect((lapsed.json as { message: string }).message).toMatch(/subscription/);
    expect((await trending(tokenOf(service, 'team'))).status).toBe(200);
    expect((await post('/__demo/teams/demo-pro/reactivate')).status).toBe(200);
    expect((await trending(token)).status).toBe(200);
  });

  it('answers 401 while the account is suspended (its token is invalid), as the spec says', async () => {
    const token = tokenOf(service, 'team');
    await post('/__demo/teams/demo-team/suspend');
    const answer = await trending(token);
    expect(answer.status).toBe(401);
    expect((answer.json as { message: string }).message).toMatch(/suspended/);
    service.control.reactivate('team');
    expect((await trending(token)).status).toBe(200);
  });

  it('offers the same transitions in process', async () => {
    const old = tokenOf(service, 'team');
    const fresh = service.control.refreshToken('demo-team');
    expect((await trending(old)).status).toBe(401);
    service.control.lapse('demo-team');
    expect((await trending(fresh)).status).toBe(403);
    service.control.reactivate('demo-team');
    expect((await trending(fresh)).status).toBe(200);
  });

  it('answers 404 for an unknown team or action', async () => {
    expect((await post('/__demo/teams/nobody/lapse')).status).toBe(404);
    expect((await post('/__demo/teams/demo-team/explode')).status).toBe(404);
  });

  it('checks the token before the parameters', async () => {
    expect((await call(service, 'videosite/search', {}, null)).status).toBe(401);
    expect((await call(service, 'videosite/search', {}, tokenOf(service, 'team'))).status).toBe(400);
  });
});
