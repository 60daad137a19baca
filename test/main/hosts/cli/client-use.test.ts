import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodName } from '../../../../src/shared/bridge-names';
import type { CoreClient } from '../../../../src/main/core';
import { runCli, type OpenCore } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';
import { createNodeCore } from '../../../../src/main/hosts/node-core';
import { createTestCore, type TestCore } from '../../../helpers/core';

const repoRoot = join(__dirname, '..', '..', '..', '..');

const captureIo = (stdin = '') => captureCliIo({ stdin, shutdown: 'never' });

/** A core opener whose client writes down every method a command calls. */
function watchedCores(): { openCore: OpenCore; calls: MethodName[] } {
  const calls: MethodName[] = [];
  const openCore: OpenCore = (dataDir, env) => {
    const opened = createNodeCore({ dataDir, host: 'cli', env });
    const { client } = opened.core;
    const watched: CoreClient = {
      call: (method, input) => {
        calls.push(method);
        return client.call(method, input);
      },
      subscribe: (event, listener) => client.subscribe(event, listener),
    };
    return { core: { ...opened.core, client: watched }, log: opened.log };
  };
  return { openCore, calls };
}

describe('each gleaner command asks the core through its client', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-client-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs one command on the shared library; answers what it printed and the methods it called. */
  async function run(args: string[], stdin = '') {
    const { openCore, calls } = watchedCores();
    const { io, out, err } = captureIo(stdin);
    const code = await runCli([...args, '--data-dir', dir], io, '/nowhere', openCore);
    return { code, out: out(), err: err(), calls };
  }

  it('collections: create, list, rename, show, add, remove, delete', async () => {
    expect(await run(['collections', 'create', 'Desk'])).toMatchObject({ code: 0, calls: ['collections.create'] });
    expect(await run(['collections', 'list'])).toMatchObject({ code: 0, out: 'Desk (0)\n', calls: ['collections.list'] });
    expect(await run(['collections', 'rename', 'Desk', 'Newsroom'])).toMatchObject({ code: 0, calls: ['collections.rename'] });
    expect(await run(['collections', 'show', 'Newsroom'])).toMatchObject({ code: 0, calls: ['collections.items'] });
  });

  it('call: queues through service.start, follows the batch, reads service.results; items show reads items.get', async () => {
    const called = await run(['call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', '--json']);
    expect(called.code, called.err).toBe(0);
    expect(called.calls[0]).toBe('service.start');
    expect(called.calls).toContain('service.start');
    expect(called.calls).toContain('queue.batch');
    expect(called.calls.at(-1)).toBe('service.results');
    const { items } = JSON.parse(called.out) as { items: { id: number; native_id: string }[] };
    expect(items).toHaveLength(1);
    expect(items[0]!.native_id).toBeTruthy();

    const shown = await run(['items', 'show', String(items[0]!.id)]);
    expect(shown).toMatchObject({ code: 0, calls: ['items.get'] });
    expect(shown.out).toMatch(new RegExp(`^#${items[0]!.id} videosite `));

    expect(await run(['collections', 'add', 'Newsroom', String(items[0]!.id)])).toMatchObject({ code: 0, calls: ['collections.add'] });
    expect(await run(['collections', 'remove', 'Newsroom', String(items[0]!.id)])).toMatchObject({
      code: 0,
      calls: ['collections.remove'],
    });
  });

  it('call lists the items it stored by their labels in its human output', async () => {
    const called = await run(['call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    expect(called.code, called.err).toBe(0);
    const listed = await run(['call', 'videosite', 'video', 'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ', '--json']);
    const { items } = JSON.parse(listed.out) as { items: { id: number; kind: string; title: string; label: string }[] };
    expect(items[0]!.label).toBe(items[0]!.title);
    expect(called.out).toContain(`\n  #${items[0]!.id} [videosite ${items[0]!.kind}] ${items[0]!.label}\n`);
  });

  it('search reads library.search', async () => {
    expect(await run(['search', ''])).toMatchObject({ code: 0, calls: ['library.search'] });
  });

  it('config: get reads settings.get or settings.value; set and unset go through settings.set and settings.unset', async () => {
    expect(await run(['config', 'get'])).toMatchObject({ code: 0, calls: ['settings.get'] });
    expect(await run(['config', 'get', 'plan'])).toMatchObject({ code: 0, calls: ['settings.value'] });
    expect(await run(['config', 'set', 'plan', 'pro'])).toMatchObject({
      code: 0,
      out: 'plan = pro\n',
      calls: ['settings.set', 'settings.value'],
    });
    expect(await run(['config', 'unset', 'plan'])).toMatchObject({
      code: 0,
      out: 'plan reset to its default\n',
      calls: ['settings.value', 'settings.unset'],
    });
    expect(await run(['config', 'unset', 'plan'])).toMatchObject({ code: 0, out: 'plan was not set\n' });
  });

  it('queue: status, pause, cancel and retry', async () => {
    expect((await run(['queue', 'status'])).calls).toEqual(['queue.status', 'queue.jobs', 'queue.jobs', 'queue.jobs']);
    expect(await run(['queue', 'pause'])).toMatchObject({ code: 0, calls: ['queue.pause'] });
    expect(await run(['queue', 'cancel', '--all'])).toMatchObject({ code: 0, calls: ['queue.cancel'] });
    expect(await run(['queue', 'retry', '999'])).toMatchObject({ code: 1, calls: ['queue.job'] });
  });

  it('import plans with import.plan, and a dry run goes no further', async () => {
    const planned = await run(['import', '-', '--dry-run'], 'https://www.youtube.com/watch?v=aaaaaaaaaaa\n');
    expect(planned).toMatchObject({ code: 0, calls: ['import.plan'] });
  });

  it('export writes through the core’s file export, not around it', async () => {
    const out = join(dir, 'all.json');
    const exported = await run(['export', '--all', '--format', 'json', '--out', out]);
    expect(exported, exported.err).toMatchObject({ code: 0, calls: [] });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toBeTruthy();
  });
});

describe('the CLI and the bridge answer the same bad input the same way', () => {
  let testCore: TestCore;
  beforeAll(async () => {
    testCore = createTestCore();
    await testCore.core.client.call('collections.create', { name: 'Desk' });
  });
  afterAll(() => testCore.dispose());

  it.each<[string, string[], MethodName, Record<string, unknown>, number]>([
    [
      'a mistyped collection in a search',
      ['search', 'flood', '--collection', 'Dsek'],
      'library.search',
      { query: 'flood', collection: 'Dsek' },
      1,
    ],
    ['an item that is not there', ['items', 'show', '424242'], 'items.get', { id: 424242 }, 1],
    ['a collection that is not there', ['collections', 'show', 'Dsek'], 'collections.items', { name: 'Dsek' }, 1],
    [
      'renaming a collection that is not there',
      ['collections', 'rename', 'Dsek', 'Desk 2'],
      'collections.rename',
      { name: 'Dsek', newName: 'Desk 2' },
      1,
    ],
    ['a plan that does not exist', ['config', 'set', 'plan', 'gold'], 'settings.set', { key: 'plan', value: 'gold' }, 2],
    ['a setting that does not exist', ['config', 'get', 'nope'], 'settings.value', { key: 'nope' }, 2],
  ])('%s', async (_label, args, method, input, exitCode) => {
    const envelope = await testCore.core.dispatch(method, input);
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    const { io, err } = captureIo();
    expect(await runCli([...args, '--data-dir', testCore.dataDir], io, '/nowhere')).toBe(exitCode);
    expect(err()).toBe(`error ${envelope.error.code}: ${envelope.error.message}\n`);
  });
});

describe('the CLI reaches the core only through its public entry', () => {
  const cliDir = join(repoRoot, 'src/main/hosts/cli');
  const sources = [
    ...readdirSync(join(cliDir, 'commands')).map((name) => join(cliDir, 'commands', name)),
    ...readdirSync(cliDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(cliDir, name)),
  ];

  it.each(sources.map((path) => [path.slice(repoRoot.length + 1), path]))('%s', (_name, path) => {
    const text = readFileSync(path, 'utf8');
    const coreImports = [...text.matchAll(/from '((?:\.\.\/)+core(?:\/[^']*)?)'/g)].map((match) => match[1]);
    expect(coreImports.every((specifier) => /^(\.\.\/)+core$/.test(specifier!))).toBe(true);
    expect(text).not.toMatch(/\.context\./);
  });
});
