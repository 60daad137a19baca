import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoRequestRecord, DemoService } from '../../../src/main/demo/types';
import { call, fakeClock, request, tokenOf, type FakeClock } from './helpers';

let clock: FakeClock;
let service: DemoService;
beforeEach(async () => {
  clock = fakeClock(Date.UTC(2025, 2, 4, 10, 30, 0));
  service = await startDemoService({ port: 0, clock });
});
afterEach(async () => {
  await service.close();
});

async function listed(): Promise<DemoRequestRecord[]> {
  const response = await fetch(`${service.url}/__demo/requests`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { requests: DemoRequestRecord[] }).requests;
}

function rawControl(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${service.url}/__demo/requests`, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo service control', () => {
  it('listens on 127.0.0.1 only', async () => {
    expect(service.url).toBe(`http://127.0.0.1:${service.port}`);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return;
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: external.address, port: service.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });

  it('lists the requests it received, with ISO times and statuses', async () => {
    await call(service, 'videosite/search', { query: 'café ☕' });
    clock.advance(1500);
    await call(service, 'videosite/search', {}, null);
    const requests = await listed();
    expect(requests).toEqual([
      {
        time: '2025-03-04T10:30:00.000Z',
        method: 'GET',
        path: '/api/v1/partner/videosite/search',
        query: { query: 'café ☕' },
        status: 200,
      },
      { time: '2025-03-04T10:30:01.500Z', method: 'GET', path: '/api/v1/partner/videosite/search', query: {}, status: 401 },
    ]);
    expect(service.control.requests()).toEqual(requests);
  });

  it('never lists a token, even one sent in the query', async () => {
    const old = tokenOf(service, 'team');
    const fresh = service.control.refreshToken('demo-team');
    for (const token of [old, fresh]) {
      await request(
        service,
        `/api/v1/partner/videosite/search?query=${token}&token=${token}&api_key=x&note=${encodeURIComponent(`Bearer ${token}`)}`,
        { token },
      );
    }
    const text = await (await fetch(`${service.url}/__demo/requests`)).text();
    for (const team of service.control.teams()) expect(text).not.toContain(team.token);
    expect(text).not.toContain(old);
    const first = (await listed())[0];
    expect(first?.query).toMatchObject({ query: '[redacted]', token: '[redacted]', api_key: '[redacted]', note: 'Bearer [redacted]' });
  });

  it('does not list or rate-limit control requests', async () => {
    for (let i = 0; i < 40; i++) await fetch(`${service.url}/__demo/teams`);
    expect(await listed()).toEqual([]);
    expect((await call(service, 'videosite/trending', {}, tokenOf(service, 'starter'))).status).toBe(200);
  });

  it('clears the list on reset', async () => {
    await call(service, 'videosite/trending');
    expect(await listed()).toHaveLength(1);
    await fetch(`${service.url}/__demo/reset`, { method: 'POST' });
    expect(await listed()).toEqual([]);
  });

  it('lists 404s for unknown paths too', async () => {
    await request(service, '/api/v1/partner/nowhere/thing?x=1');
    expect(await listed()).toMatchObject([{ path: '/api/v1/partner/nowhere/thing', query: { x: '1' }, status: 404 }]);
  });

  it('describes itself and the teams', async () => {
    const index = (await (await fetch(`${service.url}/__demo`)).json()) as { endpoints: string[] };
    expect(index.endpoints).toContain('GET /__demo/requests');
    const teams = (await (await fetch(`${service.url}/__demo/teams`)).json()) as { teams: { name: string; status: string }[] };
    expect(teams.teams.map((t) => t.status)).toEqual(['active', 'active', 'active']);
  });

  it('answers unknown control paths and wrong methods as JSON', async () => {
    expect((await fetch(`${service.url}/__demo/nothing`)).status).toBe(404);
    const wrong = await fetch(`${service.url}/__demo/reset`);
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toMatchObject({ success: false });
  });

  it('refuses control requests from web pages of other origins or for other hosts', async () => {
    expect(await rawControl({ origin: 'https://evil.example' })).toBe(403);
    expect(await rawControl({ host: 'evil.example' })).toBe(403);
    expect(await rawControl({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await rawControl({ origin: service.url })).toBe(200);
    expect(await rawControl({ host: `localhost:${service.port}` })).toBe(200);
  });

  it('labels its answers as demo data', async () => {
    expect((await call(service, 'videosite/trending')).headers.get('x-gleaner-demo')).toBe('demo data');
  });
});
