/**
 * Platform text carrying a right-to-left override, an isolate, a zero-width space and Arabic
 * text, through every export format and every citation style: no line a person reads can be
 * reordered by it (each control shown as a mark, right-to-left fields isolated, balanced), the
 * tables show the marks without losing the formula guard, and JSON keeps every character.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvDataFormat } from '../../../../../src/main/core/export/formats/csv-data';
import { csvFormat } from '../../../../../src/main/core/export/formats/csv';
import { jsonFormat } from '../../../../../src/main/core/export/formats/json';
import { markdownFormat } from '../../../../../src/main/core/export/formats/markdown';
import { plainTextFormat } from '../../../../../src/main/core/export/formats/plain-text';
import { srtFormat, vttFormat } from '../../../../../src/main/core/export/formats/subtitles';
import { loadExcel, xlsxItemWriter, xlsxTranscriptWriter } from '../../../../../src/main/core/export/formats/xlsx';
import type { ByteSink, FormatModule } from '../../../../../src/main/core/export/formats/types';
import type { ExportItem, ExportSegment } from '../../../../../src/main/core/store/export-records';
import { csvRecord } from '../../../../../src/main/core/bundle/tables';
import { CITATION_STYLES, citeItem, quoteSegment, referenceSentence } from '../../../../../src/shared/citation';
import { context, exportItem, transcript } from './fixtures';

const TITLE = 'invoice\u202Egnp.exe and \u2067isolated start \u200Bpadded';
const AUTHOR = 'محمد\u202E reversed';
const SEGMENT = 'fl\u200Bood at \u202Ethe harbour';

const item: ExportItem = exportItem({
  title: TITLE,
  text: `Body ${TITLE}`,
  authorName: AUTHOR,
  authorHandle: null,
  citation: { ...exportItem().citation, author: AUTHOR },
});
const segments: ExportSegment[] = [{ number: 1, startMs: 0, endMs: 4000, text: SEGMENT }];

/** No embedding, override or unpaired isolate on any line; isolates only in balanced pairs. */
function expectNoReordering(text: string): void {
  for (const line of text.split(/\r?\n/)) {
    expect(line).not.toMatch(/[\u202a-\u202e\u2066\u2067\u200b]/);
    let open = 0;
    for (const character of line) {
      if (character === '\u2068') open += 1;
      if (character === '\u2069') open -= 1;
      expect(open).toBeGreaterThanOrEqual(0);
    }
    expect(open, line).toBe(0);
  }
}

function runItems(format: FormatModule): string {
  const writer = format.items!(context);
  return writer.begin() + writer.item(item, 0) + writer.end();
}

function runTranscripts(format: FormatModule): string {
  const writer = format.transcripts!(context);
  return (
    writer.begin() +
    writer.startItem(item) +
    writer.startTranscript(transcript, item) +
    segments.map((segment) => writer.segment(segment)).join('') +
    writer.endTranscript() +
    writer.endItem() +
    writer.end()
  );
}

describe('format characters in exports for people', () => {
  it('Markdown: every override shown as a mark, the Arabic author isolated, the line kept in order', () => {
    const sources = markdownFormat.sources!(context);
    const markdown = runItems(markdownFormat) + runTranscripts(markdownFormat) + sources.begin() + sources.item(item, 0);
    expectNoReordering(markdown);
    expect(markdown).toContain('invoice⟨RLO⟩gnp.exe and ⟨RLI⟩isolated start padded');
    expect(markdown).toContain('- Author: \u2068محمد⟨RLO⟩ reversed\u2069');
    expect(markdown).toContain('flood at ⟨RLO⟩the harbour');
  });

  it('plain text, SRT and WebVTT: the same', () => {
    for (const format of [plainTextFormat, srtFormat, vttFormat]) {
      const text = runTranscripts(format);
      expectNoReordering(text);
      expect(text).toContain('flood at ⟨RLO⟩the harbour');
      if (format !== srtFormat) expect(text).toContain('invoice⟨RLO⟩gnp.exe');
      if (format !== srtFormat) expect(text).toContain('Author: \u2068محمد⟨RLO⟩ reversed\u2069');
    }
  });

  it('citations in every style, and a quote: marks and balanced isolates', () => {
    for (const style of CITATION_STYLES) {
      const cited = citeItem(item, item.citation, style);
      expectNoReordering(cited);
      expect(cited).toContain('invoice⟨RLO⟩gnp.exe');
      expect(cited).toContain('\u2068محمد⟨RLO⟩ reversed\u2069');
      const markdown = referenceSentence(item.citation, item, { text: (value) => value, link: (url) => url }, style);
      expect(markdown).toContain(TITLE.replace('\u200B', '').replace('\u202E', '⟨RLO⟩').replace('\u2067', '⟨RLI⟩'));
      const quote = quoteSegment(item, item.citation, transcript, segments[0]!, style);
      expectNoReordering(quote);
      expect(quote).toContain('“flood at ⟨RLO⟩the harbour”');
    }
  });
});

