import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../../../src/main/core/bridge/dispatcher';
import { createLogger } from '../../../../src/main/core/log';
import { GleanerError } from '../../../../src/shared/errors';
import { migrations } from '../../../../src/main/core/store/migrations';
import { createTestCore, type TestCore } from '../../../helpers/core';

describe('dispatcher', () => {
  let testCore: TestCore | undefined;
  afterEach(async () => testCore?.dispose());

  it('answers app.info from the real core with the SQLite version', async () => {
    testCore = createTestCore();
    const envelope = await testCore.core.dispatch('app.info', {});
    expect(envelope).toMatchObject({
      ok: true,
      value: { name: 'Gleaner', version: '0.0.0-test', dataDir: testCore.dataDir, schemaVersion: migrations.length },
    });
    expect(envelope.ok && (envelope.value as { sqliteVersion: string }).sqliteVersion).toMatch(/^3\.\d+\.\d+$/);
  });

  it('treats a missing input as an empty object', async () => {
    testCore = createTestCore();
    expect((await testCore.core.dispatch('app.info', undefined)).ok).toBe(true);
  });

  it.each([
    ['a string', 'hello'],
    ['an array', []],
    ['an unknown field', { verbose: true }],
    ['a number', 7],
  ])('rejects %s as INVALID_INPUT naming the problem', async (_label, input) => {
    testCore = createTestCore();
    const envelope = await testCore.core.dispatch('app.info', input);
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) {
      expect(envelope.error.code).toBe('INVALID_INPUT');
      expect(envelope.error.message).toMatch(/^Invalid input for app\.info: /);
    }
  });

  it('names the offending field', async () => {
    testCore = createTestCore();
    const envelope = await testCore.core.dispatch('app.info', { verbose: true });
    expect(!envelope.ok && envelope.error.message).toContain('verbose');
  });

  it.each(['nope', '', '__proto__', 'constructor', 42, null, { method: 'app.info' }])('refuses unknown method %j', async (method) => {
    testCore = createTestCore();
    const envelope = await testCore.core.dispatch(method, {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
  });

  it('passes a coded error through and hides unexpected ones behind INTERNAL', async () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const coded = createDispatcher(
      {
        'app.info': () => {
          throw new GleanerError('NOT_FOUND', 'No such item.');
        },
      } as unknown as Handlers,
      log,
    );
    expect(await coded('app.info', {})).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'No such item.' } });

    const crashing = createDispatcher(
      {
        'app.info': async () => {
          throw new TypeError('secret internals');
        },
      } as unknown as Handlers,
      log,
    );
    const envelope = await crashing('app.info', {});
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(!envelope.ok && envelope.error.message).not.toContain('secret internals');
    expect(lines.join('\n')).toContain('secret internals');
  });
});
