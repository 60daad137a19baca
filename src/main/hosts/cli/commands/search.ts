import { Command, Option, type ErrorOptions } from 'commander';
import type { z } from 'zod';
import { PLATFORMS } from '../../../../shared/catalogue';
import { GleanerError } from '../../../../shared/errors';
import { itemLabel, type Labelled } from '../../../../shared/item-label';
import { formatMoment } from '../../../../shared/export';
import { searchRequestSchema } from '../../../../shared/contract';
import type { SearchRequest } from '../../../../shared/library';
import { ITEM_KINDS } from '../../../../shared/model';
import { stripTerminalControls, toOneLine } from '../../../../shared/text';
import { parseOrThrow } from '../../../../shared/validation';
import { splitSnippet } from '../../../../shared/snippet';
import { parsePositiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { DEMO_SENTENCE } from '../../../../shared/demo';

/** The request's field names in an error, as the options the user typed. */
function withFlagNames<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof GleanerError)) throw error;
    throw new GleanerError(error.code, error.message.replace(/\bpublishedFrom\b/g, '--from').replace(/\bpublishedTo\b/g, '--to'));
  }
}

/** What an empty value of each text flag would have meant, for the message that refuses it. */
const TEXT_FLAGS: Partial<Record<keyof SearchRequest, { flag: string; leftOut: string }>> = {
  collection: { flag: '--collection', leftOut: 'search the whole library' },
  tag: { flag: '--tag', leftOut: 'search items whatever their tags' },
};

/**
 * The validation library words a too short or too long value in its own terms ("tag: Too
 * small: expected string to have >=1 characters"); these say it with the flag the user typed.
 */
function flagSentence(issue: z.ZodError['issues'][number] | undefined): string | null {
  const field = issue?.path[0];
  if (issue?.code === 'too_big' && field === 'query') return `A search is at most ${String(issue.maximum)} characters.`;
  const text = typeof field === 'string' ? TEXT_FLAGS[field as keyof SearchRequest] : undefined;
  if (!text) return null;
  if (issue?.code === 'too_small') return `${text.flag} needs a value; leave it out to ${text.leftOut}.`;
  if (issue?.code === 'too_big') return `${text.flag} is at most ${String(issue.maximum)} characters.`;
  return null;
}

function parseSearchFlags(fields: Record<string, unknown>): SearchRequest {
  const parsed = searchRequestSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const sentence = flagSentence(parsed.error.issues[0]);
  if (sentence !== null) throw new GleanerError('INVALID_INPUT', sentence);
  return withFlagNames(() => parseOrThrow(searchRequestSchema, fields, 'search'));
}

/**
 * `\` and `*` in the platform's text are escaped (`\\`, `\*`) before the matched words are put
 * between `**`, so `**` always and only marks a match and the snippet reads as Markdown.
 * `clean` and `maxLength` apply to the text as shown, so a cut never splits an escape or a marker.
 */
function markdownSnippet(snippet: string, clean: (text: string) => string = (text) => text, maxLength = Infinity): string {
  let room = maxLength;
  let written = '';
  for (const { text, marked } of splitSnippet(snippet)) {
    if (room <= 0) break;
    const shown = clean(text).slice(0, room);
    room -= shown.length;
    if (!shown) continue;
    const escaped = shown.replace(/[\\*]/g, '\\$&');
    written += marked ? `**${escaped}**` : escaped;
  }
  return written;
}

/**
 * A query may start with - (`-rápida guía` looks for guía without rápida), which commander reads
 * as an unknown option; the error then says how to search for it.
 */
class SearchCommand extends Command {
  override error(message: string, errorOptions?: ErrorOptions): never {
    const flag = errorOptions?.code === 'commander.unknownOption' ? message.match(/^error: unknown option '(.*)'$/s)?.[1] : undefined;
    if (flag === undefined || flag.startsWith('--')) return super.error(message, errorOptions);
    return super.error(
      `error: unknown option '${flag}': a query that starts with - needs -- before it, as in gleaner search -- ${shellQuoted(flag)}`,
      errorOptions,
    );
  }
}

/** The text as one shell word, in single quotes. */
const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export function registerSearch(program: Command, ctx: CliContext): void {
  const command = new SearchCommand('search').copyInheritedSettings(program);
  program.addCommand(command);
  command
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
        // A bare date means the whole of that day: the core reads it so.
        publishedTo: options.to,
        hasTranscript: options.hasTranscript ? true : undefined,
        limit: parsePositiveInteger(String(options.limit), '--limit', 1000),
      };
      const request = parseSearchFlags(fields);
      await ctx.withCore(
        command,
        async (core) => {
          // The core keeps its markers to matches (platform text cannot pass for one); a mistyped
          // collection is an error there, as in `collections show` and `export`, not an empty result.
          const result = await core.client.call('library.search', request);
          if (ctx.json(command)) {
            const hits = result.hits.map((hit) => ({
              id: hit.id,
              platform: hit.platform,
              kind: hit.kind,
              title: hit.title,
              label: itemLabel({ ...hit, text: hit.excerpt }),
              snippet: hit.snippet === null ? null : markdownSnippet(hit.snippet),
              ...(hit.segmentStartMs !== null ? { segment_start_ms: hit.segmentStartMs } : {}),
              url: hit.url,
              published_at: hit.publishedAt,
              published_approximate: hit.publishedApproximate,
              demo: hit.demo,
            }));
            ctx.io.stdout(`${JSON.stringify({ hits, total: result.total })}\n`);
            return;
          }
          if (result.total === 0) {
            ctx.io.stdout('No items match.\n');
            return;
          }
          for (const hit of result.hits) {
            const at = hit.segmentStartMs !== null ? ` @ ${formatMoment(hit.segmentStartMs)}` : '';
            ctx.io.stdout(`#${hit.id} [${hit.platform} ${hit.kind}] ${labelLine({ ...hit, text: hit.excerpt })}${at}\n`);
            const snippet = hit.snippet === null ? '' : markdownSnippet(hit.snippet, (text) => toOneLine(stripTerminalControls(text)), 200);
            if (snippet) ctx.io.stdout(`    ${snippet}\n`);
            if (hit.demo) ctx.io.stdout(`    ${DEMO_SENTENCE}\n`);
          }
          ctx.io.stdout(`${result.hits.length} of ${result.total} shown.\n`);
        },
        { existing: true },
      );
    });
}

export const oneLine = (text: string): string =>
  toOneLine(stripTerminalControls(text))
    .slice(0, 200)
    .replace(/[\uD800-\uDBFF]$/, '');

/** An item's label (the one every place uses) on one terminal line: a long title is cut at a word. */
export const labelLine = (item: Labelled): string => oneLine(itemLabel(item, { maxTitle: 200 }));
