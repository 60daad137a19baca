/**
 * Every `gleaner` command as data: what `gleaner --help` lists, and how to load the command's
 * module. A command's code (and the core behind it) is imported only when that command runs, so
 * `--help` and a quick `search` do not pay for loading all of them (issue 28.19). A test checks
 * each row against the command its module registers.
 */
import type { Command } from 'commander';
import type { CliContext } from './context';

/** Adds a loaded command, with its options and action, to the program. */
export type RegisterCommand = (program: Command, ctx: CliContext) => void;

export interface CommandEntry {
  name: string;
  /** The command as `gleaner --help` lists it: its name, `[options]` when it has some, its arguments. */
  term: string;
  description: string;
  load(): Promise<RegisterCommand>;
}

/**
 * What `gleaner --help` lists, by command in its order: what follows the name in the term
 * (`[options]` when it has some, its arguments) and what the command does.
 */
const LISTED = {
  serve: ['[options]', 'run Gleaner in your browser: a host on 127.0.0.1 guarded by a per-run key'],
  'demo-service': ['[options]', 'run the built-in demo service on 127.0.0.1: all 20 operations with sample data, one team per plan'],
  config: ['', 'service settings: base-url, plan, limits, parameter-name and path overrides'],
  token: ['', 'the retrieval service token, kept in the OS keychain (GLEANER_TOKEN overrides it)'],
  call: ['[options] <platform> <path> [params...]', 'run one operation of the service, e.g. `gleaner call videosite search query=climate`'],
  search: ['[options] <query>', 'search the library offline: words, "phrases", prefix*, OR, NOT, -exclude, (groups)'],
  collections: ['', 'collections: list, create, rename, delete, add, remove, show'],
  items: ['', 'items in the library'],
  import: ['[options] <file>', 'fetch a list of links (one per line; blank lines and # comments allowed), showing the plan first'],
  queue: ['', 'the request queue and the quota gauge'],
  export: [
    '[options]',
    'export items or transcripts to CSV (for spreadsheets or for data tools), XLSX, Markdown, JSON, JSON Lines, SRT, WebVTT or plain text',
  ],
  team: ['', 'the team hub: one quota and one library shared by a newsroom’s desks'],
  watch: ['', 'watches: items and listings fetched again on a schedule, and what changed'],
  bundle: ['', 'case bundles: signed, hashed evidence of a collection that anyone can verify offline'],
} as const satisfies Record<string, readonly [usage: string, description: string]>;

type CommandName = keyof typeof LISTED;

/** Each command's module, imported only when the command runs (each import named, for the bundler). */
const LOADERS: Record<CommandName, () => Promise<RegisterCommand>> = {
  serve: async () => (await import('./commands/serve')).registerServe,
  'demo-service': async () => (await import('./commands/demo-service')).registerDemoService,
  config: async () => (await import('./commands/config')).registerConfig,
  token: async () => {
    const [{ registerToken }, { createTokenStore }] = await Promise.all([import('./commands/token'), import('../../core')]);
    return (program, ctx) => registerToken(program, ctx, () => createTokenStore({ env: ctx.io.env }));
  },
  call: async () => (await import('./commands/call')).registerCall,
  search: async () => (await import('./commands/search')).registerSearch,
  collections: async () => (await import('./commands/collections')).registerCollections,
  items: async () => (await import('./commands/items')).registerItems,
  import: async () => (await import('./commands/import')).registerImport,
  queue: async () => (await import('./commands/queue')).registerQueue,
  export: async () => (await import('./commands/export')).registerExport,
  team: async () => (await import('./commands/team')).registerTeam,
  watch: async () => (await import('./commands/watch')).registerWatch,
  bundle: async () => (await import('./commands/bundle')).registerBundle,
};

export const COMMANDS: readonly CommandEntry[] = (Object.keys(LISTED) as CommandName[]).map((name) => {
  const [usage, description] = LISTED[name];
  return { name, term: usage ? `${name} ${usage}` : name, description, load: LOADERS[name] };
});

const BY_NAME = new Map(COMMANDS.map((entry) => [entry.name, entry]));

export const commandEntry = (name: string): CommandEntry | undefined => BY_NAME.get(name);

/** Root options that take a value, so the word after them is not read as the command. */
const ROOT_OPTIONS_WITH_VALUE = new Set(['--data-dir']);

/**
 * The commands an argument list runs, found the way commander finds them: the first word that is
 * not an option (nor a root option's value); after `help`, the command it asks about. A word this
 * misreads costs only time: the program loads a command the moment it is reached (see program.ts).
 */
export function commandsNamedIn(argv: readonly string[]): CommandEntry[] {
  const words: string[] = [];
  for (let index = 0; index < argv.length && words.length < 2; index += 1) {
    const word = argv[index]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      if (ROOT_OPTIONS_WITH_VALUE.has(word)) index += 1;
      continue;
    }
    words.push(word);
    if (word !== 'help') break;
  }
  const named = words[0] === 'help' ? words.slice(1) : words.slice(0, 1);
  return named.flatMap((name) => commandEntry(name) ?? []);
}
