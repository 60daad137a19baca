/**
 * The same list imported by three `gleaner import` runs started at once (three terminals, a
 * script run twice): each link is fetched once, whichever run planned first, and every run ends
 * with all of them done. Before, each run saw nothing queued when it planned, and each fetched
 * (and paid for) the whole list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

let demo: RunningDemo;
let dataDir: string;
let env: Record<string, string>;
const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir], { env, timeoutMs: 120_000 });

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'import-concurrent']);
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-import-concurrent-'));
  env = { GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  // The team plan's own pace (120 a minute): the list goes out within one minute, with no 429.
  for (const [key, value] of [
    ['base-url', demo.url],
    ['plan', 'team'],
  ]) {
    expect((await gleaner('config', 'set', key!, value!)).code).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('one list imported three times at once', () => {
  it('fetches each link once, and each run waits for all of them', async () => {
    const links = Array.from({ length: 110 }, (_, i) => `https://www.youtube.com/watch?v=cc${String(i).padStart(9, '0')}`);
    const file = join(dataDir, 'links.txt');
    writeFileSync(file, links.join('\n'));
    const runs = await Promise.all([
      gleaner('import', file, '--collection', 'Desk A'),
      gleaner('import', file, '--collection', 'Desk B'),
      gleaner('import', file),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);

    const received = (
      (await (await fetch(`${demo.url}/__demo/requests`)).json()) as { requests: { path: string; query: Record<string, string> }[] }
    ).requests.filter((r) => r.path.startsWith('/api/'));
    expect(received).toHaveLength(links.length);
    expect(new Set(received.map((r) => r.query.url)).size).toBe(links.length);
    // Each desk's collection holds the whole list, whichever run fetched it.
    for (const name of ['Desk A', 'Desk B']) {
      const shown = JSON.parse((await gleaner('collections', 'show', name, '--json')).stdout) as { items: unknown[] };
      expect(shown.items, name).toHaveLength(links.length);
    }
  }, 180_000);
});
