/**
 * `gleaner watch …` against the demo service playing time: watches added with their cost shown,
 * listed, run once as a baseline, run again after the demo moved on 48 hours (one JSON line per
 * change, in CLI.md's shape), read back with `watch changes`, paused, resumed, removed, and
 * refused past the cap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../../../src/main/demo/server';
import type { DemoService } from '../../../../src/main/demo/types';
import { cliIn } from '../../../helpers/cli-run';

let demo: DemoService;
let dir: string;
let env: Record<string, string>;

const gleaner = cliIn(
  () => dir,
  () => env,
);

const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  demo = await startDemoService({ port: 0, seed: 'cli-watch' });
  env = { GLEANER_TOKEN: demo.teams.find((team) => team.plan === 'team')!.token };
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-watch-'));
  expect((await gleaner('config', 'set', 'base-url', demo.url)).code).toBe(0);
  expect((await gleaner('config', 'set', 'plan', 'team')).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gleaner watch', () => {
  let itemId: number;

  it('add shows the cost first, for an item and for an account', async () => {
    const called = await gleaner('call', 'videosite', 'search', 'query=flood', '--json');
    expect(called.code, called.stderr).toBe(0);
    itemId = (JSON.parse(called.stdout) as { items: { id: number }[] }).items[0]!.id;
    const item = await gleaner('watch', 'add', '--item', String(itemId), '--every', '1h');
    expect(item.code, item.stderr).toBe(0);
    expect(item.stdout).toMatch(
      /^Cost: 24 request\(s\) a day; all watches together 24 a day, 0\.1 % of the plan’s 20000 \(watch cap 5000\)\.\n/,
    );
    expect(item.stdout).toContain('(watch 1), hourly.');
    const account = await gleaner('watch', 'add', 'videosite', 'channel/videos', 'handle=@newsroom', '--label', 'Newsroom', '--json');
    expect(account.code, account.stderr).toBe(0);
    expect(JSON.parse(account.stdout)).toMatchObject({
      watch: { id: 2, label: 'Newsroom', interval: '1d' },
      cost: { allWatchesPerDay: 25 },
    });
  });

  it('add refuses a bad interval, a missing target and an unknown operation, with INVALID_INPUT', async () => {
    for (const args of [['--item', '1', '--every', '2h'], [], ['videosite', 'nothing']]) {
      const refused = await gleaner('watch', 'add', ...args);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('INVALID_INPUT');
    }
  });

  it('list gives the watches and their cost against the cap', async () => {
    const listed = await gleaner('watch', 'list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const { watches, cost } = JSON.parse(listed.stdout) as { watches: { id: number }[]; cost: unknown };
    expect(watches.map((watch) => watch.id)).toEqual([1, 2]);
    expect(cost).toEqual({ allWatchesPerDay: 25, cap: 5000, dailyBudget: 20000 });
    expect((await gleaner('watch', 'list')).stdout).toContain('2 watch(es); 25 request(s) a day of the watch cap 5000');
  });

  it('run --all --json: nothing on the baseline run, then one line per change after 48 hours, as changes gives them', async () => {
    const baseline = await gleaner('watch', 'run', '--all', '--json');
    expect(baseline.code, baseline.stderr).toBe(0);
    expect(baseline.stdout).toBe('');
    demo.control.advance(48);
    const run = await gleaner('watch', 'run', '--all', '--json');
    expect(run.code, run.stderr).toBe(0);
    const changes = lines(run.stdout);
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(
        Object.keys(change).every((key) =>
          ['watch_id', 'item_id', 'change', 'field', 'before', 'after', 'request_id', 'at', 'demo'].includes(key),
        ),
      ).toBe(true);
      // Seen on the demo service (run here as an ordinary address, whose answers say they are invented).
      expect(change.demo).toBe(true);
      expect(['new', 'edited', 'no-longer-listed', 'unavailable', 'available-again', 'counts']).toContain(change.change);
      expect(change.at).toMatch(/^\d{4}-\d\d-\d\dT/);
      if (change.change !== 'unavailable') expect(change.request_id).toMatch(/^req_/);
    }
    const read = await gleaner('watch', 'changes', '--json');
    expect(lines(read.stdout)).toEqual(changes);
    expect((await gleaner('watch', 'changes', '--since', '2999-01-01', '--json')).stdout).toBe('');
  }, 60_000);

  it('pause, resume and remove; an unknown watch is NOT_FOUND', async () => {
    expect(JSON.parse((await gleaner('watch', 'pause', '1', '--json')).stdout)).toMatchObject({ id: 1, paused: true });
    expect(JSON.parse((await gleaner('watch', 'resume', '1', '--json')).stdout)).toMatchObject({ id: 1, paused: false });
    expect((await gleaner('watch', 'remove', '2')).stdout).toBe('Removed watch 2.\n');
    const missing = await gleaner('watch', 'pause', '99');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('NOT_FOUND');
    // What the removed watch noticed is kept.
    expect(lines((await gleaner('watch', 'changes', '--json')).stdout).length).toBeGreaterThan(0);
  });

  it('add is refused past the watch cap, naming the numbers', async () => {
    expect((await gleaner('config', 'set', 'watch.cap-share', '0.001')).code).toBe(0);
    const refused = await gleaner('watch', 'add', 'videosite', 'search', 'query=drought', '--every', '1h');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('BUDGET_EXCEEDED');
    expect(refused.stderr).toContain('past the watch cap of 20 a day');
  });
});
