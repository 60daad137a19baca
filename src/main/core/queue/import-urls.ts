/**
 * Bulk URL import: each line of a pasted list or a file is recognised (platform and
 * operation) or rejected with its reason; duplicates, items already in the library and
 * links already waiting in the queue are flagged and skipped (unless a refresh is asked
 * for); the result is a plan with its cost, and the jobs to enqueue.
 */
import type { OperationId } from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import type { PlanLimits } from '../../../shared/plans';
import type { ImportLine, ImportPlan } from '../../../shared/queue';
import { toOneLine } from '../../../shared/text';
import { parseAtUri } from '../platforms/normalise/microblog';
import type { Recognition } from '../platforms/recognise-url';
import type { Database } from '../store/database';
import type { JobSpec } from './fetch-queue';
import { planQuota } from './plan';
import { JOB_WAITING } from './job-states';
import { LISTING_KINDS } from '../platforms/url-patterns';

export interface ImportOptions {
  transcripts?: boolean;
  refresh?: boolean;
}

export const MAX_IMPORT_LINES = 100_000;

/** Where a transcript is a separate request, and where it is a flag on the fetch itself. */
function transcriptJobs(operation: OperationId, params: Record<string, string>): { extra: JobSpec[]; params: Record<string, string> } {
  if (operation === 'videosite/video') return { extra: [{ operation: 'videosite/transcript', params: { url: params.url! } }], params };
  if (operation === 'shortvideo/video') return { extra: [], params: { ...params, get_transcript: 'true' } };
  return { extra: [], params };
}

/** The one request that brings a known item's transcript: the separate transcript operation, or the fetch with its flag. */
function transcriptRequest(main: JobSpec, extra: readonly JobSpec[]): JobSpec | null {
  if (main.operation === 'videosite/video') return extra[0] ?? null;
  // The short-video fetch with its flag, or a link that is itself a transcript (a video message).
  if (main.operation === 'shortvideo/video' || main.operation === 'videosite/transcript' || main.operation === 'tweetsite/transcript')
    return main;
  return null;
}

