import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import { languageLabel } from '../../../../shared/language';
import { extrasToShow } from '../../../../shared/model';
import { stripTerminalControls } from '../../../../shared/text';
import { getItemDetail } from '../../../core/library/items';
import type { CliContext } from '../program';
import { formatTimestamp, oneLine } from './search';

export function registerItems(program: Command, ctx: CliContext): void {
  const items = program.command('items').description('items in the library');
  items
    .command('show')
    .description('normalised fields, metrics history, transcript and provenance of one item')
    .argument('<id>', 'the item id')
    .action((rawId: string, _options: unknown, command: Command) => {
      const id = Number(rawId.replace(/^#/, ''));
      if (!/^#?\d+$/.test(rawId) || !Number.isSafeInteger(id) || id < 1) throw new GleanerError('INVALID_INPUT', `An item id is a whole number; ${JSON.stringify(rawId)} is not.`);
      return ctx.withCore(command, async (core) => {
        const detail = getItemDetail(core.context.db, id);
        if (ctx.json(command)) {
          ctx.io.stdout(`${JSON.stringify(detail)}\n`);
          return;
        }
        const { item } = detail;
        const lines = [
          `#${item.id} ${item.platform} ${item.kind}${item.nativeId ? ` ${item.nativeId}` : ''}`,
          `Title:      ${item.title ? oneLine(item.title) : '–'}`,
          `URL:        ${item.url ?? '–'}`,
          `Author:     ${[item.authorName, item.authorHandle].filter(Boolean).join(' ') || '–'}`,
          `Published:  ${item.publishedAt ?? item.publishedText ?? 'unknown'}`,
          `Metrics:    views ${item.views ?? '–'}, likes ${item.likes ?? '–'}, comments ${item.comments ?? '–'}`,
          `Fetched:    first ${item.firstFetchedAt}, last ${item.lastFetchedAt}`,
          `Collections: ${detail.collections.length ? detail.collections.map(oneLine).join(', ') : '–'}`,
          // Each tag and note says where it holds: library-wide, or in one collection only.
          `Tags:       ${detail.tags.length ? detail.tags.map((t) => `${oneLine(t.tag)} (${t.collection === null ? 'library-wide' : `in ${oneLine(t.collection)}`})`).join(', ') : '–'}`,
          ...(detail.notes.length ? ['Notes:'] : []),
          ...detail.notes.map((n) => `  ${n.collection === null ? 'library-wide' : `in ${oneLine(n.collection)}`}, ${n.updatedAt}: ${oneLine(n.body)}`),
          ...extrasToShow(item.extras).map(({ label, value }) => `${`${label}:`.padEnd(11)} ${typeof value === 'string' ? oneLine(value) : value}`),
          'Metrics history:',
          ...(detail.metricsHistory.length === 0 ? ['  none (no fetch brought counts)'] : []),
          ...detail.metricsHistory.map((m) => `  ${m.fetchedAt}  views ${m.views ?? '–'}  likes ${m.likes ?? '–'}  comments ${m.comments ?? '–'}`),
          'Provenance:',
          ...detail.provenance.map((p) => `  ${p.fetchedAt}  ${p.operation}  ${p.requestId}  sha256 ${p.sha256}  at ${p.sourcePath || '(the whole response)'}`),
        ];
        for (const transcript of detail.transcripts) {
          lines.push(`Transcript: ${transcript.language ? languageLabel(transcript.language) : 'language not stated'}${transcript.available ? '' : ', none in that language'}`);
          for (const segment of transcript.segments) lines.push(`  ${formatTimestamp(segment.startMs)}  ${oneLine(segment.text)}`);
        }
        // Platform text is untrusted: control characters (terminal escapes) are dropped before printing.
        if (item.text) lines.push('Text:', stripTerminalControls(item.text));
        ctx.io.stdout(`${lines.join('\n')}\n`);
      }, { existing: true });
    });
}
