/**
 * The "items can be read again from their answers" part of `bundle verify`: each answer is put
 * through the platform's normaliser as it arrives, and what it yields is kept in brief; each
 * item of items.json must then be found in its answers with the same identity, words, author,
 * date text, length and counts, so an item edited after the fact, or one no answer holds, is named.
 */
import { isOperationId } from '../../../shared/catalogue';
import { METRIC_NAMES } from '../../../shared/model';
import { makeWellFormed } from '../../../shared/text';
import type { NormaliseFn } from '../library/ingest';
import { JsonTextError, parseJson } from './json-text';
import type { AnswerRecord, ItemRecord } from './records';

interface Derived {
  platform: string;
  nativeId: string | null;
  url: string | null;
  fields: Map<string, string | number | null>;
}

/**
 * The fields compared: the words a person reads, who posted it, its date as the platform gave it,
 * its length and its counts. An item takes each from one of its answers (a later answer may add
 * what an earlier one lacked), so each must be what one of them says. `published_at` is left out:
 * for an approximate date it is read from the text and the fetch time, not from the answer.
 */
const FIELDS = [
  'title',
  'text',
  'author_name',
  'author_handle',
  'author_id',
  'author_url',
  'published_text',
  'duration_ms',
  'thumbnail_url',
  ...METRIC_NAMES,
] as const;

export function createDerivationCheck(normalise: NormaliseFn, maxDepth: number) {
  const derivedByAnswer = new Map<string, Derived[]>();
  const problems: string[] = [];
  return {
    /** Reads one answer's body as each of its index entries (operation, parameters) says. */
    addAnswer(sha256: string, body: Buffer, records: readonly AnswerRecord[]): void {
      const derived: Derived[] = [];
      let data: unknown;
      try {
        data = (parseJson(body, maxDepth) as { data?: unknown } | null)?.data;
      } catch (error) {
        if (!(error instanceof JsonTextError)) throw error;
        problems.push(
          error.message === 'it is not JSON'
            ? `answers/${sha256}.json is not JSON`
            : `answers/${sha256}.json cannot be read: ${error.message}`,
        );
        return;
      }
      for (const record of records) {
        if (!isOperationId(record.operation)) {
          problems.push(`answers/${sha256}.json names an unknown operation`);
          continue;
        }
        const result = makeWellFormed(normalise(record.operation, data, record.params));
        for (const item of result.items) {
          derived.push({
            platform: item.platform,
            nativeId: item.nativeId,
            url: item.url,
            fields: new Map<string, string | number | null>([
              ['title', item.title],
              ['text', item.text],
              ['author_name', item.author.name],
              ['author_handle', item.author.handle],
              ['author_id', item.author.id],
              ['author_url', item.author.url],
              ['published_text', item.publishedText],
              ['duration_ms', item.durationMs],
              ['thumbnail_url', item.thumbnailUrl],
              ...METRIC_NAMES.map((metric) => [metric, item.metrics[metric]] as const),
            ]),
          });
        }
        for (const transcript of result.transcripts) {
          const platform = result.items[0]?.platform ?? record.operation.split('/')[0]!;
          derived.push({ platform, nativeId: transcript.nativeId, url: transcript.url, fields: new Map() });
        }
      }
      derivedByAnswer.set(sha256, derived);
    },
    checkItem(item: ItemRecord): void {
      const matches: Derived[] = [];
      for (const sha of item.answers) {
        const derived = derivedByAnswer.get(sha);
        if (!derived) {
          problems.push(`item ${item.id} points at answer ${sha}, which the bundle does not hold`);
          return;
        }
        for (const candidate of derived) {
          if (candidate.platform !== item.platform) continue;
          const sameId = candidate.nativeId !== null && candidate.nativeId === item.native_id;
          const sameUrl = candidate.url !== null && candidate.url === item.url;
          if (sameId || sameUrl) matches.push(candidate);
        }
      }
      if (matches.length === 0) {
        problems.push(`item ${item.id} cannot be read again from its answers`);
        return;
      }
      for (const field of FIELDS) {
        const value = item[field];
        if (value === null) continue;
        if (!matches.some((candidate) => candidate.fields.get(field) === value)) {
          problems.push(`item ${item.id}: its ${field.replaceAll('_', ' ')} is not what its answers say`);
        }
      }
    },
    problems: () => problems,
  };
}
