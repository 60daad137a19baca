/** Each fault the demo service can inject ends in the right coded error, and nothing hangs. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../../../src/main/demo/types';
import type { FaultRule } from '../../../../src/main/demo/types';
import type { ServiceClient } from '../../../../src/main/core/service/client';
import type { GleanerError } from '../../../../src/shared/errors';
import { clientOnDemo } from '../../../helpers/demo';

let demo: DemoService;
let client: ServiceClient;

beforeAll(async () => {
  ({ demo, client } = await clientOnDemo({ timeoutMs: { normal: 400, slow: 800 } }));
});
afterAll(() => demo.close());
afterEach(() => {
  demo.control.clearFaults();
  demo.control.reactivate('team');
});

async function failureOf(call: Promise<unknown>): Promise<GleanerError> {
  try {
    await call;
  } catch (error) {
    return error as GleanerError;
  }
  throw new Error('expected the call to fail');
}

const trending = () => client.call('videosite/trending', {});

describe('fault injection through the client', () => {
  it.each<[string, FaultRule, string]>([
    ['HTTP 500', { kind: 'status', status: 500, nextN: 1 }, 'UPSTREAM_ERROR'],
    ['HTTP 502', { kind: 'status', status: 502, nextN: 1 }, 'UPSTREAM_ERROR'],
    ['HTTP 503', { kind: 'status', status: 503, nextN: 1 }, 'UPSTREAM_ERROR'],
    ['a dropped connection', { kind: 'drop', nextN: 1 }, 'NETWORK'],
    ['an HTML error page from a proxy (502)', { kind: 'html', nextN: 1 }, 'UPSTREAM_ERROR'],
    ['an HTML page with status 200', { kind: 'html', status: 200, nextN: 1 }, 'MALFORMED_RESPONSE'],
    ['a 429 with Retry-After', { kind: 'rate-limit', retryAfterSeconds: 7, nextN: 1 }, 'RATE_LIMITED'],
    ['a 429 without Retry-After', { kind: 'rate-limit', retryAfterSeconds: null, nextN: 1 }, 'RATE_LIMITED'],
    ['latency past the timeout', { kind: 'latency', latencyMs: 2_000, nextN: 1 }, 'TIMEOUT'],
  ])('%s → %s', async (_label, rule, code) => {
    demo.control.setFaults([rule]);
    const started = Date.now();
    const error = await failureOf(trending());
    expect(error.code).toBe(code);
    expect(Date.now() - started).toBeLessThan(3_000);
    // The fault was for one request only: the next one works.
    await expect(trending()).resolves.toMatchObject({ status: 200 });
  });

  it('a truncated body is never taken for a response', async () => {
    demo.control.setFaults([{ kind: 'truncate', nextN: 1 }]);
    expect(['MALFORMED_RESPONSE', 'NETWORK']).toContain((await failureOf(trending())).code);
  });

  it('passes Retry-After on to the caller', async () => {
    demo.control.setFaults([{ kind: 'rate-limit', retryAfterSeconds: 7, nextN: 1 }]);
    expect((await failureOf(trending())).details.retryAfterMs).toBe(7_000);
  });

  it('a slow transcript gets the longer time limit', async () => {
    demo.control.setFaults([{ kind: 'slow-transcript', latencyMs: 600, nextN: 1 }]);
    await expect(client.call('tweetsite/transcript', { url: 'https://x.com/newsroom/status/1712345678901234567' })).resolves.toMatchObject({
      status: 200,
    });
  });

  it('a lapsed subscription is SUBSCRIPTION_INACTIVE; a refreshed token makes the old one TOKEN_REJECTED', async () => {
    demo.control.lapse('team');
    expect((await failureOf(trending())).code).toBe('SUBSCRIPTION_INACTIVE');
    demo.control.reactivate('team');
    await expect(trending()).resolves.toMatchObject({ status: 200 });
  });

  it('a replaced token is TOKEN_REJECTED', async () => {
    const { demo: own, client: ownClient } = await clientOnDemo({ seed: 'refresh' });
    const stale = own.teams.find((t) => t.plan === 'team')!.token;
    const fresh = own.control.refreshToken('team');
    expect(fresh).not.toBe(stale);
    // clientOnDemo reads the current token each call, so send the stale one explicitly.
    const response = await fetch(`${own.url}/api/v1/partner/videosite/trending`, { headers: { authorization: `Bearer ${stale}` } });
    expect(response.status).toBe(401);
    await expect(ownClient.call('videosite/trending', {})).resolves.toMatchObject({ status: 200 });
    await own.close();
  });
});
