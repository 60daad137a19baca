/**
 * Which answers are demo data: the built-in demo target's always; another address's only when
 * the answer itself declares it (`meta.demo: true`), which Gleaner's demo service does however it
 * is run; a real service's never.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/core/log';
import { createServiceClient, type ServiceTarget } from '../../../../src/main/core/service/client';
import { DEFAULT_SERVICE_SETTINGS } from '../../../../src/main/core/settings/service-settings';
import { startDemoService } from '../../../../src/main/demo/server';
import type { DemoService } from '../../../../src/main/demo/types';

const running: DemoService[] = [];
afterEach(async () => {
  for (const demo of running.splice(0)) await demo.close();
});

/** A client whose every answer is `meta` in an otherwise valid envelope. */
function clientAnswering(meta: Record<string, unknown>, target: Omit<ServiceTarget, 'token'>) {
  const body = JSON.stringify({ success: true, data: { videos: [] }, meta: { platform: 'videosite', endpoint: 'search', ...meta } });
  return createServiceClient({
    fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
    clock: { now: () => 0 },
    log: createLogger(() => undefined),
    settings: () => DEFAULT_SERVICE_SETTINGS,
    target: async () => ({ ...target, token: 'tok_1234567890abcdef' }),
  });
}

const search = { query: 'flood' };

describe('an answer’s demo mark', () => {
  it('is set on every answer of the built-in demo target, whatever the answer says', async () => {
    const client = clientAnswering({ request_id: 'req_1' }, { baseUrl: 'http://127.0.0.1:9', demo: true });
    expect((await client.call('videosite/search', search)).demo).toBe(true);
  });

  it('is set on another address’s answer only when the answer declares itself invented', async () => {
    const declared = clientAnswering({ request_id: 'req_2', demo: true }, { baseUrl: 'https://api.service.example' });
    expect((await declared.call('videosite/search', search)).demo).toBe(true);
    const silent = clientAnswering({ request_id: 'req_3' }, { baseUrl: 'http://127.0.0.1:9' });
    expect((await silent.call('videosite/search', search)).demo).toBeUndefined();
    // Only the literal true declares it.
    const vague = clientAnswering({ request_id: 'req_4', demo: 'yes' }, { baseUrl: 'https://api.service.example' });
    expect((await vague.call('videosite/search', search)).demo).toBeUndefined();
  });

  it('comes from the demo service run as its own process, which declares its answers; a stand-in for a real service does not', async () => {
    for (const [declaresDemo, expected] of [
      [undefined, true],
      [false, undefined],
    ] as const) {
      const demo = await startDemoService({ port: 0, ...(declaresDemo === undefined ? {} : { declaresDemo }) });
      running.push(demo);
      const client = createServiceClient({
        fetch: globalThis.fetch.bind(globalThis),
        clock: { now: () => Date.now() },
        log: createLogger(() => undefined),
        settings: () => DEFAULT_SERVICE_SETTINGS,
        target: async () => ({ baseUrl: demo.url, token: demo.teams[0]!.token }),
      });
      const answer = await client.call('videosite/search', search);
      expect(answer.demo).toBe(expected);
      expect((JSON.parse(answer.body) as { meta: { demo?: unknown } }).meta.demo).toBe(expected);
    }
  });
});
