/**
 * JSON (one document) and JSON Lines (one item per line) for archives and scripts. Each item
 * carries its citation; a transcript export nests the item's transcripts and their segments.
 * Only one item's transcripts are held at a time.
 */
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';
import type { ExportContext, FormatModule, ItemWriter, TranscriptWriter } from './types';

export interface JsonTranscript {
  language: string | null;
  format: string;
  fetched_at: string;
  operation: string;
  request_id: string;
  full_text: string | null;
  segments: { n: number; start_ms: number; end_ms: number | null; text: string }[];
}

/** An item as exported; the same shape in JSON and JSON Lines. */
export function itemRecord(item: ExportItem, transcripts?: JsonTranscript[]): Record<string, unknown> {
  return {
    id: item.id,
    platform: item.platform,
    kind: item.kind,
    native_id: item.nativeId,
    url: item.url,
    title: item.title,
    text: item.text,
    author: { name: item.authorName, handle: item.authorHandle, id: item.authorId, url: item.authorUrl },
    published_at: item.citation.publishedAt,
    published_text: item.publishedText,
    published_approximate: item.publishedApproximate,
    duration_ms: item.durationMs,
    metrics: {
      views: item.views,
      likes: item.likes,
      comments: item.comments,
      reposts: item.reposts,
      shares: item.shares,
      followers: item.followers,
    },
    has_transcript: item.hasTranscript,
    demo: item.demo,
    extras: item.extras,
    tags: item.tags,
    notes: item.notes,
    citation: {
      url: item.citation.url,
      platform: item.citation.platform,
      author: item.citation.author,
      published_at: item.citation.publishedAt,
      fetched_at: item.citation.fetchedAt,
      operation: item.citation.operation,
      request_id: item.citation.requestId,
    },
    ...(transcripts ? { transcripts } : {}),
  };
}

function exportHeader(context: ExportContext): Record<string, unknown> {
  return {
    app: 'Gleaner',
    version: context.appVersion,
    exported_at: context.exportedAt,
    scope: context.scope.kind === 'items' ? { kind: 'items', count: context.scope.ids.length } : context.scope,
    label: context.scopeLabel,
  };
}

/** Collects one item's transcripts, then hands the finished record to `emit`. */
function transcriptCollector(emit: (record: Record<string, unknown>) => string): Omit<TranscriptWriter, 'begin' | 'end'> {
  let item: ExportItem | null = null;
  let transcripts: JsonTranscript[] = [];
  let current: JsonTranscript | null = null;
  return {
    startItem(next) {
      item = next;
      transcripts = [];
      return '';
    },
    startTranscript(transcript: ExportTranscript) {
      current = {
        language: transcript.language,
        format: transcript.format,
        fetched_at: transcript.fetchedAt,
        operation: transcript.operation,
        request_id: transcript.requestId,
        full_text: transcript.fullText,
        segments: [],
      };
      transcripts.push(current);
      return '';
    },
    segment(segment: ExportSegment) {
      current?.segments.push({ n: segment.number, start_ms: segment.startMs, end_ms: segment.endMs, text: segment.text });
      return '';
    },
    endTranscript: () => '',
    endItem() {
      const record = item ? emit(itemRecord(item, transcripts)) : '';
      item = null;
      transcripts = [];
      return record;
    },
  };
}

function jsonDocument(context: ExportContext, body: { first: boolean }) {
  return {
    begin: () => `{"export":${JSON.stringify(exportHeader(context))},\n"items":[`,
    emit(record: Record<string, unknown>): string {
      const text = `${body.first ? '\n' : ',\n'}${JSON.stringify(record)}`;
      body.first = false;
      return text;
    },
    end: () => `${body.first ? '' : '\n'}]}\n`,
  };
}

export const jsonFormat: FormatModule = {
  format: 'json',
  extension: 'json',
  mediaType: 'application/json; charset=utf-8',
  byteOrderMark: false,
  items(context): ItemWriter {
    const doc = jsonDocument(context, { first: true });
    return { begin: doc.begin, item: (item) => doc.emit(itemRecord(item)), end: doc.end };
  },
  transcripts(context): TranscriptWriter {
    const doc = jsonDocument(context, { first: true });
    return { begin: doc.begin, ...transcriptCollector((record) => doc.emit(record)), end: doc.end };
  },
};

export const jsonLinesFormat: FormatModule = {
  format: 'jsonl',
  extension: 'jsonl',
  mediaType: 'application/jsonl; charset=utf-8',
  byteOrderMark: false,
  items: (): ItemWriter => ({ begin: () => '', item: (item) => `${JSON.stringify(itemRecord(item))}\n`, end: () => '' }),
  transcripts: (): TranscriptWriter => ({
    begin: () => '',
    ...transcriptCollector((record) => `${JSON.stringify(record)}\n`),
    end: () => '',
  }),
};
