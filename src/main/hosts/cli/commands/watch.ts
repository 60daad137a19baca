/**
 * `gleaner watch add|list|remove|pause|resume|run|changes` (issue 30): watches on items and on
 * what an operation lists, their cost shown before saving, and `watch run` for cron or a systemd
 * timer: it runs what is due (or every watch with --all), waits for those requests, prints the
 * changes noticed and exits.
 */
import type { Command } from 'commander';
import { findOperation } from '../../../../shared/catalogue';
import { GleanerError } from '../../../../shared/errors';
import { DEMO_WORDS } from '../../../../shared/demo';
import { quoteInput } from '../../../../shared/quote-input';
import {
  WATCH_INTERVALS,
  WATCH_INTERVAL_LABELS,
  type WatchChange,
  type WatchCost,
  type WatchInterval,
  type WatchSummary,
  type WatchTarget,
} from '../../../../shared/watch';
import { parseNameValuePairs } from '../arguments';
import type { CliContext, CliCore } from '../context';
import { runBatchInForeground } from '../queue-runner';
import { oneLine } from './search';

function parseId(word: string, what = 'A watch id'): number {
  const id = Number(word.replace(/^#/, ''));
  if (!/^#?\d+$/.test(word) || !Number.isSafeInteger(id) || id < 1)
    throw new GleanerError('INVALID_INPUT', `${what} is a whole number, as \`gleaner watch list\` shows it; ${quoteInput(word)} is not.`);
  return id;
}

function parseInterval(word: string): WatchInterval {
  if ((WATCH_INTERVALS as readonly string[]).includes(word)) return word as WatchInterval;
  throw new GleanerError('INVALID_INPUT', `--every is one of ${WATCH_INTERVALS.join(', ')}; ${quoteInput(word)} is not.`);
}

function targetOf(item: string | undefined, words: readonly string[]): WatchTarget {
  if (item !== undefined) {
    if (words.length > 0)
      throw new GleanerError(
        'INVALID_INPUT',
        'Watch either an item (--item ID) or an operation (<platform> <path> [name=value ...]), not both.',
      );
    return { kind: 'item', itemId: parseId(item, 'An item id') };
  }
  const [platform, path, ...rest] = words;
  if (platform === undefined || path === undefined)
    throw new GleanerError(
      'INVALID_INPUT',
      'Name what to watch: --item ID, or <platform> <path> [name=value ...] such as `videosite channel/videos handle=@newsroom`.',
    );
  const operation = findOperation(platform, path);
  if (!operation)
    throw new GleanerError('INVALID_INPUT', `There is no operation ${quoteInput(`${platform} ${path}`)}; gleaner call --help lists them.`);
  return { kind: 'operation', operation: operation.id, params: parseNameValuePairs(rest) };
}

const percent = (share: number): string => `${Math.round(share * 1000) / 10} %`;

function costLine(cost: WatchCost): string {
  return `Cost: ${cost.requestsPerDay} request(s) a day; all watches together ${cost.allWatchesPerDay} a day, ${percent(cost.share)} of the plan’s ${cost.dailyBudget} (watch cap ${cost.cap}).\n`;
}

function watchLine(watch: WatchSummary): string {
  const state = watch.paused ? 'paused' : `next ${watch.nextDueAt}`;
  const error = watch.lastError ? `\n      last error: ${oneLine(watch.lastError)}` : '';
  const unread = watch.unread ? `, ${watch.unread} unread` : '';
  return `  ${watch.id} ${oneLine(watch.label)} — ${WATCH_INTERVAL_LABELS[watch.interval]}, ${watch.requestsPerDay}/day, ${state}${unread}${error}\n`;
}

/** One change as CLI.md gives it: field, before and after only where they apply. */
export function changeJson(change: WatchChange): Record<string, unknown> {
  return {
    watch_id: change.watchId,
    item_id: change.itemId,
    change: change.change,
    ...(change.field !== null ? { field: change.field } : {}),
    ...(change.before !== null ? { before: change.before } : {}),
    ...(change.after !== null ? { after: change.after } : {}),
    request_id: change.requestId,
    at: change.at,
    demo: change.demo,
  };
}

function changeLine(change: WatchChange): string {
  const what =
    change.change === 'edited' || change.change === 'counts'
      ? `${change.change} ${change.field}: ${oneLine(String(change.before ?? ''))} → ${oneLine(String(change.after ?? ''))}`
      : change.change === 'unavailable' && change.words
        ? `unavailable: ${oneLine(change.words)}`
        : change.change;
  return `  ${change.at} watch ${change.watchId ?? '–'} item #${change.itemId ?? '–'} ${what}${change.requestId ? ` (${change.requestId})` : ''}${change.demo ? ` (${DEMO_WORDS})` : ''}\n`;
}

/** Every change from the `offset`-th on (in the order noticed), a page at a time. */
async function changesFrom(core: CliCore, filter: { since?: string }, offset: number): Promise<WatchChange[]> {
  const all: WatchChange[] = [];
  for (;;) {
    const page = await core.client.call('watch.changes', { ...filter, offset: offset + all.length, limit: 1000 });
    all.push(...page.changes);
    if (page.changes.length < 1000) return all;
  }
}

export function registerWatch(program: Command, ctx: CliContext): void {
  const watch = program.command('watch').description('watches: items and listings fetched again on a schedule, and what changed');
  const print = (command: Command, json: unknown, text: string) => ctx.io.stdout(ctx.json(command) ? `${JSON.stringify(json)}\n` : text);
  const printChanges = (command: Command, changes: readonly WatchChange[]) => {
    if (ctx.json(command)) ctx.io.stdout(changes.map((change) => `${JSON.stringify(changeJson(change))}\n`).join(''));
    else ctx.io.stdout(changes.length ? changes.map(changeLine).join('') : 'No changes noticed.\n');
  };

  watch
    .command('add')
    .description('watch an item, or what an operation lists (an account, a search); shows the cost first and refuses to pass the watch cap')
    .argument('[what...]', '<platform> <path> [name=value ...], when not --item')
    .option('--item <id>', 'the item to watch')
    .option('--every <interval>', `how often: ${WATCH_INTERVALS.join(', ')}`, '1d')
    .option('--label <label>', 'a name for the watch')
    .action((words: string[], options: { item?: string; every: string; label?: string }, command: Command) => {
      const target = targetOf(options.item, words);
      const interval = parseInterval(options.every);
      return ctx.withCore(command, async (core) => {
        const cost = await core.client.call('watch.plan', { target, interval });
        if (!ctx.json(command)) ctx.io.stdout(costLine(cost));
        const added = await core.client.call('watch.add', {
          target,
          interval,
          ...(options.label !== undefined ? { label: options.label } : {}),
        });
        print(
          command,
          { watch: added, cost },
          `Watching: ${oneLine(added.label)} (watch ${added.id}), ${WATCH_INTERVAL_LABELS[interval]}.\n`,
        );
      });
    });

  watch
    .command('list')
    .description('the watches, with their cost against the watch cap')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const { watches, cost } = await core.client.call('watch.list', {});
          const head = `${watches.length} watch(es); ${cost.allWatchesPerDay} request(s) a day of the watch cap ${cost.cap} (plan: ${cost.dailyBudget} a day).\n`;
          print(command, { watches, cost }, head + watches.map(watchLine).join(''));
        },
        { existing: true },
      ),
    );

  for (const [verb, method, done] of [
    ['remove', 'watch.remove', 'Removed watch'],
    ['pause', 'watch.pause', 'Paused watch'],
    ['resume', 'watch.resume', 'Resumed watch'],
  ] as const) {
    watch
      .command(verb)
      .argument('<id>', 'the watch id')
      .description(verb === 'remove' ? 'stop watching (what it noticed is kept)' : `${verb} a watch`)
      .action((word: string, _options: unknown, command: Command) => {
        const id = parseId(word);
        return ctx.withCore(command, async (core) => {
          const result = await core.client.call(method, { id });
          print(command, result, `${done} ${id}.\n`);
        });
      });
  }

  watch
    .command('run')
    .description('run the watches that are due (--all: every watch now) once, print what changed, and exit')
    .option('--all', 'run every active watch now')
    .action((options: { all?: boolean }, command: Command) =>
      ctx.withCore(command, async (core) => {
        const before = (await core.client.call('watch.changes', { limit: 1 })).total;
        const { batchIds, queued } = await core.client.call('watch.run', options.all ? { all: true } : {});
        if (!ctx.json(command)) ctx.io.stderr(`${queued} watch(es) to run.\n`);
        for (const batchId of batchIds) await runBatchInForeground(core, ctx.io, batchId);
        printChanges(command, await changesFrom(core, {}, before));
      }),
    );

  watch
    .command('changes')
    .description('the changes noticed so far')
    .option('--since <iso>', 'only changes at or after this time (2026-01-01 or 2026-01-01T10:00:00Z)')
    .action((options: { since?: string }, command: Command) =>
      ctx.withCore(
        command,
        async (core) => printChanges(command, await changesFrom(core, options.since !== undefined ? { since: options.since } : {}, 0)),
        { existing: true },
      ),
    );
}
