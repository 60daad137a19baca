import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/hosts/cli/program';
import type { CliIo } from '../../../../src/main/hosts/cli/io';

function captureIo(env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stdin: new PassThrough(),
    env,
    waitForShutdown: () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

describe('gleaner CLI', () => {
  it('lists its commands in --help', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['--help'], io, '/nowhere')).toBe(0);
    expect(out()).toMatch(/serve/);
    expect(out()).toMatch(/--data-dir/);
  });

  it('prints its version', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['--version'], io, '/nowhere')).toBe(0);
    expect(out()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports an unknown command as one error line and exit status 2', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['frobnicate'], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: .*frobnicate.*\n$/);
  });

  it('keeps a suggestion for a mistyped command on the one error line', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['serv'], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: Unknown command 'serv' \(Did you mean serve\?\) \(see gleaner --help\)\.\n$/);
  });

  it.each([
    [['queue'], 'gleaner queue'],
    [['collections'], 'gleaner collections'],
    [['config'], 'gleaner config'],
  ])('answers %j, a command group without its command, with one error line', async (argv, usage) => {
    const { io, err, out } = captureIo();
    expect(await runCli(argv, io, '/nowhere')).toBe(2);
    expect(err()).toBe(`error INVALID_INPUT: ${usage} needs a command; ${usage} --help lists them.\n`);
    expect(out()).toBe('');
  });

  it.each(['abc', '-1', '70000', '1.5'])('rejects --port %s before starting anything', async (port) => {
    const { io, err } = captureIo();
    expect(await runCli(['serve', '--no-open', '--port', port], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: --port must be a whole number/);
  });

  it('writes errors as JSON with --json', async () => {
    const { io, err } = captureIo();
    expect(await runCli(['serve', '--json', '--port', 'x'], io, '/nowhere')).toBe(2);
    expect(JSON.parse(err())).toMatchObject({ error: { code: 'INVALID_INPUT' } });
  });
});
