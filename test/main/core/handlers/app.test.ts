import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../../src/main/core/store/migrations';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
beforeEach(() => {
  testCore = createTestCore();
});
afterEach(async () => testCore.dispose());

describe('app.info', () => {
  it('names the data folder, the library file and the versions of what runs', async () => {
    const answer = await testCore.core.dispatch('app.info', {});
    expect(answer).toMatchObject({
      ok: true,
      value: {
        name: 'Gleaner',
        version: '0.0.0-test',
        dataDir: testCore.dataDir,
        host: 'cli',
        schemaVersion: migrations.length,
        nodeVersion: process.versions.node,
      },
    });
    const value = (answer as { value: { databasePath: string; sqliteVersion: string } }).value;
    expect(value.databasePath.startsWith(testCore.dataDir)).toBe(true);
    expect(value.sqliteVersion).toMatch(/^3\.\d+\.\d+$/);
  });

  it('refuses input it does not take', async () => {
    expect(await testCore.core.dispatch('app.info', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
