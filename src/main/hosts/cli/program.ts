import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError, Help } from 'commander';
import { GleanerError, isGleanerError } from '../../../shared/errors';
import { escapeTerminalControlsInJson, stripTerminalControls } from '../../../shared/text';
import type * as CoreModule from '../../core';
import type { Core, Logger } from '../../core';
import { APP_VERSION } from '../app-version';
import { COMMANDS, commandEntry, commandsNamedIn, type CommandEntry, type RegisterCommand } from './command-table';
import type { CliContext } from './context';

export type { CliContext } from './context';
import { exitCodeFor, formatError, isServiceAnswer, type CliIo } from './io';

type CoreEntry = typeof CoreModule;
let coreEntry: CoreEntry | null = null;

/** The core's public entry, loaded with the first command that runs (never for --help or --version). */
async function loadCoreEntry(): Promise<CoreEntry> {
  coreEntry ??= await import('../../core');
  return coreEntry;
}

function loadedCoreEntry(): CoreEntry {
  if (coreEntry === null) throw new GleanerError('INTERNAL', 'A command ran before the core was loaded.');
  return coreEntry;
}

/** Opens the core of a library folder for one command (tests pass one that watches its calls). */
export type OpenCore = (dataDir: string, env: CliIo['env']) => OpenedCore | Promise<OpenedCore>;
type OpenedCore = { core: Core; log: Logger };

const defaultOpenCore: OpenCore = async (dataDir, env) => (await import('../node-core')).createNodeCore({ dataDir, host: 'cli', env });

/** The loaded commands, by name; the others are listed from the command table until they run. */
export type LoadedCommands = ReadonlyMap<string, RegisterCommand>;

/** Loads the modules of these commands, and the core they run on. */
export async function loadCommands(entries: readonly CommandEntry[]): Promise<Map<string, RegisterCommand>> {
  if (entries.length === 0) return new Map();
  const [registrations] = await Promise.all([Promise.all(entries.map((entry) => entry.load())), loadCoreEntry()]);
  return new Map(entries.map((entry, index) => [entry.name, registrations[index]!]));
}

/** Every command loaded, as a program that does not load lazily would have them (tests). */
export const loadAllCommands = (): Promise<Map<string, RegisterCommand>> => loadCommands(COMMANDS);

/** Thrown by a command that is listed but not loaded, when it is reached: runCli loads it and parses again. */
class CommandNotLoaded extends Error {
  constructor(readonly entry: CommandEntry) {
    super(`${entry.name} is not loaded`);
  }
}

/**
 * A command known only by its row in the table: it lists itself in --help, and when it is run
 * (the argument scan missed it) it asks for its module instead of parsing what it does not know.
 */
function addListedCommand(program: Command, entry: CommandEntry): void {
  program
    .command(entry.name)
    .description(entry.description)
    .helpOption(false)
    .helpCommand(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new CommandNotLoaded(entry);
    });
}

interface GlobalOptions {
  dataDir?: string;
  json?: boolean;
}

