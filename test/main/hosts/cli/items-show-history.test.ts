/**
 * `gleaner items show` after watches saw an item change and another vanish (issue 30's check):
 * the versions cite the answers that carried them, and an unavailable item says so while its
 * earlier text and transcript stay shown. Against the demo service playing time.
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

interface Change {
  item_id: number;
  change: string;
  field?: string;
  request_id: string | null;
}

let changes: Change[] = [];
let watched: number[] = [];

beforeAll(async () => {
  demo = await startDemoService({ port: 0, seed: 'items-show-history' });
  env = { GLEANER_TOKEN: demo.teams.find((team) => team.plan === 'team')!.token };
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-history-'));
  expect((await gleaner('config', 'set', 'base-url', demo.url)).code).toBe(0);
  expect((await gleaner('config', 'set', 'plan', 'team')).code).toBe(0);
  const called = await gleaner('call', 'videosite', 'search', 'query=harbour', '--json');
  expect(called.code, called.stderr).toBe(0);
  const items = (JSON.parse(called.stdout) as { items: { id: number; kind: string }[] }).items.filter((item) => item.kind === 'video');
  watched = items.map((item) => item.id);
  for (const item of items) expect((await gleaner('watch', 'add', '--item', String(item.id), '--every', '1h')).code).toBe(0);
  expect((await gleaner('watch', 'run', '--all')).code).toBe(0);
  const advanced = await fetch(`${demo.url}/__demo/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hours: 96 }),
  });
  expect(advanced.status).toBe(200);
  const run = await gleaner('watch', 'run', '--all', '--json');
  expect(run.code, run.stderr).toBe(0);
  changes = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Change);
}, 120_000);

afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('gleaner items show, after watches', () => {
  it('lists the versions of an edited item, each citing its request id and hash', async () => {
    const edited = changes.find((change) => change.change === 'edited' && change.field === 'title');
    expect(edited, JSON.stringify(changes)).toBeDefined();
    const shown = await gleaner('items', 'show', String(edited!.item_id));
    expect(shown.code, shown.stderr).toBe(0);
    const versions = shown.stdout.slice(shown.stdout.indexOf('Versions:'), shown.stdout.indexOf('Provenance:'));
    expect(versions).toMatch(/^Versions:\n {2}\S+ {2}as first kept {2}\(request req_\w+, sha256 [0-9a-f]{64}\)\n {4}title: /);
    expect(versions).toContain(`changed: title  (request ${edited!.request_id}, sha256 `);
  });

  it('says an unavailable item is gone, since when and from which answer, and still shows its text and transcript', async () => {
    const gone = changes.find((change) => change.change === 'unavailable');
    expect(gone, JSON.stringify(changes)).toBeDefined();
    const shown = await gleaner('items', 'show', String(gone!.item_id));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      /\nStatus: {5}unavailable since \d{4}-\d\d-\d\dT[^ ]+Z.*; its earlier versions, transcript and notes are kept\n/,
    );
    const json = JSON.parse((await gleaner('items', 'show', String(gone!.item_id), '--json')).stdout) as {
      item: { title: string | null };
      transcripts: unknown[];
    };
    expect(json.item.title).not.toBeNull();
    expect(shown.stdout).toContain(`Title:      ${json.item.title}`);
    if (json.transcripts.length > 0) expect(shown.stdout).toContain('\nTranscript:');
  });

  it('prints no Versions section for an item no fetch has changed', async () => {
    const changed = new Set(changes.filter((change) => change.change === 'edited').map((change) => change.item_id));
    const unchanged = watched.find((id) => !changed.has(id));
    expect(unchanged).toBeDefined();
    const shown = await gleaner('items', 'show', String(unchanged));
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toContain('Versions:');
  });
});
