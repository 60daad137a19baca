/**
 * The token-leak sweep. A full workflow runs with a token no other test uses — config, call,
 * import, search, items show, collections, queue, a rejected token (401), then `gleaner serve`
 * with RPC calls and the app itself in Chromium — once with the token from GLEANER_TOKEN and
 * once from the OS keychain. Then the token is looked for, in every encoding a leak could take,
 * in every file of the data folder and the home folder (the SQLite database, its WAL, logs),
 * in all CLI output, in every RPC answer, and in the page's DOM, storage and cookies: zero hits.
 * Exports are swept too: `gleaner export` to every format (items and transcripts, with a
 * manifest) into a folder of their own, and a browser-mode download (export.start, then
 * GET /exports/...), its body and headers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/main/demo/server';
import type { DemoService } from '../../src/main/demo/types';
import { repoRoot, runGleaner, type CliRun } from '../helpers/cli';
import { mixedImportList } from '../helpers/import-list';
import { FULL } from '../reliability/sizes';
import { filesUnder, findLeaks } from './sweep';

const REAL_KEYRING = process.env.GLEANER_TEST_KEYRING === '1';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

let demo: DemoService;
let root: string;
beforeAll(async () => {
  // A seed of our own makes a token that appears nowhere else: any hit is a leak.
  demo = await startDemoService({ port: 0, seed: `token-leak-${randomUUID()}` });
  root = mkdtempSync(join(tmpdir(), 'gleaner-leak-'));
});
afterAll(async () => {
  await demo?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Workspace {
  dataDir: string;
  home: string;
  exportsDir: string;
  env: Record<string, string>;
  outputs: Record<string, string>;
}

function workspace(name: string, env: Record<string, string>): Workspace {
  const dataDir = join(root, name, 'data');
  const home = join(root, name, 'home');
  const exportsDir = join(root, name, 'exports');
  mkdirSync(home, { recursive: true });
  mkdirSync(exportsDir, { recursive: true });
  return { dataDir, home, exportsDir, env: { HOME: home, ...env }, outputs: {} };
}

async function cli(ws: Workspace, args: string[], stdin?: string): Promise<CliRun> {
  const result = await runGleaner([...args, '--data-dir', ws.dataDir], {
    env: ws.env,
    ...(stdin === undefined ? {} : { stdin }),
    timeoutMs: 120_000,
  });
  const label = `gleaner ${args.join(' ')}`;
  ws.outputs[`${label} (stdout)`] = result.stdout;
  ws.outputs[`${label} (stderr)`] = result.stderr;
  return result;
}

/** Everything a researcher does from the command line, ending with a token the service refuses. */
async function cliWorkflow(ws: Workspace, options: { light?: boolean } = {}): Promise<void> {
  for (const [key, value] of [
    ['base-url', demo.url],
    ['plan', 'team'],
  ])
    expect((await cli(ws, ['config', 'set', key!, value!])).code).toBe(0);
  expect((await cli(ws, ['config', 'get', '--json'])).code).toBe(0);
  expect((await cli(ws, ['token', 'status', '--json'])).code).toBe(0);
  const call = await cli(ws, ['call', 'videosite', 'search', 'query=harbour floods', '--collection', 'story', '--json']);
  expect(call.code, call.stderr).toBe(0);
  if (options.light) {
    expect((await cli(ws, ['search', 'harbour', '--json'])).code).toBe(0);
    expect((await cli(ws, ['items', 'show', '1', '--json'])).code).toBe(0);
    expect((await cli(ws, ['export', '--all', '--format', 'csv', '--manifest', '--out', join(ws.exportsDir, 'items.csv')])).code).toBe(0);
    return;
  }
  const file = join(root, `links-${randomUUID()}.txt`);
  writeFileSync(file, mixedImportList(12, { junk: 2, duplicates: 2 }).text);
  const imported = await cli(ws, ['import', file, '--transcripts', '--collection', 'story', '--json']);
  expect(imported.code, imported.stderr).toBe(0);
  expect((await cli(ws, ['import', file, '--dry-run'])).code).toBe(0);
  expect((await cli(ws, ['search', 'harbour', '--json'])).code).toBe(0);
  expect((await cli(ws, ['items', 'show', '1', '--json'])).code).toBe(0);
  expect((await cli(ws, ['items', 'show', '1'])).code).toBe(0);
  expect((await cli(ws, ['collections', 'show', 'story', '--json'])).code).toBe(0);
  expect((await cli(ws, ['queue', 'status', '--json'])).code).toBe(0);
  expect((await cli(ws, ['queue', 'status'])).code).toBe(0);
  // Every export format, items and transcripts, each with a manifest.
  for (const format of ['csv', 'md', 'json', 'jsonl'] as const) {
    const items = await cli(ws, [
      'export',
      '--collection',
      'story',
      '--format',
      format,
      '--manifest',
      '--json',
      '--out',
      join(ws.exportsDir, `items.${format}`),
    ]);
    expect(items.code, items.stderr).toBe(0);
    const transcripts = await cli(ws, [
      'export',
      '--all',
      '--format',
      format,
      '--transcripts',
      '--out',
      join(ws.exportsDir, `transcripts.${format}`),
    ]);
    expect(transcripts.code, transcripts.stderr).toBe(0);
  }
  for (const format of ['srt', 'vtt', 'txt'] as const) {
    const files = await cli(ws, ['export', '--all', '--format', format, '--manifest', '--out', join(ws.exportsDir, format)]);
    expect(files.code, files.stderr).toBe(0);
  }
  expect(filesUnder(ws.exportsDir).length).toBeGreaterThan(10);
  // Errors are where secrets like to slip out: an invalid call and a rejected token.
  expect((await cli(ws, ['call', 'videosite', 'search', 'nonsense'])).code).toBe(2);
}

