/**
 * Markdown for the newsroom: a heading per item with its citation and the item's text (with
 * transcripts, every item still, each followed by its transcripts as timestamped paragraphs, each
 * timestamp a link to that moment where the platform has one), and a Sources list at the end. Every piece of platform text is escaped, so a title
 * cannot become a heading, a link, a table, HTML or a code fence.
 */
import { asShownWhenFetched, citedAuthor, citedTitle, referenceSentence, type ReferenceStyle } from '../../../../shared/citation';
import { kindLabel, platformLabel } from '../../../../shared/platforms';
import { formatClock } from '../../../../shared/export';
import { languageLabel } from '../../../../shared/language';
import { atMoment, timestampBase } from '../../../../shared/links';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';
import { escapeMarkdownBlock, escapeMarkdownLine, escapeMarkdownLinkText, markdownHref } from '../text';
import type { ExportContext, FormatModule, ItemWriter, SourcesWriter, TranscriptWriter } from './types';
import { approximatelySuffix, exactPublishedAt } from '../../../../shared/published';
import { demoLines } from '../../../../shared/demo';

const link = (text: string, url: string): string => `[${text}](${markdownHref(url)})`;

/** A citation in Markdown: platform text escaped, the address a link to itself. */
const markdownStyle: ReferenceStyle = { text: escapeMarkdownLine, link: (url) => link(escapeMarkdownLinkText(url), url) };

function documentHeader(context: ExportContext, what: string): string {
  return [
    `# Gleaner export: ${escapeMarkdownLine(context.scopeLabel)}`,
    '',
    `${what}, exported ${context.exportedAt} with Gleaner ${context.appVersion}. Times are UTC.`,
    '',
    '',
  ].join('\n');
}

/** The citation block under each item's heading. */
function citationLines(item: ExportItem): string[] {
  const c = item.citation;
  const lines = [
    ...demoLines(item).map((line) => `- **${line}**`),
    `- Source: ${c.url ? link(escapeMarkdownLinkText(c.url), c.url) : 'no web address on record'}`,
    `- Platform: ${escapeMarkdownLine(`${platformLabel(c.platform)} (${c.platform}), ${kindLabel(item.kind).toLowerCase()}`)}`,
  ];
  const author = citedAuthor(item);
  if (author) lines.push(`- Author: ${escapeMarkdownLine(author)}`);
  if (exactPublishedAt(c)) lines.push(`- Published: ${c.publishedAt}`);
  else if (item.publishedText)
    lines.push(`- Published: ${escapeMarkdownLine(item.publishedText)}${asShownWhenFetched(c.fetchedAt)}${approximatelySuffix(c)}`);
  lines.push(
    `- Fetched: ${escapeMarkdownLine(c.fetchedAt)} by ${escapeMarkdownLine(c.operation)}, request id ${escapeMarkdownLine(c.requestId)}`,
  );
  if (item.tags.length > 0) lines.push(`- Tags: ${item.tags.map(escapeMarkdownLine).join(', ')}`);
  return lines;
}

function notesSection(item: ExportItem): string {
  if (item.notes.length === 0) return '';
  return item.notes
    .map(
      (note) =>
        `**${note.collection ? `Note (${escapeMarkdownLine(note.collection)})` : 'Note'}:**\n\n${escapeMarkdownBlock(note.body)}\n\n`,
    )
    .join('');
}

function itemWriter(context: ExportContext): ItemWriter {
  return {
    begin: () => documentHeader(context, 'Items'),
    item: (item, index) =>
      [
        `## ${index + 1}. ${escapeMarkdownLine(citedTitle(item))}`,
        '',
        ...citationLines(item),
        '',
        item.text ? `${escapeMarkdownBlock(item.text)}\n\n` : '',
      ].join('\n') + notesSection(item),
    end: () => '',
  };
}

function transcriptWriter(context: ExportContext): TranscriptWriter {
  let itemNumber = 0;
  let current: { item: ExportItem; transcript: ExportTranscript; linkBase: string | null } | null = null;
  return {
    begin: () => documentHeader(context, 'Items with their transcripts'),
    startItem(item) {
      itemNumber += 1;
      return (
        [
          `## ${itemNumber}. ${escapeMarkdownLine(citedTitle(item))}`,
          '',
          ...citationLines(item),
          '',
          item.text ? `${escapeMarkdownBlock(item.text)}\n\n` : '',
        ].join('\n') + notesSection(item)
      );
    },
    startTranscript(transcript, item) {
      current = { item, transcript, linkBase: timestampBase(item) };
      const language = transcript.language ? `: ${escapeMarkdownLine(languageLabel(transcript.language))}` : '';
      const heading = `### Transcript${language}\n\n_Fetched ${escapeMarkdownLine(transcript.fetchedAt)} by ${escapeMarkdownLine(transcript.operation)}, request id ${escapeMarkdownLine(transcript.requestId)}._\n\n`;
      return transcript.timed || !transcript.fullText ? heading : `${heading}${escapeMarkdownBlock(transcript.fullText)}\n\n`;
    },
    segment(segment: ExportSegment) {
      const clock = formatClock(segment.startMs);
      const stamp = current?.linkBase ? link(clock, atMoment(current.linkBase, segment.startMs)) : `\\[${clock}\\]`;
      return `${stamp} ${escapeMarkdownLine(segment.text)}\n\n`;
    },
    endTranscript: () => '',
    endItem: () => '',
    end: () => '',
  };
}

function sourcesWriter(): SourcesWriter {
  return {
    begin: () => '## Sources\n\n',
    item: (item, index) => `${index + 1}. ${referenceSentence(item.citation, item, markdownStyle)}\n`,
  };
}

export const markdownFormat: FormatModule = {
  format: 'md',
  extension: 'md',
  mediaType: 'text/markdown; charset=utf-8',
  byteOrderMark: false,
  items: itemWriter,
  transcripts: transcriptWriter,
  transcriptsWithEveryItem: true,
  sources: sourcesWriter,
};
