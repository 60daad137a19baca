import type { Command } from 'commander';
import { CITATION_STYLES, citeItem, isCitationStyle, parseMoment, quoteSegment, segmentShownAt } from '../../../../shared/citation';
import { GleanerError } from '../../../../shared/errors';
import { formatMoment } from '../../../../shared/export';
import { canonicalLanguage, languageLabel, sameBaseLanguage } from '../../../../shared/language';
import type { ItemDetail } from '../../../../shared/library';
import { extrasToShow } from '../../../../shared/model';
import { stripTerminalControls } from '../../../../shared/text';
import type { CliContext } from '../context';
import { labelLine, oneLine } from './search';
import { quoteInput } from '../../../../shared/quote-input';
import { describeApproximate } from '../../../../shared/published';
import { registerExactDates } from './exact-dates';
import { availabilityLines, versionLines } from './item-history';
import { DEMO_SENTENCE } from '../../../../shared/demo';

/** An item id as typed (`42` or `#42`); refused before the library is opened. */
function parseItemId(rawId: string): number {
  const id = Number(rawId.replace(/^#/, ''));
  if (!/^#?\d+$/.test(rawId) || !Number.isSafeInteger(id) || id < 1)
    throw new GleanerError('INVALID_INPUT', `An item id is a whole number; ${quoteInput(rawId)} is not.`);
  return id;
}

/**
 * The transcript line said at the moment asked for: in the language asked for (its own tag first,
 * then the same language of another region: `en` finds `en-US`), else in the newest timed
 * transcript; or a refusal that names what the item has.
 */
function segmentToQuote(detail: ItemDetail, atMs: number, language: string | undefined) {
  const timed = detail.transcripts.filter((t) => t.available && t.segments.length > 0);
  const named = language === undefined ? undefined : canonicalLanguage(language);
  const transcript =
    named === undefined ? timed[0] : (timed.find((t) => t.language === named) ?? timed.find((t) => sameBaseLanguage(t.language, named)));
  if (!transcript) {
    const has =
      timed.length > 0
        ? `it has one in ${timed.map((t) => (t.language ? languageLabel(t.language) : 'a language not stated')).join(', ')}`
        : 'it has none';
    const asked = named === undefined ? '' : ` in ${languageLabel(named)}`;
    throw new GleanerError('INVALID_INPUT', `Item #${detail.item.id} has no timed transcript${asked} to quote (${has}).`);
  }
  const last = transcript.segments.reduce((latest, segment) => Math.max(latest, segment.endMs ?? segment.startMs), 0);
  if (atMs > last)
    throw new GleanerError(
      'INVALID_INPUT',
      `Item #${detail.item.id}'s transcript ends at ${formatMoment(last)}; ${formatMoment(atMs)} is past it.`,
    );
  return { transcript, segment: segmentShownAt(transcript.segments, atMs)! };
}

/** An untimed transcript's text for the terminal: indented, one printed line per line of it, blank lines dropped. */
function untimedLines(fullText: string): string[] {
  return stripTerminalControls(fullText)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `  ${line}`);
}

export function registerItems(program: Command, ctx: CliContext): void {
  const items = program.command('items').description('items in the library');
  registerExactDates(items, ctx);
  items
    .command('cite')
    .description('a citation of one item, or with --at a quote of its transcript at that moment, ready to paste')
    .argument('<id>', 'the item id')
    .option('--at <moment>', 'quote the transcript line shown at this moment (1:02:03, 2:03 or seconds)')
    .option('--style <style>', `the citation style: ${CITATION_STYLES.join(', ')}`, 'newsroom')
    .option('--language <code>', 'the transcript to quote, where the item has several (en, de …)')
    .action((rawId: string, options: { at?: string; language?: string; style: string }, command: Command) => {
      const id = parseItemId(rawId);
      const style = options.style.trim().toLowerCase();
      if (!isCitationStyle(style))
        throw new GleanerError('INVALID_INPUT', `--style is one of ${CITATION_STYLES.join(', ')}; ${quoteInput(options.style)} is not.`);
      const atMs = options.at === undefined ? null : parseMoment(options.at);
      if (options.at !== undefined && atMs === null)
        throw new GleanerError(
          'INVALID_INPUT',
          `--at takes a moment such as 1:02:03, 2:03 or 123 (seconds); ${quoteInput(options.at)} is not one.`,
        );
      if (options.language !== undefined && atMs === null)
        throw new GleanerError('INVALID_INPUT', '--language chooses the transcript to quote, so it needs --at.');
      if (options.language !== undefined && canonicalLanguage(options.language) === '')
        throw new GleanerError('INVALID_INPUT', '--language takes a language code such as en or de.');
      return ctx.withCore(
        command,
        async (core) => {
          const detail = await core.client.call('items.get', { id });
          const quoted = atMs === null ? null : segmentToQuote(detail, atMs, options.language);
          const text = quoted
            ? quoteSegment(detail.item, detail.citation, quoted.transcript, quoted.segment, style)
            : citeItem(detail.item, detail.citation, style);
          if (ctx.json(command)) {
            const segment = quoted
              ? {
                  language: quoted.transcript.language,
                  startMs: quoted.segment.startMs,
                  endMs: quoted.segment.endMs,
                  text: quoted.segment.text,
                }
              : undefined;
            ctx.io.stdout(`${JSON.stringify({ id, style, citation: detail.citation, ...(segment ? { segment } : {}), text })}\n`);
            return;
          }
          ctx.io.stdout(`${text}\n`);
        },
        { existing: true },
      );
    });
  items
    .command('show')
    .description('normalised fields, metrics history, transcript and provenance of one item')
    .argument('<id>', 'the item id')
    .action((rawId: string, _options: unknown, command: Command) => {
      const id = parseItemId(rawId);
      return ctx.withCore(
        command,
        async (core) => {
          const detail = await core.client.call('items.get', { id });
          if (ctx.json(command)) {
            ctx.io.stdout(`${JSON.stringify(detail)}\n`);
            return;
          }
          const { item } = detail;
          const lines = [
            `#${item.id} ${item.platform} ${item.kind}${item.nativeId ? ` ${item.nativeId}` : ''}`,
            ...(item.demo ? [DEMO_SENTENCE] : []),
            // What every other place calls it: the title, else the start of its text, else a description.
            `Label:      ${labelLine(item)}`,
            `Title:      ${item.title ? oneLine(item.title) : '–'}`,
            `URL:        ${item.url ?? '–'}`,
            `Author:     ${[item.authorName, item.authorHandle].filter(Boolean).join(' ') || '–'}`,
            `Published:  ${item.publishedApproximate ? `${oneLine(describeApproximate(item) ?? '')} (approximate, read from the platform’s wording; “gleaner items exact-dates ${item.id}” fetches the exact date)` : (item.publishedAt ?? (item.publishedText ? oneLine(item.publishedText) : 'unknown'))}`,
            `Metrics:    views ${item.views ?? '–'}, likes ${item.likes ?? '–'}, comments ${item.comments ?? '–'}`,
            `Fetched:    first ${item.firstFetchedAt}, last ${item.lastFetchedAt}`,
            ...availabilityLines(detail),
            `Collections: ${detail.collections.length ? detail.collections.map(oneLine).join(', ') : '–'}`,
            // Each tag and note says where it holds: library-wide, or in one collection only.
            `Tags:       ${detail.tags.length ? detail.tags.map((t) => `${oneLine(t.tag)} (${t.collection === null ? 'library-wide' : `in ${oneLine(t.collection)}`})`).join(', ') : '–'}`,
            ...(detail.notes.length ? ['Notes:'] : []),
            ...detail.notes.map(
              (n) => `  ${n.collection === null ? 'library-wide' : `in ${oneLine(n.collection)}`}, ${n.updatedAt}: ${oneLine(n.body)}`,
            ),
            ...extrasToShow(item.extras).map(
              ({ label, value }) => `${`${label}:`.padEnd(11)} ${typeof value === 'string' ? oneLine(value) : value}`,
            ),
            'Metrics history:',
            ...(detail.metricsHistory.length === 0 ? ['  none (no fetch brought counts)'] : []),
            ...detail.metricsHistory.map(
              (m) => `  ${m.fetchedAt}  views ${m.views ?? '–'}  likes ${m.likes ?? '–'}  comments ${m.comments ?? '–'}`,
            ),
            ...versionLines(detail),
            'Provenance:',
            ...detail.provenance.map(
              (p) => `  ${p.fetchedAt}  ${p.operation}  ${p.requestId}  sha256 ${p.sha256}  at ${p.sourcePath || '(the whole response)'}`,
            ),
          ];
          for (const transcript of detail.transcripts) {
            lines.push(
              `Transcript: ${transcript.language ? languageLabel(transcript.language) : 'language not stated'}${transcript.available ? '' : ', none in that language'}`,
            );
            for (const segment of transcript.segments) lines.push(`  ${formatMoment(segment.startMs)}  ${oneLine(segment.text)}`);
            // A transcript given as one text has no moments: its words, as its lines run (platform text, made inert).
            if (transcript.available && transcript.segments.length === 0 && transcript.fullText?.trim())
              lines.push(...untimedLines(transcript.fullText));
          }
          // Platform text is untrusted: control characters (terminal escapes) are dropped before printing.
          if (item.text) lines.push('Text:', stripTerminalControls(item.text));
          ctx.io.stdout(`${lines.join('\n')}\n`);
        },
        { existing: true },
      );
    });
}
