/** The export dialog asks for the change history (watches) only when its box is ticked. */
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { method: string; input: unknown }[]);

vi.mock('../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: unknown) => {
      calls.push({ method, input });
      return { exportId: null };
    },
    subscribe: () => () => {},
  },
}));

const { useExportStore } = await import('../../src/renderer/src/stores/export-store');

describe('export with the change history', () => {
  it('sends changeHistory when chosen, and leaves it out otherwise', async () => {
    const store = useExportStore.getState();
    store.open({ scope: { kind: 'item', id: 7 }, description: 'one item' }, 'test');
    await useExportStore.getState().start();
    expect(calls.at(-1)!.input).not.toHaveProperty('changeHistory');
    useExportStore.getState().setOptions({ changeHistory: true });
    await useExportStore.getState().start();
    expect(calls.at(-1)).toEqual({
      method: 'export.start',
      input: { scope: { kind: 'item', id: 7 }, format: 'csv', transcripts: false, manifest: false, changeHistory: true },
    });
  });
});
