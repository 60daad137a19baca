/**
 * Every bridge method, given arbitrary input: the dispatcher answers an envelope, either a
 * JSON-safe result or an error with a known code and a sentence (never INTERNAL, which means
 * a handler threw something it did not expect), and it never throws or hangs.
 *
 * The core is real (real SQLite, real queue, the embedded demo service on 127.0.0.1) on time
 * that jumps, so a rate window or a back-off never turns into a wait.
 */
import fc from 'fast-check';
import { inputFor, PROTOTYPE_NAMES } from './bridge-inputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../src/main/demo/server';
import { METHOD_NAMES, type MethodName } from '../../../src/shared/bridge-names';
import { ERROR_CODES, type Envelope } from '../../../src/shared/errors';
import { createTerminalCodeConfirmation } from '../../../src/main/hosts/browser/token-code';
import { createTestCore, type TestCore } from '../../helpers/core';
import { createAutoTime, loopbackOnlyFetch } from '../auto-time';
import { SIZES, TEST_TIMEOUT_MS } from '../sizes';

let testCore: TestCore;
const origins: string[] = [];

beforeAll(async () => {
  const time = createAutoTime();
  testCore = createTestCore({
    clock: time.clock,
    timers: time.timers,
    random: () => 0.5,
    fetch: loopbackOnlyFetch(origins),
    startDemo: () => startDemoService({ port: 0, seed: 'bridge-properties', clock: time.clock }),
    timeoutMs: { normal: 5_000, slow: 5_000 },
    // Browser mode's confirmation: the first asks print a code (nowhere here), guesses are refused.
    confirmTokenOrigin: createTerminalCodeConfirmation({ tell: () => undefined, now: time.clock.now }),
  });
  // A small library, so ids 1..10 mostly exist and reads have something to return.
  for (const query of ['flood', 'harbour', 'drought']) {
    const seeded = await testCore.core.dispatch('service.call', { operation: 'videosite/search', params: { query }, collection: 'story' });
    expect(seeded).toMatchObject({ ok: true, value: { state: 'done' } });
  }
  // Note conflicts as a team sync leaves them, so keeping one text can succeed.
  testCore.core.context.db
    .prepare(
      `INSERT INTO team_note_conflicts (item_id, collection_id, first_body, first_member, first_at, second_body, second_member, second_at, seq)
       SELECT id, 0, 'one', 'Ana', '2026-01-01T00:00:00Z', 'two', 'Ben', '2026-01-01T00:01:00Z', id FROM items WHERE id <= 12`,
    )
    .run();
}, 60_000);

afterAll(async () => testCore?.dispose());

/** Fails the property if a call does not come back at all; a guard against hangs, not a timing check. */
async function dispatchOrHang(method: MethodName, input: unknown): Promise<Envelope<unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${method} did not answer within 30 s for input ${JSON.stringify(input)?.slice(0, 300)}`)),
      30_000,
    );
  });
  try {
    return await Promise.race([testCore.core.dispatch(method, input), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * With no hub to reach, team.connect and team.sync can only refuse; these refusals come from their
 * handlers (not the schema), so they show the generator got that far. The runtime's own tests
 * (test/main/core/team/runtime.test.ts) connect to a real PostgreSQL.
 */
const HANDLER_REFUSAL = /team hub cannot be reached|not connected to a team hub/;

describe('every bridge method under arbitrary input', () => {
  it.each(METHOD_NAMES.map((m) => [m]))(
    '%s answers a result or a coded error, never a throw, INTERNAL or a hang',
    async (method) => {
      let results = 0;
      if (method === 'collections.move') {
        // Arbitrary input to earlier methods may have renamed or deleted "story" (a random
        // record can name it); put it back so moving in it can succeed.
        await testCore.core.dispatch('collections.create', { name: 'story' });
        await testCore.core.dispatch('collections.add', { name: 'story', itemIds: [1, 2, 3] });
      }
      if (method === 'collections.delete') {
        // Collections to delete whose items carry tags named like Object.prototype members.
        for (const collection of ['desk', 'toString']) {
          await testCore.core.dispatch('collections.create', { name: collection });
          await testCore.core.dispatch('collections.add', { name: collection, itemIds: [1, 2] });
          for (const tag of PROTOTYPE_NAMES) await testCore.core.dispatch('items.tag', { itemIds: [1], tag, collection });
        }
      }
      if (method === 'watch.pause' || method === 'watch.resume') {
        // watch.remove may have removed every watch: a few to pause and resume.
        for (const query of ['flood', 'harbour', 'drought'])
          await testCore.core.dispatch('watch.add', {
            target: { kind: 'operation', operation: 'videosite/search', params: { query } },
            interval: '7d',
          });
      }
      let restoreBaseUrl: string | null = null;
      if (method === 'token.allow') {
        // A token saved for one address and a base URL pointing at another, so that allowing it
        // there can succeed (nothing is sent by allowing); the base URL is put back afterwards.
        restoreBaseUrl = (testCore.core.context.settings.get('service.base-url') as string | undefined) ?? 'demo';
        await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'http://127.0.0.1:8' });
        await testCore.core.dispatch('token.set', { token: 'tok_property_0123456789' });
        await testCore.core.dispatch('settings.set', { key: 'base-url', value: 'http://127.0.0.1:9' });
      }
      await fc.assert(
        fc.asyncProperty(inputFor(method), async (input) => {
          const envelope = await dispatchOrHang(method, input);
          if (envelope.ok) {
            // A result crosses IPC and HTTP as JSON: it must survive the trip.
            expect(envelope.value).not.toBeUndefined();
            expect(() => JSON.stringify(envelope.value)).not.toThrow();
            results += 1;
          } else {
            if (HANDLER_REFUSAL.test(envelope.error.message)) results += 1;
            expect(ERROR_CODES).toContain(envelope.error.code);
            expect(envelope.error.code, envelope.error.message).not.toBe('INTERNAL');
            expect(envelope.error.message).toMatch(/\w/);
            expect(envelope.error.message).not.toMatch(/\n\s+at /);
          }
          expect(Object.keys(envelope).sort()).toEqual(envelope.ok ? ['ok', 'value'] : ['error', 'ok']);
        }),
        { numRuns: SIZES.bridgeRunsPerMethod, seed: 20260408 },
      );
      if (restoreBaseUrl !== null) await testCore.core.dispatch('settings.set', { key: 'base-url', value: restoreBaseUrl });
      // The generator reaches the handler, not only the schema's refusals.
      expect(results, `${method} never answered a result`).toBeGreaterThan(0);
      // Whatever was set, nothing was ever sent anywhere but loopback.
      expect(origins.every((origin) => origin.startsWith('http://127.0.0.1:'))).toBe(true);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    },
    TEST_TIMEOUT_MS,
  );

  it('leaves a sound database behind', () => {
    expect(testCore.core.context.db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
