/**
 * A share link, once fetched, is the item it resolved to: through the CLI against the demo
 * service, a vm.tiktok.com link imported with its transcript, and one fetched with `gleaner call`
 * as typed, are "already in the library" in the next import's plan and cost no request again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

vi.setConfig({ testTimeout: 60_000 });

let demo: RunningDemo;
let dataDir: string;
let env: Record<string, string>;

const gleaner = (args: string[], stdin?: string) =>
  runGleaner([...args, '--data-dir', dataDir], { env, ...(stdin === undefined ? {} : { stdin }) });
const requestsSeen = async () => ((await (await fetch(`${demo.url}/__demo/requests`)).json()) as { requests: unknown[] }).requests.length;

interface PlanLine {
  status: string;
  itemId?: number;
}
const planOf = async (links: string, ...options: string[]) => {
  const run = await gleaner(['import', '-', '--dry-run', '--json', ...options], links);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { plan: { lines: PlanLine[] } }).plan.lines.filter((line) => line.status !== 'blank');
};

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'share-links']);
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-share-links-'));
  env = { GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  expect((await gleaner(['config', 'set', 'base-url', demo.url])).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('share links through the CLI', () => {
  it('an imported share link is already in the library for the next import, with or without transcripts', async () => {
    const link = 'https://vm.tiktok.com/ZMimport1/\n';
    const first = await gleaner(['import', '-', '--transcripts', '--json'], link);
    expect(first.code, first.stderr).toBe(0);
    const sent = await requestsSeen();
    for (const options of [[], ['--transcripts']]) {
      const [line] = await planOf(link, ...options);
      expect(line, options.join(' ')).toMatchObject({ status: 'already-fetched', itemId: expect.any(Number) });
    }
    const again = await gleaner(['import', '-', '--json'], link);
    expect(again.code, again.stderr).toBe(0);
    expect(await requestsSeen()).toBe(sent);
    expect((await planOf(link, '--refresh'))[0]).toMatchObject({ status: 'fetch' });
  });

  it('a share link fetched with gleaner call, as typed, is the item it resolved to', async () => {
    const call = await gleaner(['call', 'shortvideo', 'video', 'url=https://vm.tiktok.com/ZMcalled2/', '--json']);
    expect(call.code, call.stderr).toBe(0);
    const { items } = JSON.parse(call.stdout) as { items: { id: number }[] };
    expect(await planOf('vm.tiktok.com/ZMcalled2\n')).toEqual([
      expect.objectContaining({ status: 'already-fetched', itemId: items[0]!.id }),
    ]);
  });
});
