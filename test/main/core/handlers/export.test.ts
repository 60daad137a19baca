import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore;
beforeEach(() => {
  testCore = createTestCore();
});
afterEach(async () => testCore.dispose());

describe('export.start / export.cancel', () => {
  it('refuses a request that names no known format or scope before anything is read', async () => {
    expect(await testCore.core.dispatch('export.start', { scope: { kind: 'all' }, format: 'docx' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(await testCore.core.dispatch('export.start', { scope: { kind: 'everything' }, format: 'csv' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('cancels nothing for an export it does not know, and needs a real export id', async () => {
    expect(await testCore.core.dispatch('export.cancel', { exportId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(await testCore.core.dispatch('export.cancel', { exportId: 'not-an-id' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });
});
