import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
beforeEach(() => (testCore = createTestCore()));
afterEach(async () => testCore.dispose());

// Long, yet within what each field's schema lets through to the check that quotes it.
const LONG = 'x'.repeat(1500);

async function messageOf(method: string, input: unknown): Promise<string> {
  const answer = await testCore.core.dispatch(method, input);
  expect(answer.ok).toBe(false);
  return (answer as { error: { message: string } }).error.message;
}

describe('error messages quote at most 200 characters of the input', () => {
  it.each([
    ['an unknown field name', 'app.info', { [LONG]: 1 }],
    ['a base URL', 'settings.set', { key: 'base-url', value: LONG }],
    ['the scheme of a link', 'service.call', { operation: 'videosite/video', params: { url: `${LONG}:x` } }],
    ['a host list', 'settings.addHosts', { platform: 'videosite', hosts: `${LONG}/` }],
  ])('%s', async (_what, method, input) => {
    const message = await messageOf(method, input);
    expect(message).not.toContain('x'.repeat(201));
    expect(message).toContain('x'.repeat(150));
    expect(message).toContain('…');
  });
});
