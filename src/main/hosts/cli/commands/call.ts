import type { Command } from 'commander';
import { findOperation, OPERATIONS, type OperationSpec } from '../../../../shared/catalogue';
import { GleanerError } from '../../../../shared/errors';
import { checkCollectionName } from '../../../core/library/collections';
import type { ServiceResponse } from '../../../core/service/client';
import type { Database } from '../../../core/store/database';
import { parseNameValuePairs, parsePositiveInteger } from '../arguments';
import type { CliContext } from '../program';

export function registerCall(program: Command, ctx: CliContext): void {
  program
    .command('call')
    .description('run one operation of the service, e.g. `gleaner call videosite search query=climate`')
    .argument('<platform>', 'videosite, shortvideo, photoshare, microblog, professional, pinboard, socialnet, forum or tweetsite')
    .argument('<path>', 'the operation, e.g. search, channel/videos, search/hashtag, user/reels')
    .argument('[params...]', 'parameters as name=value, with wire names')
    .option('--pages <n>', 'follow the next-page value up to this many pages', '1')
    .option('--collection <name>', 'also add the items to this collection (created if needed)')
    .action(async (platform: string, path: string, rawParams: string[], options: { pages: string; collection?: string }, command: Command) => {
      const operation = resolveOperation(platform, path);
      const params = parseNameValuePairs(rawParams);
      const pages = parsePositiveInteger(options.pages, '--pages', 1000);
      const collection = options.collection === undefined ? undefined : checkCollectionName(options.collection);
      await ctx.withCore(command, async (core) => {
        // Checked before anything is sent: a bad parameter costs no request.
        let request = core.context.service.prepare(operation.id, params);
        const responses: ServiceResponse[] = [];
        const itemIds: number[] = [];
        for (let page = 1; page <= pages; page += 1) {
          const response = await core.context.service.send(request);
          responses.push(response);
          const stored = core.context.ingest(response);
          for (const id of stored.itemIds) if (!itemIds.includes(id)) itemIds.push(id);
          if (collection !== undefined && stored.itemIds.length) {
            core.context.collections.ensure(collection);
            core.context.collections.add(collection, stored.itemIds);
          }
          if (!ctx.json(command)) ctx.io.stdout(describe(response, page, stored.itemIds.length, stored.warnings));
          if (!response.nextPage || page === pages) break;
          request = core.context.service.prepare(operation.id, { ...params, ...response.nextPage });
        }
        if (ctx.json(command)) {
          const summary = {
            requests: responses.map((r) => ({ request_id: r.requestId, status: r.status, operation: r.operation, fetched_at: r.fetchedAt, next_page: r.nextPage })),
            items: itemSummaries(core.context.db, itemIds),
          };
          ctx.io.stdout(`${JSON.stringify(summary)}\n`);
        }
      });
    });
}

function resolveOperation(platform: string, path: string): OperationSpec {
  const operation = findOperation(platform, path);
  if (operation) return operation;
  const ofPlatform = OPERATIONS.filter((op) => op.platform === platform).map((op) => op.path);
  throw new GleanerError(
    'INVALID_INPUT',
    ofPlatform.length
      ? `${platform} has no operation ${JSON.stringify(path)}; it has ${ofPlatform.join(', ')}.`
      : `There is no platform ${JSON.stringify(platform)}; the platforms are ${[...new Set(OPERATIONS.map((op) => op.platform))].join(', ')}.`,
  );
}

function describe(response: ServiceResponse, page: number, items: number, warnings: string[]): string {
  const next = response.nextPage ? `\n  next page: ${Object.entries(response.nextPage).map(([k, v]) => `${k}=${v}`).join(' ')}` : '';
  const warned = warnings.map((w) => `\n  warning: ${w}`).join('');
  return `${response.operation} page ${page}: ${response.status} ${response.requestId} at ${response.fetchedAt}, ${items} item(s) stored${next}${warned}\n`;
}

function itemSummaries(db: Database, ids: readonly number[]) {
  const select = db.prepare<[number], { id: number; platform: string; kind: string; native_id: string | null; url: string | null; title: string | null }>(
    'SELECT id, platform, kind, native_id, url, title FROM items WHERE id = ?',
  );
  return ids.map((id) => select.get(id)).filter((row) => row !== undefined);
}