/** `helpShownForError` collects the help commander prints when a command group is run without its command. */
export function buildProgram(
  io: CliIo,
  rendererDir: string,
  helpShownForError: { text: string } = { text: '' },
  openCore: OpenCore = defaultOpenCore,
  loaded: LoadedCommands = new Map(),
): Command {
  const program = new Command('gleaner');
  const ctx: CliContext = {
    io,
    rendererDir,
    dataDir: (command) => {
      const flag = (command.optsWithGlobals() as GlobalOptions).dataDir;
      // An empty --data-dir (an unset shell variable) must not open another library quietly.
      if (flag !== undefined && flag.trim() === '')
        throw new GleanerError(
          'INVALID_INPUT',
          '--data-dir needs a folder; leave it out to use $GLEANER_DATA_DIR or the app’s own folder.',
        );
      return loadedCoreEntry().resolveDataDir(flag, io.env);
    },
    json: (command) => Boolean((command.optsWithGlobals() as GlobalOptions).json),
    async withCore(command, work, options = {}) {
      let dataDir = ctx.dataDir(command);
      let scratch: string | null = null;
      if (options.existing === 'if-any' && !existsSync(loadedCoreEntry().databasePath(dataDir))) {
        scratch = mkdtempSync(join(tmpdir(), 'gleaner-scratch-'));
        dataDir = scratch;
      }
      if (options.existing === true && !existsSync(loadedCoreEntry().databasePath(dataDir))) {
        throw new GleanerError(
          'NOT_FOUND',
          `There is no Gleaner library in ${dataDir}. Check --data-dir (or GLEANER_DATA_DIR); a library starts there when something is fetched into it (call or import).`,
        );
      }
      const { core, log } = await openCore(dataDir, io.env);
      try {
        return await work(core, log);
      } finally {
        await core.close();
        if (scratch) rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
  program
    .description('Gleaner: a research library of public social-media content, from the command line.')
    .version(APP_VERSION, '-V, --version')
    .option('--data-dir <dir>', 'library folder (default: $GLEANER_DATA_DIR, else the desktop app’s folder)')
    .option('--json', 'machine-readable output on stdout')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      // Commander writes help to stderr only when a command group is run without its command;
      // runCli turns that into the contract's one error line (the help is a --help away).
      writeErr: (text) => (helpShownForError.text += text),
      // Usage errors are reported by runCli in the contract's one-line form.
      outputError: () => undefined,
    });
  // Listed from the table, the same way whether loaded or not, so --help never needs a module.
  const rootHelp = new Help();
  program.configureHelp({
    subcommandTerm: (command) =>
      (command.parent === program ? commandEntry(command.name())?.term : undefined) ?? rootHelp.subcommandTerm(command),
  });
  for (const entry of COMMANDS) {
    const register = loaded.get(entry.name);
    if (register) register(program, ctx);
    else addListedCommand(program, entry);
  }
  return program;
}

/**
 * Everything the CLI prints may carry platform text (titles, handles, error bodies), which is
 * untrusted: the characters a terminal acts on are dealt with on every line, not field by field,
 * so no field can be missed. Human text drops them (tabs and line ends stay); JSON output keeps
 * the data whole by writing them as escapes.
 */
function withoutTerminalControls(io: CliIo, json: boolean): CliIo {
  const clean = json ? escapeTerminalControlsInJson : stripTerminalControls;
  // The rest of io is read through, not copied: a copy would read stdin, and the process's
  // stdin is made when first read (some 10 ms), which only import and token need (issue 28.19).
  const cleaned = Object.create(io) as CliIo;
  cleaned.stdout = (text) => io.stdout(clean(text));
  cleaned.stderr = (text) => io.stderr(clean(text));
  return cleaned;
}

/** Runs the CLI and returns the exit status; never throws. */
export async function runCli(argv: readonly string[], givenIo: CliIo, rendererDir: string, openCore?: OpenCore): Promise<number> {
  const json = argv.includes('--json');
  const io = withoutTerminalControls(givenIo, json);
  try {
    let loaded = await loadCommands(commandsNamedIn(argv));
    for (;;) {
      try {
        return await parse(argv, io, json, rendererDir, openCore, loaded);
      } catch (error) {
        if (!(error instanceof CommandNotLoaded) || loaded.has(error.entry.name)) throw error;
        loaded = new Map([...loaded, ...(await loadCommands([error.entry]))]);
      }
    }
  } catch (error) {
    const info = isGleanerError(error)
      ? error.toInfo()
      : new GleanerError('INTERNAL', `Gleaner stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`).toInfo();
    io.stderr(formatError(info, json));
    return exitCodeFor(info.code, isGleanerError(error) && isServiceAnswer(error.details));
  }
}

/** One parse of the arguments over a program with these commands loaded; command errors are thrown on. */
async function parse(
  argv: readonly string[],
  io: CliIo,
  json: boolean,
  rendererDir: string,
  openCore: OpenCore | undefined,
  loaded: LoadedCommands,
): Promise<number> {
  const helpShownForError = { text: '' };
  const program = buildProgram(io, rendererDir, helpShownForError, openCore, loaded);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return 0;
    if (error.code === 'commander.help') {
      const usage = helpShownForError.text.match(/^Usage: (gleaner(?: [a-z-]+)*)/m)?.[1] ?? 'gleaner';
      io.stderr(formatError({ code: 'INVALID_INPUT', message: `${usage} needs a command; ${usage} --help lists them.` }, json));
      return 2;
    }
    // One line, as the contract says (commander puts its "Did you mean" on a line of its own).
    const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
    io.stderr(
      formatError({ code: 'INVALID_INPUT', message: `${message[0]?.toUpperCase() ?? ''}${message.slice(1)} (see gleaner --help).` }, json),
    );
    return 2;
  }
}
