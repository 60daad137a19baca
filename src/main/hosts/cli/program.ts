import { existsSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { GleanerError, isGleanerError } from '../../../shared/errors';
import { escapeTerminalControlsInJson, stripTerminalControls } from '../../../shared/text';
import { createTokenStore, databasePath, resolveDataDir, type Core, type Logger } from '../../core';
import { APP_VERSION } from '../app-version';
import { createNodeCore } from '../node-core';
import { registerCall } from './commands/call';
import { registerCollections } from './commands/collections';
import { registerImport } from './commands/import';
import { registerItems } from './commands/items';
import { registerQueue } from './commands/queue';
import { registerSearch } from './commands/search';
import { registerConfig } from './commands/config';
import { registerDemoService } from './commands/demo-service';
import { registerExport } from './commands/export';
import { registerServe } from './commands/serve';
import { registerToken } from './commands/token';
import type { CliContext } from './context';

export type { CliContext } from './context';
import { exitCodeFor, formatError, isServiceAnswer, type CliIo } from './io';

/** Opens the core of a library folder for one command (tests pass one that watches its calls). */
export type OpenCore = (dataDir: string, env: CliIo['env']) => { core: Core; log: Logger };

const defaultOpenCore: OpenCore = (dataDir, env) => createNodeCore({ dataDir, host: 'cli', env });

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
      return resolveDataDir(flag, io.env);
    },
    json: (command) => Boolean((command.optsWithGlobals() as GlobalOptions).json),
    async withCore(command, work, options = {}) {
      const dataDir = ctx.dataDir(command);
      if (options.existing && !existsSync(databasePath(dataDir))) {
        throw new GleanerError(
          'NOT_FOUND',
          `There is no Gleaner library in ${dataDir}. Check --data-dir (or GLEANER_DATA_DIR); a library starts there when something is fetched into it (call or import).`,
        );
      }
      const { core, log } = openCore(dataDir, io.env);
      try {
        return await work(core, log);
      } finally {
        await core.close();
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
  registerServe(program, ctx);
  registerDemoService(program, ctx);
  registerConfig(program, ctx);
  registerToken(program, ctx, () => createTokenStore({ env: io.env }));
  registerCall(program, ctx);
  registerSearch(program, ctx);
  registerCollections(program, ctx);
  registerItems(program, ctx);
  registerImport(program, ctx);
  registerQueue(program, ctx);
  registerExport(program, ctx);
  return program;
}

/** Runs the CLI and returns the exit status; never throws. */
/**
 * Everything the CLI prints may carry platform text (titles, handles, error bodies), which is
 * untrusted: the characters a terminal acts on are dealt with on every line, not field by field,
 * so no field can be missed. Human text drops them (tabs and line ends stay); JSON output keeps
 * the data whole by writing them as escapes.
 */
function withoutTerminalControls(io: CliIo, json: boolean): CliIo {
  const clean = json ? escapeTerminalControlsInJson : stripTerminalControls;
  return { ...io, stdout: (text) => io.stdout(clean(text)), stderr: (text) => io.stderr(clean(text)) };
}

export async function runCli(argv: readonly string[], givenIo: CliIo, rendererDir: string, openCore?: OpenCore): Promise<number> {
  const json = argv.includes('--json');
  const io = withoutTerminalControls(givenIo, json);
  const helpShownForError = { text: '' };
  const program = buildProgram(io, rendererDir, helpShownForError, openCore);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0;
      if (error.code === 'commander.help') {
        const usage = helpShownForError.text.match(/^Usage: (gleaner(?: [a-z-]+)*)/m)?.[1] ?? 'gleaner';
        io.stderr(formatError({ code: 'INVALID_INPUT', message: `${usage} needs a command; ${usage} --help lists them.` }, json));
        return 2;
      }
      // One line, as the contract says (commander puts its "Did you mean" on a line of its own).
      const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
      io.stderr(
        formatError(
          { code: 'INVALID_INPUT', message: `${message[0]?.toUpperCase() ?? ''}${message.slice(1)} (see gleaner --help).` },
          json,
        ),
      );
      return 2;
    }
    const info = isGleanerError(error)
      ? error.toInfo()
      : new GleanerError('INTERNAL', `Gleaner stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}`).toInfo();
    io.stderr(formatError(info, json));
    return exitCodeFor(info.code, isGleanerError(error) && isServiceAnswer(error.details));
  }
}
