/**
 * A transcript given as one text with no timed segments (the short-message site's), through the
 * CLI against the demo service: its words are found by `gleaner search`, printed by
 * `gleaner items show`, and kept by the exports that carry transcripts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItemDetail } from '../../src/shared/library';
import { runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

vi.setConfig({ testTimeout: 60_000 });

let demo: RunningDemo;
let dataDir: string;
let env: Record<string, string>;
/** The first demo message with speech: its item id and its transcript's text. */
let spoken: { id: number; fullText: string };

const gleaner = (...args: string[]) => runGleaner([...args, '--data-dir', dataDir], { env });

beforeAll(async () => {
  demo = await startDemoProcess(['--seed', 'untimed-transcript']);
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-untimed-'));
  env = { GLEANER_TOKEN: demo.teams.find((t) => t.plan === 'team')!.token };
  expect((await gleaner('config', 'set', 'base-url', demo.url)).code).toBe(0);
  // The demo gives some messages speech and others none: fetch until one has words.
  for (let n = 1; n <= 20; n += 1) {
    const call = await gleaner('call', 'tweetsite', 'transcript', `url=https://x.com/newsroom/status/17123456789012345${10 + n}`, '--json');
    expect(call.code, call.stderr).toBe(0);
    const id = (JSON.parse(call.stdout) as { items: { id: number }[] }).items[0]!.id;
    const detail = JSON.parse((await gleaner('items', 'show', String(id), '--json')).stdout) as ItemDetail;
    const transcript = detail.transcripts.find((t) => t.available);
    if (transcript) {
      expect(transcript).toMatchObject({ format: 'text', segments: [] });
      spoken = { id, fullText: transcript.fullText! };
      return;
    }
  }
  throw new Error('The demo gave none of 20 messages a transcript.');
}, 300_000);

afterAll(async () => {
  await demo?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A word of the transcript that the message's own text does not hold, so only the transcript can match it. */
async function wordOnlyInTranscript(): Promise<string> {
  const detail = JSON.parse((await gleaner('items', 'show', String(spoken.id), '--json')).stdout) as ItemDetail;
  const own = `${detail.item.title ?? ''} ${detail.item.text ?? ''}`.toLowerCase();
  const word = spoken.fullText
    .split(/[\s.,،!?;:“”"']+/u)
    .find((candidate) => candidate.length >= 5 && !own.includes(candidate.toLowerCase()));
  if (!word) throw new Error('Every word of the transcript is in the message too.');
  return word;
}

describe('an untimed transcript through the CLI', () => {
  it('is found by gleaner search, with a snippet and no moment', async () => {
    const word = await wordOnlyInTranscript();
    const run = await gleaner('search', word, '--json');
    expect(run.code, run.stderr).toBe(0);
    const { hits } = JSON.parse(run.stdout) as { hits: { id: number; snippet: string | null; segment_start_ms?: number }[] };
    const hit = hits.find((h) => h.id === spoken.id);
    expect(hit, run.stdout).toBeDefined();
    expect(hit!.snippet).toContain(word);
    expect(hit!.segment_start_ms).toBeUndefined();
  });

  it('is printed by gleaner items show', async () => {
    const run = await gleaner('items', 'show', String(spoken.id));
    expect(run.code, run.stderr).toBe(0);
    const after = run.stdout.slice(run.stdout.indexOf('Transcript:'));
    expect(after).toContain(spoken.fullText.trim().split('\n')[0]!.trim());
  });

  it('is kept by the Markdown and JSON exports, and named as skipped by SRT', async () => {
    expect((await gleaner('collections', 'create', 'Spoken')).code).toBe(0);
    expect((await gleaner('collections', 'add', 'Spoken', String(spoken.id))).code).toBe(0);
    const md = join(dataDir, 'spoken.md');
    expect((await gleaner('export', '--collection', 'Spoken', '--format', 'md', '--transcripts', '--out', md)).code).toBe(0);
    expect(readFileSync(md, 'utf8')).toContain(spoken.fullText.slice(0, 40));
    const json = join(dataDir, 'spoken.json');
    expect((await gleaner('export', '--collection', 'Spoken', '--format', 'json', '--transcripts', '--out', json)).code).toBe(0);
    expect(readFileSync(json, 'utf8')).toContain(JSON.stringify(spoken.fullText).slice(1, 40));
    const srt = await gleaner('export', '--collection', 'Spoken', '--format', 'srt', '--transcripts', '--out', join(dataDir, 'srt'));
    expect(srt.stderr).toMatch(/no timings|no timed segments/);
  });
});
