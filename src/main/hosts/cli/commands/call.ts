import type { Command } from 'commander';
import { findOperation, OPERATIONS, type OperationSpec } from '../../../../shared/catalogue';
import type { CallResult } from '../../../../shared/contract';
import { GleanerError, isGleanerError, type ErrorCode } from '../../../../shared/errors';
import { checkCollectionName } from '../../../core';
import { runBatchInForeground } from '../queue-runner';
import { parseNameValuePairs, parsePositiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { oneLine } from './search';
import { quoteInput } from '../../../../shared/quote-input';

export function registerCall(program: Command, ctx: CliContext): void {
  program
    .command('call')
    .description('run one operation of the service, e.g. `gleaner call videosite search query=climate`')
    .argument('<platform>', 'videosite, shortvideo, photoshare, microblog, professional, pinboard, socialnet, forum or tweetsite')
    .argument('<path>', 'the operation, e.g. search, channel/videos, search/hashtag, user/reels')
    .argument('[params...]', 'parameters as name=value, with wire names')
    .option('--pages <n>', 'follow the next-page value up to this many pages', '1')
    .option('--max-items <m>', 'follow pages until this many items are stored (with --pages as a ceiling, default 1000 pages)')
    .option('--collection <name>', 'also add the items to this collection (created if needed)')
    .action(
      async (
        platform: string,
        path: string,
        rawParams: string[],
        options: { pages: string; maxItems?: string; collection?: string },
        command: Command,
      ) => {
        const operation = resolveOperation(platform, path);
        const params = parseNameValuePairs(rawParams);
        const maxItems = options.maxItems === undefined ? undefined : parsePositiveInteger(options.maxItems, '--max-items', 1_000_000);
        // "All pages up to M items": without an explicit --pages, follow as many as it takes.
        const pages = parsePositiveInteger(maxItems !== undefined && options.pages === '1' ? '1000' : options.pages, '--pages', 1000);
        const collection = options.collection === undefined ? undefined : checkCollectionName(options.collection);
        if (operation.pagination === null && (options.pages !== '1' || maxItems !== undefined) && !ctx.json(command)) {
          ctx.io.stderr(`note: ${operation.platform} ${operation.path} answers in one page, so --pages and --max-items change nothing.\n`);
        }
        await ctx.withCore(command, async (core) => {
          // Parameters are checked when the job is queued: a bad one costs no request.
          const { batchId } = await core.client.call('service.start', {
            operation: operation.id,
            params,
            ...(collection !== undefined ? { collection } : {}),
            pages,
            ...(maxItems !== undefined ? { maxItems } : {}),
          });
          let stopped: GleanerError | null = null;
          try {
            await runBatchInForeground(core, ctx.io, batchId);
          } catch (error) {
            if (!isGleanerError(error)) throw error;
            // The queue paused (a rejected token, a user's pause): this command is over, so its
            // requests must not stay behind and be sent, unseen, by a later run.
            const { cancelled: withdrawn } = await core.client.call('queue.cancel', { batchId });
            stopped =
              withdrawn > 0
                ? new GleanerError(error.code, `${error.message} This call’s request was not left waiting in the queue.`)
                : error;
          }
          const { results, items } = await core.client.call('service.results', { batchId });
          results.forEach((result, index) => {
            if (!ctx.json(command) && result.state === 'done') ctx.io.stdout(describe(result, index + 1));
          });
          // Each item by its label, as the window and the other commands call it.
          if (!ctx.json(command))
            for (const item of items) ctx.io.stdout(`  #${item.id} [${item.platform} ${item.kind}] ${oneLine(item.label)}\n`);
          const failed = results.find((result) => result.state === 'failed');
          if (ctx.json(command)) {
            const summary = {
              requests: results
                .filter((result) => result.state === 'done')
                .map((result) => ({
                  request_id: result.requestId,
                  status: result.status,
                  operation: result.operation,
                  fetched_at: result.fetchedAt,
                  next_page: result.nextPage,
                })),
              items: items.map(({ id, platform, kind, nativeId, url, title, label }) => ({
                id,
                platform,
                kind,
                native_id: nativeId,
                url,
                title,
                label,
              })),
            };
            // What was stored is reported even when a later page failed; the error goes to stderr.
            ctx.io.stdout(`${JSON.stringify(summary)}\n`);
          }
          if (stopped) throw stopped;
          // A job fails on what the service (or the network to it) answered.
          if (failed?.error)
            throw new GleanerError(failed.error.code as ErrorCode, failed.error.message, { details: { fromService: true } });
        });
      },
    );
}

function resolveOperation(platform: string, path: string): OperationSpec {
  const operation = findOperation(platform, path);
  if (operation) return operation;
  const ofPlatform = OPERATIONS.filter((op) => op.platform === platform).map((op) => op.path);
  throw new GleanerError(
    'INVALID_INPUT',
    ofPlatform.length
      ? `${platform} has no operation ${quoteInput(path)}; it has ${ofPlatform.join(', ')}.`
      : `There is no platform ${quoteInput(platform)}; the platforms are ${[...new Set(OPERATIONS.map((op) => op.platform))].join(', ')}.`,
  );
}

function describe(result: CallResult, page: number): string {
  const next = result.nextPage
    ? `\n  next page: ${Object.entries(result.nextPage)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`
    : '';
  const warned = result.warnings.map((w) => `\n  warning: ${w}`).join('');
  return `${result.operation} page ${page}: ${result.status} ${result.requestId} at ${result.fetchedAt}, ${result.itemIds.length} item(s) stored${next}${warned}\n`;
}
