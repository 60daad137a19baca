import { Option, type Command } from 'commander';
import { PLATFORMS } from '../../../../shared/catalogue';
import { GleanerError } from '../../../../shared/errors';
import { searchRequestSchema } from '../../../../shared/contract';
import { ITEM_KINDS } from '../../../../shared/model';
import { stripTerminalControls, toOneLine } from '../../../../shared/text';
import { parseOrThrow } from '../../../../shared/validation';
import { searchLibrary } from '../../../core/library/search';
import { parsePositiveInteger } from '../arguments';
import type { CliContext } from '../program';

/** Matched words are shown between ** in the CLI's text and JSON alike. */
const MARKERS = { start: '**', end: '**' };

/** The request's field names in an error, as the options the user typed. */
function withFlagNames<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof GleanerError)) throw error;
    throw new GleanerError(error.code, error.message.replace(/\bpublishedFrom\b/g, '--from').replace(/\bpublishedTo\b/g, '--to'));
  }
}

export function registerSearch(program: Command, ctx: CliContext): void {
  program
    .command('search')
    .description('search the library offline: words, "phrases", prefix*, OR, NOT, -exclude, (groups)')
    .argument('<query>', 'what to look for; use "" to list everything the filters allow')
    .addOption(new Option('--platform <p>', 'only this platform').choices(PLATFORMS))
    .addOption(new Option('--kind <k>', 'only this kind of item').choices(ITEM_KINDS))
    .option('--collection <name>', 'only items in this collection')
    .option('--tag <tag>', 'only items with this tag')
    .option('--from <date>', 'published on or after (YYYY-MM-DD, or an ISO-8601 time)')
    .option('--to <date>', 'published on or before (YYYY-MM-DD: the whole day, or an ISO-8601 time)')
    .option('--has-transcript', 'only items with a transcript')
    .option('--limit <n>', 'at most this many hits', '20')
    .action(async (query: string, options: Record<string, string | boolean | undefined>, command: Command) => {
      const fields = {
        query,
        platform: options.platform,
        kind: options.kind,
        collection: options.collection,
        tag: options.tag,
        publishedFrom: options.from,
        // A bare date means the whole of that day.
        publishedTo: typeof options.to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(options.to) ? `${options.to}T23:59:59.999Z` : options.to,
        hasTranscript: options.hasTranscript ? true : undefined,
        limit: parsePositiveInteger(String(options.limit), '--limit', 1000),
      };
      const request = withFlagNames(() => parseOrThrow(searchRequestSchema, fields, 'search'));
      await ctx.withCore(command, async (core) => {
        // A mistyped collection is an error, as in `collections show` and `export`, not an empty result.
        if (request.collection !== undefined) core.context.collections.require(request.collection);
        const result = searchLibrary(core.context.db, request, MARKERS);
        if (ctx.json(command)) {
          const hits = result.hits.map((hit) => ({
            id: hit.id,
            platform: hit.platform,
            kind: hit.kind,
            title: hit.title,
            snippet: hit.snippet,
            ...(hit.segmentStartMs !== null ? { segment_start_ms: hit.segmentStartMs } : {}),
            url: hit.url,
          }));
          ctx.io.stdout(`${JSON.stringify({ hits, total: result.total })}\n`);
          return;
        }
        if (result.total === 0) {
          ctx.io.stdout('No items match.\n');
          return;
        }
        for (const hit of result.hits) {
          const at = hit.segmentStartMs !== null ? ` @ ${formatTimestamp(hit.segmentStartMs)}` : '';
          ctx.io.stdout(`#${hit.id} [${hit.platform} ${hit.kind}] ${oneLine(hit.title ?? hit.url ?? '(untitled)')}${at}\n`);
          if (hit.snippet) ctx.io.stdout(`    ${oneLine(hit.snippet)}\n`);
        }
        ctx.io.stdout(`${result.hits.length} of ${result.total} shown.\n`);
      });
    });
}

export const oneLine = (text: string): string => toOneLine(stripTerminalControls(text)).slice(0, 200);

export function formatTimestamp(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}
