import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import type { DemoService, FaultRule } from '../../../src/main/demo/types';
import { SAMPLE_PARAMS, call, tickingClock } from './helpers';

let service: DemoService;
beforeEach(async () => {
  service = await startDemoService({ port: 0, clock: tickingClock() });
});
afterEach(async () => {
  await service.close();
});

async function setFaults(rules: FaultRule[] | unknown[]): Promise<Response> {
  return fetch(`${service.url}/__demo/faults`, { method: 'POST', body: JSON.stringify({ rules }) });
}

const trending = () => call(service, 'videosite/trending');

async function statuses(count: number, send = trending): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
}

/** Raw GET that reports a dropped connection as "dropped" (fetch hides the cause). */
function rawGet(path: string): Promise<{ status: number; body: string } | 'dropped'> {
  const token = service.teams[2]?.token ?? '';
  return new Promise((resolve) => {
    const req = httpRequest(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve('dropped'));
    });
    req.on('error', () => resolve('dropped'));
    req.end();
  });
}

describe('demo service fault injection', () => {
  it('adds latency', async () => {
    await setFaults([{ kind: 'latency', latencyMs: 40 }]);
    const started = performance.now();
    expect((await trending()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('slows the transcript operations only', async () => {
    // The first request builds the sample pool; time the second.
    await call(service, 'videosite/search', { query: 'warm-up' });
    service.control.setFaults([{ kind: 'slow-transcript', latencyMs: 60 }]);
    let started = performance.now();
    await call(service, 'videosite/search', { query: 'x' });
    expect(performance.now() - started).toBeLessThan(55);
    for (const operationId of ['videosite/transcript', 'tweetsite/transcript'] as const) {
      started = performance.now();
      expect((await call(service, operationId, SAMPLE_PARAMS[operationId])).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    }
  });

  it('answers a status for the next N requests, then recovers', async () => {
    expect((await setFaults([{ kind: 'status', status: 503, nextN: 2 }])).status).toBe(200);
    const first = await trending();
    expect(first.status).toBe(503);
    expect(first.json).toMatchObject({ success: false, message: expect.any(String) });
    expect(await statuses(3)).toEqual([503, 200, 200]);
  });

  it('answers a status on every Nth request', async () => {
    service.control.setFaults([{ kind: 'status', status: 500, everyNth: 2 }]);
    expect(await statuses(6)).toEqual([200, 500, 200, 500, 200, 500]);
  });

  it('fails a seeded share of requests, the same ones for the same seed', async () => {
    const rules: FaultRule[] = [{ kind: 'status', status: 502, rate: 0.5 }];
    service.control.setFaults(rules);
    const first = await statuses(40);
    const failed = first.filter((s) => s === 502).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    const other = await startDemoService({ port: 0, clock: tickingClock() });
    try {
      other.control.setFaults(rules);
      expect(await statuses(40, () => call(other, 'videosite/trending'))).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('limits a rule to the operations it names', async () => {
    service.control.setFaults([{ kind: 'status', status: 503, operations: ['videosite/search'] }]);
    expect((await call(service, 'videosite/search', { query: 'x' })).status).toBe(503);
    expect((await trending()).status).toBe(200);
  });

  it('drops the connection', async () => {
    service.control.setFaults([{ kind: 'drop', nextN: 1 }]);
    expect(await rawGet('/api/v1/partner/videosite/trending')).toBe('dropped');
    await expect(fetch(`${service.url}/api/v1/partner/videosite/trending`)).resolves.toBeDefined();
    service.control.setFaults([{ kind: 'drop' }]);
    await expect(fetch(`${service.url}/api/v1/partner/videosite/trending`)).rejects.toThrow();
  });

  it('truncates the JSON body', async () => {
    service.control.setFaults([{ kind: 'truncate', nextN: 1 }]);
    const answer = await rawGet('/api/v1/partner/videosite/trending');
    expect(answer).not.toBe('dropped');
    if (answer === 'dropped') return;
    expect(answer.status).toBe(200);
    expect(answer.body.startsWith('{"success":true')).toBe(true);
    expect(() => JSON.parse(answer.body) as unknown).toThrow();
    expect((await trending()).json).toBeDefined();
  });

  it('garbles the records: valid JSON, every record in a list replaced by a string, the rest kept', async () => {
    const lists = (data: Record<string, unknown>): unknown[][] =>
      Object.values(data).filter((value): value is unknown[] => Array.isArray(value) && value.length > 0);
    service.control.setFaults([{ kind: 'garbled', nextN: 1 }]);
    const garbled = (await trending()).json as { success: boolean; data: Record<string, unknown>; meta: { request_id: string } };
    expect(garbled.success).toBe(true);
    expect(garbled.meta.request_id).toMatch(/^req_/);
    expect(lists(garbled.data).length).toBeGreaterThan(0);
    expect(new Set(lists(garbled.data).flat())).toEqual(new Set(['unreadable record (injected fault)']));
    const normal = (await trending()).json as { data: Record<string, unknown> };
    expect(
      lists(normal.data)
        .flat()
        .every((record) => typeof record === 'object' && record !== null),
    ).toBe(true);
  });

  it('answers an HTML error page instead of JSON', async () => {
    service.control.setFaults([{ kind: 'html' }]);
    const answer = await trending();
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.json).toBeUndefined();
    expect(answer.text).toMatch(/<html>/);
  });

  it('answers 429 storms with and without Retry-After', async () => {
    service.control.setFaults([{ kind: 'rate-limit', retryAfterSeconds: 7, nextN: 3 }]);
    const withHeader = await statuses(3);
    expect(withHeader).toEqual([429, 429, 429]);
    expect((await trending()).status).toBe(200);
    service.control.setFaults([{ kind: 'rate-limit', retryAfterSeconds: 7 }]);
    expect((await trending()).headers.get('retry-after')).toBe('7');
    service.control.setFaults([{ kind: 'rate-limit', retryAfterSeconds: null }]);
    const without = await trending();
    expect(without.status).toBe(429);
    expect(without.headers.get('retry-after')).toBeNull();
  });

  it('lists, replaces and clears the rules over HTTP', async () => {
    await setFaults([{ kind: 'status', status: 503 }]);
    const listed = (await (await fetch(`${service.url}/__demo/faults`)).json()) as { rules: FaultRule[] };
    expect(listed.rules).toEqual([{ kind: 'status', status: 503 }]);
    expect((await trending()).status).toBe(503);
    expect((await fetch(`${service.url}/__demo/faults`, { method: 'DELETE' })).status).toBe(200);
    expect((await trending()).status).toBe(200);
  });

  it.each<unknown[]>([
    [{ kind: 'explode' }],
    [{ kind: 'latency' }],
    [{ kind: 'status', status: 418 }],
    [{ kind: 'status', rate: 2 }],
    [{ kind: 'status', everyNth: 0 }],
    [{ kind: 'status', operations: ['nowhere/op'] }],
    [{ kind: 'rate-limit', retryAfterSeconds: -1 }],
    ['not an object'],
  ])('refuses the bad rule %j with 400', async (rule) => {
    const answer = await setFaults([rule]);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(/rules\[0\]/);
    expect(() => service.control.setFaults([rule as FaultRule])).toThrow();
  });

  it('refuses a body that is not JSON', async () => {
    expect((await fetch(`${service.url}/__demo/faults`, { method: 'POST', body: '{nope' })).status).toBe(400);
    expect((await fetch(`${service.url}/__demo/faults`, { method: 'POST', body: '{}' })).status).toBe(400);
  });

  it('records faulted requests with their status, 0 for dropped ones', async () => {
    service.control.setFaults([
      { kind: 'status', status: 503, nextN: 1 },
      { kind: 'drop', everyNth: 2 },
    ]);
    await trending();
    await rawGet('/api/v1/partner/videosite/trending');
    expect(service.control.requests().map((r) => r.status)).toEqual([503, 0]);
  });
});