export function planImport(
  text: string,
  deps: { db: Database; recognise: (line: string) => Recognition; limits: PlanLimits; usedToday: number; share?: number; ahead?: number },
  options: ImportOptions = {},
): { plan: ImportPlan; jobs: JobSpec[] } {
  const rawLines = text.split(/\r\n|\n|\r/);
  while (rawLines.length > MAX_IMPORT_LINES && rawLines[rawLines.length - 1]!.trim() === '') rawLines.pop();
  if (rawLines.length > MAX_IMPORT_LINES) {
    // Refused whole rather than cut: links past the limit would be dropped without a word.
    throw new GleanerError(
      'INVALID_INPUT',
      `An import takes up to ${MAX_IMPORT_LINES.toLocaleString('en-US')} lines; this one has ${rawLines.length.toLocaleString('en-US')}. Split it into several imports.`,
    );
  }
  // askedTranscript: the service has answered for its transcript, even "none in that language" (asking again would spend a request on the same answer).
  const itemByNativeId = deps.db.prepare<[string, string], { id: number; askedTranscript: number }>(
    'SELECT id, EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = items.id) AS askedTranscript FROM items WHERE platform = ? AND native_id = ?',
  );
  const itemByUrl = deps.db.prepare<[string, string], { id: number; askedTranscript: number }>(
    'SELECT id, EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = items.id) AS askedTranscript FROM items WHERE platform = ? AND url = ? LIMIT 1',
  );
  // A microblog post link may name its author by handle, while the library keeps the post under the
  // author's DID (the service's at:// uri): each DID the library has seen behind that handle is tried.
  const didsOfHandle = deps.db.prepare<[string], { did: string }>(
    `SELECT DISTINCT author_id AS did FROM items
      WHERE platform = 'microblog' AND author_handle IS NOT NULL AND author_id IS NOT NULL AND lower(author_handle) = lower(?)`,
  );
  const knownItem = (platform: string, nativeId: string | undefined, canonicalUrl: string) => {
    const direct = (nativeId ? itemByNativeId.get(platform, nativeId) : undefined) ?? itemByUrl.get(platform, canonicalUrl);
    const uri = direct === undefined && platform === 'microblog' ? parseAtUri(nativeId) : null;
    if (uri === null || uri.authority.startsWith('did:')) return direct;
    for (const { did } of didsOfHandle.all(uri.authority)) {
      const viaDid = itemByNativeId.get(platform, `at://${did}/${uri.collection}/${uri.rkey}`);
      if (viaDid) return viaDid;
    }
    return undefined;
  };
  // A link counts as fetched when an item matches it, or a finished job fetched exactly it
  // (the service may return the item under another identity, e.g. a DID for a handle).
  const fetchedBefore = deps.db.prepare<[string, string], { responseId: number }>(
    `SELECT j.response_id AS responseId FROM jobs j WHERE j.operation = ? AND j.params = ? AND j.state = 'done' LIMIT 1`,
  );
  // Every item the answer held, in its order: a listing link stands for all of them.
  const itemsOfResponse = deps.db
    .prepare<[number], number>('SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)')
    .pluck();
  const waiting = new Map(
    deps.db
      .prepare<[], { id: number; operation: string; params: string }>(`SELECT id, operation, params FROM jobs WHERE ${JOB_WAITING}`)
      .all()
      .map((row) => [`${row.operation} ${row.params}`, row.id]),
  );
  const seen = new Map<string, number>();
  const lines: ImportLine[] = [];
  const jobs: JobSpec[] = [];

  rawLines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    const shown = toOneLine(trimmed).slice(0, 300);
    if (trimmed === '') return lines.push({ line, text: '', status: 'blank', requests: 0 });
    if (trimmed.startsWith('#')) return lines.push({ line, text: shown, status: 'comment', requests: 0 });
    const recognition = deps.recognise(trimmed);
    if (!recognition.ok) return lines.push({ line, text: shown, status: 'rejected', reason: recognition.reason, requests: 0 });
    const { platform, operation, canonicalUrl, nativeId } = recognition;
    const key = `${operation} ${canonicalUrl}`;
    const base = { line, text: shown, platform, operation };
    const firstLine = seen.get(key);
    if (firstLine !== undefined) return lines.push({ ...base, status: 'duplicate', reason: `Same as line ${firstLine}.`, requests: 0 });
    seen.set(key, line);
    const withTranscripts = options.transcripts ? transcriptJobs(operation, recognition.params) : { extra: [], params: recognition.params };
    const main: JobSpec = { operation, params: withTranscripts.params };
    if (!options.refresh) {
      // A channel, profile or community link stands for its listing, not for the item that names
      // it (met in a search): only the listing fetched before counts (below).
      const known = LISTING_KINDS.has(recognition.kind) ? undefined : knownItem(platform, nativeId, canonicalUrl);
      // Transcripts asked for, and a known item has none: only the transcript's request is spent.
      const transcriptOnly =
        known && options.transcripts && known.askedTranscript === 0 ? transcriptRequest(main, withTranscripts.extra) : null;
      if (known && transcriptOnly) {
        const queuedTranscript = waiting.get(`${transcriptOnly.operation} ${JSON.stringify(transcriptOnly.params)}`);
        if (queuedTranscript !== undefined) {
          return lines.push({
            ...base,
            status: 'already-queued',
            reason: 'Its transcript is already waiting in the queue.',
            requests: 0,
            itemId: known.id,
          });
        }
        jobs.push(transcriptOnly);
        const reason = `Already in the library as item ${known.id}; only its transcript is fetched.`;
        return lines.push({ ...base, operation: transcriptOnly.operation, status: 'fetch', reason, requests: 1, itemId: known.id });
      }
      if (known)
        return lines.push({
          ...base,
          status: 'already-fetched',
          reason: `Already in the library as item ${known.id}; ask for a refresh to fetch it again.`,
          requests: 0,
          itemId: known.id,
        });
      const job = fetchedBefore.get(operation, JSON.stringify(recognition.params));
      if (job) {
        const reason = 'Already fetched into the library; ask for a refresh to fetch it again.';
        const listed = itemsOfResponse.all(job.responseId);
        return lines.push({
          ...base,
          status: 'already-fetched',
          reason,
          requests: 0,
          ...(listed.length > 0 ? { itemId: listed[0]! } : {}),
          ...(listed.length > 1 ? { listedItemIds: listed } : {}),
        });
      }
    }
    const waitingJob = waiting.get(`${operation} ${JSON.stringify(main.params)}`);
    if (waitingJob !== undefined) {
      return lines.push({ ...base, status: 'already-queued', reason: 'Already waiting in the queue.', requests: 0, jobId: waitingJob });
    }
    const lineJobs = [main, ...withTranscripts.extra];
    jobs.push(...lineJobs);
    lines.push({ ...base, status: 'fetch', requests: lineJobs.length });
  });

  const counts = {
    fetch: 0,
    rejected: 0,
    duplicate: 0,
    'already-fetched': 0,
    'already-queued': 0,
    comment: 0,
    blank: 0,
  } satisfies ImportPlan['counts'];
  for (const l of lines) counts[l.status] += 1;
  return { plan: { lines, counts, quota: planQuota(jobs.length, deps.limits, deps.usedToday, deps.share, deps.ahead) }, jobs };
}
