/**
 * The bridge contract: every method the renderer may call, with a runtime schema for its
 * input and a type for its output, and every event the main side may push.
 *
 * The Electron IPC registration, the preload, the browser-mode host and the renderer's
 * transport are all derived from this one object.
 */
import { z } from './zod';
import type { EventName, MethodName } from './bridge-names';
import { textKeyedRecord } from './text-keys';
import { OPERATION_IDS, PLATFORMS } from './catalogue';
import {
  MAX_COLLECTION_ITEMS,
  MAX_ITEMS_PER_ACTION,
  endOfBareDay,
  type CollectionContents,
  type CollectionPage,
  type CollectionPlace,
  type CollectionSummary,
  type ExactDatesResult,
  type ItemDetail,
  type SearchIds,
  type SearchResult,
  type TagSummary,
} from './library';
import { ITEM_KINDS } from './model';
import { JOB_STATES, type BatchProgress, type ImportPlan, type JobSummary, type QueueStatus } from './queue';
import type { PlanLimits, PlanName } from './plans';
import { EXPORT_FORMATS, type ExportProgress, type ExportStarted } from './export';
import type { CallOutcome, CallResult, ConfigValue, JobBrief } from './call';
import type { TeamStatus } from './team';

export type { CallItem, CallOutcome, CallResult, ConfigValue, JobBrief } from './call';

/** A phantom marker carrying the output type of a method (no runtime cost). */
const returns = <T>(): T => undefined as T;

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  databasePath: string;
  sqliteVersion: string;
  schemaVersion: number;
  host: 'electron' | 'browser' | 'cli';
  nodeVersion: string;
}

export interface TaskProgress {
  taskId: string;
  label: string;
  done: number;
  total: number | null;
}

export interface SettingsSnapshot {
  /** Every setting in the CLI's key form (`gleaner config get`). */
  config: Record<string, string | number>;
  baseUrl: string;
  isDemo: boolean;
  plan: PlanName;
  limits: PlanLimits;
  /** Privacy (`privacy.block-images`): the window loads no picture from platforms' servers. */
  blockRemoteImages: boolean;
}

/** Whether a token is stored and where; never any part of the token itself. */
export interface TokenStatus {
  stored: boolean;
  available: boolean;
  location: string;
  overriddenByEnvironment: boolean;
  /** The address (origin) the saved token may be sent to; null when none is saved or it is not bound yet. */
  origin: string | null;
  /**
   * Set when the base URL now points at another origin than the saved token's: that origin,
   * to which the token is not sent until allowed there (`token.allow`).
   */
  elsewhere: string | null;
}

/**
 * What came of asking to send the token to a new address. The person at the machine confirms
 * it outside the window (a system dialog on the desktop; in browser mode, a code printed in the
 * terminal that runs Gleaner), so a page cannot allow it on its own.
 */
export type TokenAllowResult =
  | { outcome: 'allowed'; token: TokenStatus }
  | { outcome: 'declined'; token: TokenStatus }
  /** A one-time code was printed where `where` says; call again with it. */
  | { outcome: 'code-needed'; token: TokenStatus; where: string };

/** The one-time code browser mode prints in its terminal to confirm `token.allow`. */
export const TOKEN_ALLOW_CODE_PATTERN = /^\d{6}$/;

const noInput = z.object({}).strict();

const paramValue = z.union([z.string().max(4096), z.number().finite(), z.boolean(), z.null()]);
const itemId = z.number().int().positive();
const itemIds = z.array(itemId).min(1).max(MAX_ITEMS_PER_ACTION);
const collectionName = z.string().trim().min(1).max(200);
/** A collection read whole to be brought back (`collections.delete` gave it). */
const collectionContents = z
  .object({
    name: collectionName,
    itemIds: z.array(itemId).max(MAX_COLLECTION_ITEMS),
    addedAt: z.array(z.iso.datetime()).max(MAX_COLLECTION_ITEMS),
    notes: z.array(z.object({ itemId, body: z.string().min(1).max(100_000) }).strict()).max(MAX_COLLECTION_ITEMS),
    tags: textKeyedRecord(z.string().trim().min(1).max(100), z.array(itemId).min(1).max(MAX_COLLECTION_ITEMS)),
    waitingJobIds: z.array(itemId).max(MAX_COLLECTION_ITEMS),
  })
  .strict()
  .refine((contents) => contents.addedAt.length === contents.itemIds.length, {
    message: 'needs one addedAt time for each item',
    path: ['addedAt'],
  });