async function rejectedTokenRun(ws: Workspace): Promise<void> {
  demo.control.refreshToken('team');
  const rejected = await cli(ws, ['call', 'videosite', 'search', 'query=after refresh']);
  expect(rejected.code).toBe(3);
  expect(rejected.stderr).toMatch(/TOKEN_REJECTED/);
  const rejectedJson = await cli(ws, ['call', 'videosite', 'search', 'query=after refresh json', '--json']);
  expect(rejectedJson.code).toBe(3);
}

/** `gleaner serve`: RPC calls with the secret, then the app in Chromium through every view. */
async function serveWorkflow(ws: Workspace, options: { browser: boolean }): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(repoRoot, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', ws.dataDir],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', ...ws.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  try {
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    stdout += `${first}\n`;
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    const url = new URL((JSON.parse(first) as { url: string }).url);
    const secret = url.searchParams.get('key')!;
    const rpc = async (method: string, input: unknown) => {
      const response = await fetch(`${url.origin}/rpc/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const text = await response.text();
      ws.outputs[`rpc ${method} ${JSON.stringify(input)}`] = `${JSON.stringify([...response.headers])}\n${text}`;
      return JSON.parse(text) as { ok: boolean };
    };
    for (const [method, input] of [
      ['app.info', {}],
      ['settings.get', {}],
      ['token.status', {}],
      ['service.call', { operation: 'videosite/video', params: { url: 'https://www.youtube.com/watch?v=leakcheck01' } }],
      ['library.search', { query: 'harbour' }],
      ['items.get', { id: 1 }],
      ['items.raw', { responseId: 1 }],
      ['queue.status', {}],
      ['queue.jobs', {}],
      ['import.plan', { text: 'https://www.youtube.com/watch?v=leakcheck02' }],
    ] as const) {
      expect((await rpc(method, input)).ok, method).toBeDefined();
    }
    await browserModeDownload(url.origin, secret, ws);

    if (!options.browser) return;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const network: string[] = [];
      page.on('request', (request) =>
        network.push(`${request.method()} ${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`),
      );
      await page.goto(url.toString());
      const nav = page.getByRole('navigation', { name: 'Views' });
      for (const view of ['Fetch', 'Paste URLs', 'Library', 'Collections', 'Activity', 'Settings']) {
        await nav.getByRole('button', { name: view, exact: true }).click();
        await page.getByRole('main', { name: view }).waitFor();
        ws.outputs[`DOM of ${view}`] = await page.content();
      }
      await nav.getByRole('button', { name: 'Library', exact: true }).click();
      await page.getByRole('main', { name: 'Library' }).waitFor();
      // Runs in the page, where the DOM globals exist (this file is type-checked for Node).
      const storage = await page.evaluate(() => {
        const w = globalThis as unknown as {
          localStorage: object;
          sessionStorage: object;
          document: { cookie: string; title: string; body: { innerText: string } };
        };
        return JSON.stringify({
          local: { ...w.localStorage },
          session: { ...w.sessionStorage },
          cookie: w.document.cookie,
          title: w.document.title,
          text: w.document.body.innerText,
        });
      });
      ws.outputs['page storage and text'] = storage;
      ws.outputs['browser cookies'] = JSON.stringify(await context.cookies());
      ws.outputs['page network'] = network.join('\n');
      await context.close();
    } finally {
      await browser.close();
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    ws.outputs['serve stdout'] = stdout;
    ws.outputs['serve stderr'] = stderr;
  }
}

/** A browser-mode export: export.start, its progress on /events, then the file from /exports/... */
async function browserModeDownload(origin: string, secret: string, ws: Workspace): Promise<void> {
  const headers = { authorization: `Bearer ${secret}` };
  const events = new AbortController();
  const stream = await fetch(`${origin}/events`, { headers, signal: events.signal });
  try {
    const started = await fetch(`${origin}/rpc/export.start`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: { kind: 'all' }, format: 'md', transcripts: false, manifest: true }),
    });
    const startedText = await started.text();
    ws.outputs['rpc export.start'] = `${JSON.stringify([...started.headers])}\n${startedText}`;
    const { exportId } = (JSON.parse(startedText) as { value: { exportId: string } }).value;
    // Read the event stream until this export says it is done.
    const reader = stream.body!.getReader();
    let received = '';
    let done: { summary: { files: { path: string }[] } } | null = null;
    while (!done) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the event stream ended before the export finished: ${received}`);
      received += new TextDecoder().decode(chunk.value);
      for (const block of received.split('\n\n')) {
        const data = /^event: export\.progress\ndata: (.*)$/m.exec(block)?.[1];
        const progress = data
          ? (JSON.parse(data) as { exportId: string; state: string; error: unknown; summary: { files: { path: string }[] } })
          : null;
        if (progress?.exportId !== exportId) continue;
        expect(progress.state, JSON.stringify(progress.error)).not.toMatch(/failed|cancelled/);
        if (progress.state === 'done') done = progress;
      }
    }
    ws.outputs['export events'] = received;
    for (const path of [...done.summary.files.map((file) => file.path), 'manifest.sha256']) {
      const download = await fetch(
        `${origin}/exports/${encodeURIComponent(exportId)}/${path.split('/').map(encodeURIComponent).join('/')}`,
        { headers },
      );
      expect(download.status, path).toBe(200);
      ws.outputs[`download ${path}`] = `${JSON.stringify([...download.headers])}\n${await download.text()}`;
    }
  } finally {
    events.abort();
  }
}

function sweep(ws: Workspace, token: string): string[] {
  const exports = filesUnder(ws.exportsDir);
  return findLeaks(token, { files: [...filesUnder(ws.dataDir), ...filesUnder(ws.home), ...exports], texts: ws.outputs });
}

describe('the token-leak sweep', () => {
  it('finds a planted token, so a zero below means something', () => {
    const token = demo.teams[0]!.token;
    const planted = join(root, 'planted.bin');
    writeFileSync(planted, Buffer.concat([Buffer.from('prefix'), Buffer.from(token, 'utf16le')]));
    expect(
      findLeaks(token, {
        files: [planted],
        texts: { clean: 'nothing here', dirty: `Authorization: Bearer ${Buffer.from(token).toString('base64')}` },
      }),
    ).toEqual([planted, 'dirty']);
  });

  it('finds the token nowhere after a full workflow with GLEANER_TOKEN', async () => {
    demo.control.reactivate('team');
    const token = demo.control.teams().find((t) => t.plan === 'team')!.token;
    const ws = workspace('env', { GLEANER_TOKEN: token });
    await cliWorkflow(ws);
    await serveWorkflow(ws, { browser: true });
    expect(sweep(ws, token)).toEqual([]);
    // The workflow really ran: the library holds what it fetched.
    expect(filesUnder(ws.dataDir).some((f) => f.endsWith('gleaner.sqlite3'))).toBe(true);
    await rejectedTokenRun(ws);
    expect(sweep(ws, token)).toEqual([]);
  }, 180_000);

  it('finds the token nowhere after a full workflow with the token in the OS keychain', async () => {
    if (!REAL_KEYRING) {
      throw new Error(
        'This test needs a real Secret Service and is not skipped without one: run it under `bash scripts/with-keyring.sh` (npm run test:unit does), which sets GLEANER_TEST_KEYRING=1.',
      );
    }
    const token = demo.control.refreshToken('pro');
    const ws = workspace('keychain', { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '' });
    const set = await cli(ws, ['token', 'set'], `${token}\n`);
    expect(set.code, set.stderr).toBe(0);
    try {
      expect((await cli(ws, ['token', 'status', '--json'])).stdout).toMatch(/"stored":\s*true/);
      // The short form (npm test) takes the keychain through fewer commands; the full run, all of them.
      await cliWorkflow(ws, { light: !FULL });
      await serveWorkflow(ws, { browser: FULL });
      expect(sweep(ws, token)).toEqual([]);
    } finally {
      expect((await cli(ws, ['token', 'clear'])).code).toBe(0);
    }
  }, 180_000);
});
