import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../src/main/core/core';
import type { CoreDeps } from '../../src/main/core/context';
import { createLogger } from '../../src/main/core/log';
import { createMemorySecretStore } from '../../src/main/core/secrets/secret-store';
import { startDemoService } from '../../src/main/demo/server';

export interface TestCore {
  core: Core;
  dataDir: string;
  logLines: string[];
  dispose(): Promise<void>;
}

/** A real core on a fresh temporary data folder, with a stub fetch that refuses to go anywhere. */
export function createTestCore(overrides: Partial<CoreDeps> = {}): TestCore {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-test-'));
  const logLines: string[] = [];
  const core = createCore({
    dataDir,
    appVersion: '0.0.0-test',
    host: 'cli',
    clock: { now: () => Date.parse('2026-01-02T03:04:05Z') },
    fetch: async () => {
      throw new Error('tests must not reach the network');
    },
    secretStore: createMemorySecretStore(),
    log: createLogger((line) => logLines.push(line)),
    // The hosts' own demo starter, so a test on the default (demo) base URL runs as the app does.
    startDemo: () => startDemoService({ port: 0 }),
    ...overrides,
  });
  // Hosts start the queue; so does every test core (bridge calls go through it).
  core.context.queue.start();
  return {
    core,
    dataDir,
    logLines,
    async dispose() {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