/** A day, or a moment with its time zone (without one it is read as UTC, as Gleaner shows times). */
const ISO_DAY_OR_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Published times are stored as ISO-8601 UTC text and compared as text, so a filter must be in
 * the same form: `2024-05-01`, or a time turned into UTC. Anything else ("May 1", "2024") would
 * compare wrongly and silently, so it is refused.
 */
const isoDate = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const normalised = normaliseDayOrTime(text);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a date such as 2024-05-01, or a time such as 2024-05-01T14:30:00Z' });
      return z.NEVER;
    }
    return normalised;
  });

/** `2024-05-01` as it is, a time as UTC ISO-8601; null for anything else, or a day the calendar lacks (2024-02-30). */
function normaliseDayOrTime(text: string): string | null {
  const match = text.match(ISO_DAY_OR_TIME);
  if (!match) return null;
  const [, day, time, zone] = match;
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return null;
  if (time === undefined) return day!;
  const at = Date.parse(`${day}T${time}${zone ?? 'Z'}`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** A date range that ends before it starts is a slip, not a question with no answer. */
function datesInOrder(request: { publishedFrom?: string; publishedTo?: string }, ctx: z.RefinementCtx): void {
  // A bare day as the end means the whole of it (as the search reads it): 10:00 that day is inside.
  const end = request.publishedTo === undefined ? undefined : (endOfBareDay(request.publishedTo) ?? request.publishedTo);
  if (request.publishedFrom !== undefined && end !== undefined && request.publishedFrom > end) {
    ctx.addIssue({ code: 'custom', path: ['publishedFrom'], message: 'is after the end of the range (publishedTo)' });
  }
}

const searchRequestFields = z
  .object({
    query: z.string().max(1000).optional(),
    platform: z.enum(PLATFORMS).optional(),
    kind: z.enum(ITEM_KINDS).optional(),
    collection: collectionName.optional(),
    tag: z.string().trim().min(1).max(100).optional(),
    publishedFrom: isoDate.optional(),
    publishedTo: isoDate.optional(),
    hasTranscript: z.boolean().optional(),
    ids: z.array(itemId).max(1000).optional(),
    sort: z.enum(['relevance', 'published', 'fetched', 'views', 'likes', 'title']).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict();

export const searchRequestSchema = searchRequestFields.superRefine(datesInOrder);

/** One job, one batch, or everything. */
const queueTarget = z.union([
  z.object({ jobId: itemId }).strict(),
  z.object({ batchId: itemId }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

const importInput = z
  .object({
    text: z.string().max(5_000_000),
    collection: collectionName.optional(),
    transcripts: z.boolean().optional(),
    refresh: z.boolean().optional(),
  })
  .strict();

/** What to export: the Library's search or filters (without paging), a selection, a collection, one item, or everything. */
export const exportScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item'), id: itemId }).strict(),
  z.object({ kind: z.literal('items'), ids: itemIds }).strict(),
  z.object({ kind: z.literal('collection'), name: collectionName }).strict(),
  z
    .object({ kind: z.literal('search'), search: searchRequestFields.omit({ limit: true, offset: true }).superRefine(datesInOrder) })
    .strict(),
  z.object({ kind: z.literal('all') }).strict(),
]);

export const exportRequestSchema = z
  .object({
    scope: exportScopeSchema,
    format: z.enum(EXPORT_FORMATS),
    transcripts: z.boolean().default(false),
    manifest: z.boolean().default(false),
    language: z.string().trim().max(100).optional(),
  })
  .strict();

export interface RawResponse {
  requestId: string;
  operation: string;
  fetchedAt: string;
  sha256: string;
  body: string;
}

/** One operation to run: its parameters, which pages to follow, the collection its items go into. */
const callInput = z
  .object({
    operation: z.enum(OPERATION_IDS),
    params: textKeyedRecord(z.string().max(100), paramValue).default({}),
    collection: collectionName.optional(),
    /** Follow the next-page value up to this many pages (default 1). */
    pages: z.number().int().min(1).max(1000).optional(),
    /** Follow pages until this many items are stored (with `pages` as a ceiling). */
    maxItems: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

export const methods = {
  'app.info': { input: noInput, output: returns<AppInfo>() },
  'service.call': {
    input: callInput
      .extend({
        /** Chosen by the caller, so that it can cancel the call while it waits (service.cancel). */
        ticket: z.string().min(8).max(100).optional(),
      })
      .strict(),
    output: returns<CallResult>(),
  },
  'service.cancel': { input: z.object({ ticket: z.string().min(8).max(100) }).strict(), output: returns<{ cancelled: number }>() },
  /** Waits for the call made with this ticket, again (a reloaded window); null when this process does not know it. */
  'service.follow': { input: z.object({ ticket: z.string().min(8).max(100) }).strict(), output: returns<CallResult | null>() },
  'settings.get': { input: noInput, output: returns<SettingsSnapshot>() },
  'settings.set': {
    input: z.object({ key: z.string().min(1).max(200), value: z.string().max(2000) }).strict(),
    output: returns<SettingsSnapshot>(),
  },
  'settings.unset': { input: z.object({ key: z.string().min(1).max(200) }).strict(), output: returns<SettingsSnapshot>() },
  // Link hosts change one entry at a time, so a list changed elsewhere meanwhile (the CLI) keeps its other hosts.
  'settings.addHosts': {
    input: z.object({ platform: z.enum(PLATFORMS), hosts: z.string().min(1).max(2000) }).strict(),
    output: returns<SettingsSnapshot>(),
  },
  'settings.removeHost': {
    input: z.object({ platform: z.enum(PLATFORMS), host: z.string().min(1).max(300) }).strict(),
    output: returns<SettingsSnapshot>(),
  },
  'token.status': { input: noInput, output: returns<TokenStatus>() },
  // The token crosses the bridge only inwards, once, when the user types it; it is never sent back.
  'token.set': { input: z.object({ token: z.string().min(1).max(4096) }).strict(), output: returns<TokenStatus>() },
  'token.clear': { input: noInput, output: returns<TokenStatus>() },
  /**
   * Lets the saved token go to `origin`, which must be where the base URL points now (a base URL
   * changed meanwhile is refused). The host asks the person outside the window first; in browser
   * mode the first call prints a code in the terminal and the second carries it.
   */
  'token.allow': {
    input: z
      .object({
        origin: z.string().min(1).max(2048),
        code: z.string().trim().regex(TOKEN_ALLOW_CODE_PATTERN, 'The code is six digits.').optional(),
      })
      .strict(),
    output: returns<TokenAllowResult>(),
  },
  'library.search': { input: searchRequestSchema, output: returns<SearchResult>() },
  // A stretch of a result's item ids (a Shift-click range, or "select all"), no more than one action takes.
  'library.ids': {
    input: z
      .object({
        search: searchRequestFields.omit({ limit: true, offset: true, ids: true }).superRefine(datesInOrder),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(MAX_ITEMS_PER_ACTION),
      })
      .strict(),
    output: returns<SearchIds>(),
  },
  'items.get': { input: z.object({ id: itemId }).strict(), output: returns<ItemDetail>() },
  'items.raw': { input: z.object({ responseId: itemId }).strict(), output: returns<RawResponse>() },
  'items.setNote': {
    // expected: the note as it was when the user began typing ('' for none); when the stored one
    // differs (saved meanwhile from another window), nothing is written and CONFLICT says so.
    input: z
      .object({
        itemId,
        body: z.string().max(100_000),
        collection: collectionName.optional(),
        expected: z.string().max(100_000).optional(),
      })
      .strict(),
    output: returns<ItemDetail>(),
  },
  'items.tag': {
    input: z.object({ itemIds, tag: z.string().max(100), collection: collectionName.optional() }).strict(),
    output: returns<{ tagged: number }>(),
  },
  'items.untag': {
    input: z.object({ itemIds, tag: z.string().max(100), collection: collectionName.optional() }).strict(),
    output: returns<{ untagged: number }>(),
  },
  // Keeps one text (a version, or a merge) of a note edited on two desks; every desk hears of it.
  'items.resolveNoteConflict': {
    input: z.object({ conflictId: itemId, body: z.string().max(100_000) }).strict(),
    output: returns<ItemDetail>(),
  },
  'tags.list': { input: noInput, output: returns<TagSummary[]>() },
  'collections.list': { input: noInput, output: returns<CollectionSummary[]>() },
  'collections.create': { input: z.object({ name: collectionName }).strict(), output: returns<CollectionSummary>() },
  'collections.rename': {
    input: z.object({ name: collectionName, newName: collectionName }).strict(),
    output: returns<CollectionSummary[]>(),
  },
  // `contents`: what went with it, for an undo (collections.restore).
  'collections.delete': {
    input: z.object({ name: collectionName }).strict(),
    output: returns<{ items: number; contents: CollectionContents }>(),
  },
  'collections.add': { input: z.object({ name: collectionName, itemIds }).strict(), output: returns<{ added: number }>() },
  // `places`: where each stood, for an undo (collections.putBack).
  'collections.remove': {
    input: z.object({ name: collectionName, itemIds }).strict(),
    output: returns<{ removed: number; places: CollectionPlace[] }>(),
  },
  'collections.putBack': {
    input: z
      .object({
        name: collectionName,
        places: z
          .array(z.object({ itemId, position: z.number().finite(), addedAt: z.iso.datetime() }).strict())
          .min(1)
          .max(MAX_ITEMS_PER_ACTION),
      })
      .strict(),
    output: returns<{ restored: number }>(),
  },
  // One item up (negative) or down by that many places, however long the collection: no order crosses the bridge.
  'collections.move': {
    input: z
      .object({
        name: collectionName,
        itemId,
        delta: z
          .number()
          .int()
          .min(-MAX_COLLECTION_ITEMS)
          .max(MAX_COLLECTION_ITEMS)
          .refine((delta) => delta !== 0, 'must move the item at least one place'),
      })
      .strict(),
    output: returns<{ position: number; total: number }>(),
  },
  'collections.items': {
    // itemIds: only these (those still in it), for a view refreshing the rows it just changed;
    // query: only the items a search within the collection finds. In order, a page at a time
    // (all of them when no limit is given).
    input: z
      .object({
        name: collectionName,
        itemIds: itemIds.optional(),
        query: z.string().max(1000).optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: returns<CollectionPage>(),
  },
  'collections.restore': { input: z.object({ contents: collectionContents }).strict(), output: returns<CollectionSummary>() },
  'queue.status': { input: noInput, output: returns<QueueStatus>() },
  'queue.jobs': {
    input: z
      .object({
        state: z.enum(JOB_STATES).optional(),
        batchId: itemId.optional(),
        limit: z.number().int().min(1).max(1000).optional(),
        /** The order they go out in, rather than the newest first. */
        oldestFirst: z.boolean().optional(),
      })
      .strict(),
    output: returns<JobSummary[]>(),
  },
  'queue.pause': { input: noInput, output: returns<QueueStatus>() },
  'queue.resume': { input: noInput, output: returns<QueueStatus>() },
  'queue.cancel': { input: queueTarget, output: returns<{ cancelled: number }>() },
  'queue.retry': { input: queueTarget, output: returns<{ retried: number }>() },
  'queue.batch': { input: z.object({ batchId: itemId }).strict(), output: returns<BatchProgress>() },
  // Batches with jobs still waiting: a reopened window shows their progress and can cancel them.
  'queue.batches': { input: noInput, output: returns<BatchProgress[]>() },
  'import.plan': { input: importInput, output: returns<ImportPlan>() },
  'import.start': {
    /**
     * `createCollection`: `collection` is a new one, created here once the import may start (a
     * refused start leaves no empty collection behind); a name already taken is refused.
     */
    input: importInput.extend({ carryOver: z.boolean().optional(), createCollection: z.boolean().optional() }).strict(),
    /**
     * `collected`: links already in the library that went into the collection without a request;
     * `queuedInto`: links already waiting in the queue whose items will go into it too.
     */
    output: returns<{ batchId: number | null; plan: ImportPlan; collected: number; queuedInto: number }>(),
  },
  // No path crosses the bridge: the desktop shell asks with a save dialog, browser mode offers a download.
  'export.start': { input: exportRequestSchema, output: returns<ExportStarted>() },
  'export.cancel': { input: z.object({ exportId: z.string().uuid() }).strict(), output: returns<{ cancelled: boolean }>() },
  // Queues a call without waiting for it (a host that runs the queue itself follows its batch).
  'service.start': { input: callInput, output: returns<{ batchId: number }>() },
  // Every request of a call's batch as it stands, first page first, and the items they brought.
  'service.results': { input: z.object({ batchId: itemId }).strict(), output: returns<CallOutcome>() },
  // One setting in the CLI's key form, and what applies when it is not set.
  'settings.value': { input: z.object({ key: z.string().min(1).max(200) }).strict(), output: returns<ConfigValue>() },
  'queue.job': { input: z.object({ jobId: itemId }).strict(), output: returns<JobBrief | null>() },
  /**
   * Starts an import as `import.start` does (the caller has checked the budget), and says which of
   * its links were already queued by another import meanwhile (`joined`, fetched once, there).
   */
  'import.queue': {
    input: importInput,
    output: returns<{ batchId: number | null; plan: ImportPlan; collected: number; queuedInto: number; jobs: number; joined: number[] }>(),
  },
  /**
   * "Get exact dates": the details operation planned for each of these items whose date is only
   * approximate; with `dryRun`, only the plan (nothing is queued). `carryOver`: it may take more
   * than today's budget.
   */
  'items.exactDates': {
    input: z.object({ itemIds, dryRun: z.boolean().optional(), carryOver: z.boolean().optional() }).strict(),
    output: returns<ExactDatesResult>(),
  },
  /**
   * The team hub (issue 29). The password is accepted here only, kept in the OS keychain, and never
   * returned or logged; `url` must not hold one. A failed connect leaves the settings as they were.
   */
  'team.connect': {
    input: z
      .object({ url: z.string().min(1).max(2000), member: z.string().max(200).optional(), password: z.string().min(1).max(1024) })
      .strict(),
    output: returns<TeamStatus>(),
  },
  'team.status': { input: noInput, output: returns<TeamStatus>() },
  // Pushes and pulls once; resolves when both are done.
  'team.sync': { input: noInput, output: returns<TeamStatus>() },
  'team.disconnect': { input: noInput, output: returns<TeamStatus>() },
} satisfies Record<MethodName, { input: z.ZodType; output: unknown }>;

export const events = {
  'task.progress': returns<TaskProgress>(),
  'queue.status': returns<QueueStatus>(),
  'queue.batch': returns<BatchProgress>(),
  'export.progress': returns<ExportProgress>(),
  'team.status': returns<TeamStatus>(),
} satisfies Record<EventName, unknown>;

// Compile-time proof that the contract and the dependency-free name lists agree exactly.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const methodNamesMatch: Exactly<keyof typeof methods, MethodName> = true;
const eventNamesMatch: Exactly<keyof typeof events, EventName> = true;
void methodNamesMatch;
void eventNamesMatch;

export type Methods = typeof methods;
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = Methods[M]['output'];
export type EventPayload<E extends EventName> = (typeof events)[E];

/** What the renderer sees, whichever transport carries it. */
export interface BridgeClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
