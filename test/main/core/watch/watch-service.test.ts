/**
 * The watch service's due pass: while the app is open it runs every minute, so a pass that finds
 * nothing due must cost one indexed read, not the settings and the day's sum of runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { createWatchService } from '../../../../src/main/core/watch/watch-service';
import { createTestCore, type TestCore } from '../../../helpers/core';

let testCore: TestCore | undefined;
afterEach(async () => {
  await testCore?.dispose();
  testCore = undefined;
});

/** The settings, counting what is read from them. */
function countingSettings(settings: SettingsRepository): { settings: SettingsRepository; reads: () => number } {
  let reads = 0;
  return {
    reads: () => reads,
    settings: {
      get: (key) => {
        reads += 1;
        return settings.get(key);
      },
      entries: (prefix) => {
        reads += 1;
        return settings.entries(prefix);
      },
      set: (key, value) => settings.set(key, value),
      delete: (key) => settings.delete(key),
    },
  };
}

describe('a pass over due watches', () => {
  it('reads no settings when nothing is due, and queues what is', async () => {
    let now = Date.parse('2026-03-02T00:00:00Z');
    testCore = createTestCore({ clock: { now: () => now }, databasePath: ':memory:' });
    const { context } = testCore.core;
    await context.queue.stop();
    const counted = countingSettings(context.settings);
    const service = createWatchService({
      db: context.db,
      settings: counted.settings,
      service: context.service,
      queue: context.queue,
      clock: { now: () => now },
    });
    service.add({ target: { kind: 'operation', operation: 'videosite/search', params: { query: 'tide' } }, interval: '1h' });
    expect(await service.run({})).toMatchObject({ queued: 1 });
    const readsBefore = counted.reads();
    now += 60_000;
    expect(await service.run({})).toMatchObject({ queued: 0 });
    expect(counted.reads()).toBe(readsBefore);
    now += 3_600_000;
    // Its first run has not been examined yet, so it is not queued twice; but the pass does weigh it.
    expect(await service.run({})).toMatchObject({ queued: 0 });
    expect(counted.reads()).toBeGreaterThan(readsBefore);
  });
});