describe('format characters in tables', () => {
  beforeAll(async () => {
    await loadExcel();
  });

  it('the spreadsheet CSV shows the marks, drops the padding, and still guards a formula behind padding', () => {
    const formula = exportItem({ title: '\u200B=HYPERLINK("http://attacker.example")', authorName: AUTHOR });
    const writer = csvFormat.items!(context);
    const csv = writer.begin() + writer.item(item, 0) + writer.item(formula, 1) + writer.end();
    expect(csv).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b]/);
    const [first, second] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(first!.title).toBe('invoice⟨RLO⟩gnp.exe and ⟨RLI⟩isolated start padded');
    expect(first!.author_name).toBe('محمد⟨RLO⟩ reversed');
    expect(second!.title).toBe(`'=HYPERLINK("http://attacker.example")`);
    const transcripts = parse(runTranscripts(csvFormat), { columns: true }) as Record<string, string>[];
    expect(transcripts[0]!.text).toBe('flood at ⟨RLO⟩the harbour');
  });

  it('the data CSV and the case bundle’s CSVs show the reordering controls as marks and keep the rest', () => {
    const data = runItems(csvDataFormat) + runTranscripts(csvDataFormat);
    expect(data).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(data).toContain('invoice⟨RLO⟩gnp.exe and ⟨RLI⟩isolated start \u200Bpadded');
    const bundleRow = csvRecord([7, TITLE, AUTHOR, SEGMENT, null, true]);
    expect(bundleRow).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(bundleRow).toBe(
      '7,invoice⟨RLO⟩gnp.exe and ⟨RLI⟩isolated start \u200Bpadded,محمد⟨RLO⟩ reversed,fl\u200Bood at ⟨RLO⟩the harbour,,true\r\n',
    );
  });

  it('XLSX shows the marks in its string cells', async () => {
    const chunks: Buffer[] = [];
    const sink: ByteSink = { write: async (bytes) => void chunks.push(Buffer.from(bytes)) };
    const writer = xlsxItemWriter(context, sink);
    writer.begin();
    writer.item(item, 0);
    writer.end();
    await writer.settled!();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('title')]).toBe('invoice⟨RLO⟩gnp.exe and ⟨RLI⟩isolated start padded');
    expect(row[header.indexOf('author_name')]).toBe('محمد⟨RLO⟩ reversed');

    const segmentChunks: Buffer[] = [];
    const transcriptWriter = xlsxTranscriptWriter(context, { write: async (bytes) => void segmentChunks.push(Buffer.from(bytes)) });
    transcriptWriter.begin();
    transcriptWriter.startTranscript(transcript, item);
    transcriptWriter.segment(segments[0]!);
    transcriptWriter.end();
    await transcriptWriter.settled!();
    const segmentBook = new ExcelJS.Workbook();
    await segmentBook.xlsx.load(Buffer.concat(segmentChunks) as unknown as ArrayBuffer);
    const segmentSheet = segmentBook.worksheets[0]!;
    const segmentHeader = (segmentSheet.getRow(1).values as unknown[]).slice(1);
    expect((segmentSheet.getRow(2).values as unknown[]).slice(1)[segmentHeader.indexOf('text')]).toBe('flood at ⟨RLO⟩the harbour');
  });

  it('JSON keeps every character as stored', () => {
    const json = JSON.parse(runItems(jsonFormat)) as { items: { title: string; author: { name: string } }[] };
    expect(json.items[0]!.title).toBe(TITLE);
    expect(json.items[0]!.author.name).toBe(AUTHOR);
    const withTranscripts = JSON.parse(runTranscripts(jsonFormat)) as { items: { transcripts: { segments: { text: string }[] }[] }[] };
    expect(withTranscripts.items[0]!.transcripts[0]!.segments[0]!.text).toBe(SEGMENT);
  });
});
