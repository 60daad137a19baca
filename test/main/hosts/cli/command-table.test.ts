import { PassThrough } from 'node:stream';
import { Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandsNamedIn } from '../../../../src/main/hosts/cli/command-table';
import type { CliIo } from '../../../../src/main/hosts/cli/io';
import { buildProgram, loadAllCommands, runCli } from '../../../../src/main/hosts/cli/program';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: new PassThrough(),
    env: {},
    waitForShutdown: () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

const names = (argv: string[]): string[] => commandsNamedIn(argv).map((entry) => entry.name);

// Loading every command transforms the whole core on first import: slow on a busy machine.
describe('the command table', { timeout: 60_000 }, () => {
  it('says of each command what its module registers', async () => {
    const program = buildProgram(captureIo().io, '/nowhere', undefined, undefined, await loadAllCommands());
    const help = new Help();
    const registered = program.commands.map((command) => ({
      name: command.name(),
      term: help.subcommandTerm(command),
      description: command.description(),
    }));
    expect(registered).toEqual(COMMANDS.map(({ name, term, description }) => ({ name, term, description })));
  });

  it('gives the same --help whether the commands are loaded or not', async () => {
    const helpOf = (loaded: Awaited<ReturnType<typeof loadAllCommands>>): string => {
      const { io, out } = captureIo();
      buildProgram(io, '/nowhere', undefined, undefined, loaded).outputHelp();
      return out();
    };
    const listed = helpOf(new Map());
    expect(listed).toMatch(/search \[options\] <query> +search the library offline/);
    expect(listed).toBe(helpOf(await loadAllCommands()));
  });

  it('finds the command an argument list runs', () => {
    expect(names(['--help'])).toEqual([]);
    expect(names(['search', 'collections'])).toEqual(['search']);
    expect(names(['--json', '--data-dir', 'search', 'items', 'show', '1'])).toEqual(['items']);
    expect(names(['--data-dir=/x', 'export', '--all'])).toEqual(['export']);
    expect(names(['help', '--json', 'queue'])).toEqual(['queue']);
    expect(names(['frobnicate', 'search'])).toEqual([]);
  });

  it('loads a command the scan did not find once it is reached', async () => {
    // After --, the scan looks no further, yet commander still runs `search` with these words.
    const { io, err } = captureIo();
    expect(await runCli(['--', 'search', 'one', 'two'], io, '/nowhere')).toBe(2);
    expect(err()).toMatch(/^error INVALID_INPUT: Too many arguments for 'search'\. Expected 1 argument but got 2\./);
  });
});
