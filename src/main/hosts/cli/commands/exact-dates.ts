/**
 * `gleaner items exact-dates ID... [--dry-run] [--carry-over]`: fetches the details of items dated
 * only approximately (from "1 year ago"), so their exact publish time replaces the approximate
 * one. The plan (requests, time, share of today's budget) is shown before anything is sent.
 */
import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import type { ExactDatesResult } from '../../../../shared/library';
import { quoteInput } from '../../../../shared/quote-input';
import { describePlan } from '../../../core';
import type { CliContext } from '../context';
import { runBatchInForeground } from '../queue-runner';

function parseIds(rawIds: readonly string[]): number[] {
  return rawIds.map((rawId) => {
    const id = Number(rawId.replace(/^#/, ''));
    if (!/^#?\d+$/.test(rawId) || !Number.isSafeInteger(id) || id < 1)
      throw new GleanerError('INVALID_INPUT', `An item id is a whole number; ${quoteInput(rawId)} is not.`);
    return id;
  });
}

function describe(result: ExactDatesResult): string {
  const lines = [
    `${result.itemIds.length} item(s) dated approximately: their details are fetched again for the exact date.`,
    ...result.skipped.map((skip) => `  #${skip.itemId} left as it is: ${skip.reason}`),
  ];
  const queued = result.plan.counts['already-queued'];
  if (queued > 0) lines.push(`${queued} already waiting in the queue.`);
  lines.push(`Plan: ${describePlan(result.plan.quota)}`);
  return `${lines.join('\n')}\n`;
}

export function registerExactDates(items: Command, ctx: CliContext): void {
  items
    .command('exact-dates')
    .description('fetch the details of items dated only approximately ("1 year ago"), for their exact publish date')
    .argument('<ids...>', 'the item ids')
    .option('--dry-run', 'show the plan only; send nothing')
    .option('--carry-over', 'start even if the work does not fit in today’s budget')
    .action((rawIds: string[], options: { dryRun?: boolean; carryOver?: boolean }, command: Command) => {
      const itemIds = parseIds(rawIds);
      const json = ctx.json(command);
      return ctx.withCore(
        command,
        async (core) => {
          const planned = await core.client.call('items.exactDates', { itemIds, dryRun: true });
          ctx.io.stdout(json ? `${JSON.stringify({ plan: planned })}\n` : describe(planned));
          if (options.dryRun || planned.plan.quota.requests === 0) return;
          const started = await core.client.call('items.exactDates', { itemIds, ...(options.carryOver ? { carryOver: true } : {}) });
          if (started.batchId === null) return;
          const progress = await runBatchInForeground(core, ctx.io, started.batchId);
          ctx.io.stdout(
            json
              ? `${JSON.stringify({ progress })}\n`
              : `${progress.done} fetched, ${progress.failed} failed. Items whose details came back now carry their exact date.\n`,
          );
        },
        { existing: true },
      );
    });
}
