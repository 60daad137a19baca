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
import { EXPORT_FORMATS, type ExportProgress, type ExportStarted } from './export';
import type { CallOutcome, CallResult, ConfigValue, JobBrief } from './call';
import type { TeamStatus } from './team';
import type { BundleKeyInfo } from './bundle';
import type { CustodyList } from './custody';
import { isoDate } from './iso-date-schema';
import { method, once, returns } from './contract-method';
import { watchMethods } from './watch-contract';

export type { CallItem, CallOutcome, CallResult, ConfigValue, JobBrief } from './call';
import {
  TOKEN_ALLOW_CODE_PATTERN,
  type AppInfo,
  type RawResponse,
  type SettingsSnapshot,
  type TaskProgress,
  type TokenAllowResult,
  type TokenStatus,
} from './contract-types';
export * from './contract-types';

const noInput = once(() => z.object({}).strict());

const paramValue = once(() => z.union([z.string().max(4096), z.number().finite(), z.boolean(), z.null()]));
const itemId = once(() => z.number().int().positive());
const itemIds = once(() => z.array(itemId()).min(1).max(MAX_ITEMS_PER_ACTION));
const collectionName = once(() => z.string().trim().min(1).max(200));
/** A collection read whole to be brought back (`collections.delete` gave it). */
const collectionContents = once(() =>
  z
    .object({
      name: collectionName(),
      itemIds: z.array(itemId()).max(MAX_COLLECTION_ITEMS),
      addedAt: z.array(z.iso.datetime()).max(MAX_COLLECTION_ITEMS),
      notes: z.array(z.object({ itemId: itemId(), body: z.string().min(1).max(100_000) }).strict()).max(MAX_COLLECTION_ITEMS),
      tags: textKeyedRecord(z.string().trim().min(1).max(100), z.array(itemId()).min(1).max(MAX_COLLECTION_ITEMS)),
      waitingJobIds: z.array(itemId()).max(MAX_COLLECTION_ITEMS),
    })
    .strict()
    .refine((contents) => contents.addedAt.length === contents.itemIds.length, {
      message: 'needs one addedAt time for each item',
      path: ['addedAt'],
    }),
);
/** A date range that ends before it starts is a slip, not a question with no answer. */
function datesInOrder(request: { publishedFrom?: string; publishedTo?: string }, ctx: z.RefinementCtx): void {
  // A bare day as the end means the whole of it (as the search reads it): 10:00 that day is inside.
  const end = request.publishedTo === undefined ? undefined : (endOfBareDay(request.publishedTo) ?? request.publishedTo);
  if (request.publishedFrom !== undefined && end !== undefined && request.publishedFrom > end) {
    ctx.addIssue({ code: 'custom', path: ['publishedFrom'], message: 'is after the end of the range (publishedTo)' });
  }
}

const searchRequestFields = once(() =>
  z
    .object({
      query: z.string().max(1000).optional(),
      platform: z.enum(PLATFORMS).optional(),
      kind: z.enum(ITEM_KINDS).optional(),
      collection: collectionName().optional(),
      tag: z.string().trim().min(1).max(100).optional(),
      publishedFrom: isoDate().optional(),
      publishedTo: isoDate().optional(),
      hasTranscript: z.boolean().optional(),
      ids: z.array(itemId()).max(1000).optional(),
      sort: z.enum(['relevance', 'published', 'fetched', 'views', 'likes', 'title']).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
      offset: z.number().int().min(0).optional(),
    })
    .strict(),
);

const searchRequest = once(() => searchRequestFields().superRefine(datesInOrder));
export const searchRequestSchema = searchRequest();

/** One job, one batch, or everything. */
const queueTarget = once(() =>
  z.union([z.object({ jobId: itemId() }).strict(), z.object({ batchId: itemId() }).strict(), z.object({ all: z.literal(true) }).strict()]),
);

const importInput = once(() =>
  z
    .object({
      text: z.string().max(5_000_000),
      collection: collectionName().optional(),
      transcripts: z.boolean().optional(),
      refresh: z.boolean().optional(),
    })
    .strict(),
);

/** What to export: the Library's search or filters (without paging), a selection, a collection, one item, or everything. */
const exportScope = once(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('item'), id: itemId() }).strict(),
    z.object({ kind: z.literal('items'), ids: itemIds() }).strict(),
    z.object({ kind: z.literal('collection'), name: collectionName() }).strict(),
    z
      .object({ kind: z.literal('search'), search: searchRequestFields().omit({ limit: true, offset: true }).superRefine(datesInOrder) })
      .strict(),
    z.object({ kind: z.literal('all') }).strict(),
  ]),
);

const exportRequest = once(() =>
  z
    .object({
      scope: exportScope(),
      format: z.enum(EXPORT_FORMATS),
      transcripts: z.boolean().default(false),
      manifest: z.boolean().default(false),
      language: z.string().trim().max(100).optional(),
      changeHistory: z.boolean().optional(),
    })
    .strict(),
);

/** The export request's schema, built when first asked for (only an export needs it). */
export const exportRequestSchema = exportRequest;

/** One operation to run: its parameters, which pages to follow, the collection its items go into. */
const callInput = once(() =>
  z
    .object({
      operation: z.enum(OPERATION_IDS),
      params: textKeyedRecord(z.string().max(100), paramValue()).default({}),
      collection: collectionName().optional(),
      /** Follow the next-page value up to this many pages (default 1). */
      pages: z.number().int().min(1).max(1000).optional(),
      /** Follow pages until this many items are stored (with `pages` as a ceiling). */
      maxItems: z.number().int().min(1).max(1_000_000).optional(),
    })
    .strict(),
);

export const methods = {
  'app.info': method(() => noInput(), returns<AppInfo>()),
  'service.call': method(
    () =>
      callInput()
        .extend({
          /** Chosen by the caller, so that it can cancel the call while it waits (service.cancel). */
          ticket: z.string().min(8).max(100).optional(),
        })
        .strict(),
    returns<CallResult>(),
  ),
  'service.cancel': method(() => z.object({ ticket: z.string().min(8).max(100) }).strict(), returns<{ cancelled: number }>()),
  /** Waits for the call made with this ticket, again (a reloaded window); null when this process does not know it. */
  'service.follow': method(() => z.object({ ticket: z.string().min(8).max(100) }).strict(), returns<CallResult | null>()),
  'settings.get': method(() => noInput(), returns<SettingsSnapshot>()),
  'settings.set': method(
    () => z.object({ key: z.string().min(1).max(200), value: z.string().max(2000) }).strict(),
    returns<SettingsSnapshot>(),
  ),
  'settings.unset': method(() => z.object({ key: z.string().min(1).max(200) }).strict(), returns<SettingsSnapshot>()),
  // Link hosts change one entry at a time, so a list changed elsewhere meanwhile (the CLI) keeps its other hosts.
  'settings.addHosts': method(
    () => z.object({ platform: z.enum(PLATFORMS), hosts: z.string().min(1).max(2000) }).strict(),
    returns<SettingsSnapshot>(),
  ),
  'settings.removeHost': method(
    () => z.object({ platform: z.enum(PLATFORMS), host: z.string().min(1).max(300) }).strict(),
    returns<SettingsSnapshot>(),
  ),
  'token.status': method(() => noInput(), returns<TokenStatus>()),
  // The token crosses the bridge only inwards, once, when the user types it; it is never sent back.
  'token.set': method(() => z.object({ token: z.string().min(1).max(4096) }).strict(), returns<TokenStatus>()),
  'token.clear': method(() => noInput(), returns<TokenStatus>()),
  /**
   * Lets the saved token go to `origin`, which must be where the base URL points now (a base URL
   * changed meanwhile is refused). The host asks the person outside the window first; in browser
   * mode the first call prints a code in the terminal and the second carries it.
   */
  'token.allow': method(
    () =>
      z
        .object({
          origin: z.string().min(1).max(2048),
          code: z.string().trim().regex(TOKEN_ALLOW_CODE_PATTERN, 'The code is six digits.').optional(),
        })
        .strict(),
    returns<TokenAllowResult>(),
  ),
  'library.search': method(() => searchRequest(), returns<SearchResult>()),
  // A stretch of a result's item ids (a Shift-click range, or "select all"), no more than one action takes.
  'library.ids': method(
    () =>
      z
        .object({
          search: searchRequestFields().omit({ limit: true, offset: true, ids: true }).superRefine(datesInOrder),
          offset: z.number().int().min(0).default(0),
          limit: z.number().int().min(1).max(MAX_ITEMS_PER_ACTION),
        })
        .strict(),
    returns<SearchIds>(),
  ),
  'items.get': method(() => z.object({ id: itemId() }).strict(), returns<ItemDetail>()),
  'items.raw': method(() => z.object({ responseId: itemId() }).strict(), returns<RawResponse>()),
  // expected: the note as it was when the user began typing ('' for none); when the stored one
  // differs (saved meanwhile from another window), nothing is written and CONFLICT says so.
  'items.setNote': method(
    () =>
      z
        .object({
          itemId: itemId(),
          body: z.string().max(100_000),
          collection: collectionName().optional(),
          expected: z.string().max(100_000).optional(),
        })
        .strict(),
    returns<ItemDetail>(),
  ),
  'items.tag': method(
    () => z.object({ itemIds: itemIds(), tag: z.string().max(100), collection: collectionName().optional() }).strict(),
    returns<{ tagged: number }>(),
  ),
  'items.untag': method(
    () => z.object({ itemIds: itemIds(), tag: z.string().max(100), collection: collectionName().optional() }).strict(),
    returns<{ untagged: number }>(),
  ),
  // Keeps one text (a version, or a merge) of a note edited on two desks; every desk hears of it.
  'items.resolveNoteConflict': method(
    () => z.object({ conflictId: itemId(), body: z.string().max(100_000) }).strict(),
    returns<ItemDetail>(),
  ),
  'tags.list': method(() => noInput(), returns<TagSummary[]>()),
  'collections.list': method(() => noInput(), returns<CollectionSummary[]>()),
  'collections.create': method(() => z.object({ name: collectionName() }).strict(), returns<CollectionSummary>()),
  'collections.rename': method(
    () => z.object({ name: collectionName(), newName: collectionName() }).strict(),
    returns<CollectionSummary[]>(),
  ),
  // `contents`: what went with it, for an undo (collections.restore).
  'collections.delete': method(
    () => z.object({ name: collectionName() }).strict(),
    returns<{ items: number; contents: CollectionContents }>(),
  ),
  'collections.add': method(() => z.object({ name: collectionName(), itemIds: itemIds() }).strict(), returns<{ added: number }>()),
  // `places`: where each stood, for an undo (collections.putBack).
  'collections.remove': method(
    () => z.object({ name: collectionName(), itemIds: itemIds() }).strict(),
    returns<{ removed: number; places: CollectionPlace[] }>(),
  ),
  'collections.putBack': method(
    () =>
      z
        .object({
          name: collectionName(),
          places: z
            .array(z.object({ itemId: itemId(), position: z.number().finite(), addedAt: z.iso.datetime() }).strict())
            .min(1)
            .max(MAX_ITEMS_PER_ACTION),
        })
        .strict(),
    returns<{ restored: number }>(),
  ),
  // One item up (negative) or down by that many places, however long the collection: no order crosses the bridge.
  'collections.move': method(
    () =>
      z
        .object({
          name: collectionName(),
          itemId: itemId(),
          delta: z
            .number()
            .int()
            .min(-MAX_COLLECTION_ITEMS)
            .max(MAX_COLLECTION_ITEMS)
            .refine((delta) => delta !== 0, 'must move the item at least one place'),
        })
        .strict(),
    returns<{ position: number; total: number }>(),
  ),
  // itemIds: only these (those still in it), for a view refreshing the rows it just changed;
  // query: only the items a search within the collection finds. In order, a page at a time
  // (all of them when no limit is given).
  'collections.items': method(
    () =>
      z
        .object({
          name: collectionName(),
          itemIds: itemIds().optional(),
          query: z.string().max(1000).optional(),
          offset: z.number().int().min(0).optional(),
          limit: z.number().int().min(1).max(1000).optional(),
        })
        .strict(),
    returns<CollectionPage>(),
  ),
  'collections.restore': method(() => z.object({ contents: collectionContents() }).strict(), returns<CollectionSummary>()),
  'queue.status': method(() => noInput(), returns<QueueStatus>()),
  'queue.jobs': method(
    () =>
      z
        .object({
          state: z.enum(JOB_STATES).optional(),
          batchId: itemId().optional(),
          limit: z.number().int().min(1).max(1000).optional(),
          /** The order they go out in, rather than the newest first. */
          oldestFirst: z.boolean().optional(),
        })
        .strict(),
    returns<JobSummary[]>(),
  ),
  'queue.pause': method(() => noInput(), returns<QueueStatus>()),
  'queue.resume': method(() => noInput(), returns<QueueStatus>()),
  'queue.cancel': method(() => queueTarget(), returns<{ cancelled: number }>()),
  'queue.retry': method(() => queueTarget(), returns<{ retried: number }>()),
  'queue.batch': method(() => z.object({ batchId: itemId() }).strict(), returns<BatchProgress>()),
  // Batches with jobs still waiting: a reopened window shows their progress and can cancel them.
  'queue.batches': method(() => noInput(), returns<BatchProgress[]>()),
  'import.plan': method(() => importInput(), returns<ImportPlan>()),
  /**
   * `createCollection`: `collection` is a new one, created here once the import may start (a
   * refused start leaves no empty collection behind); a name already taken is refused.
   * Answers `collected`: links already in the library that went into the collection without a
   * request; `queuedInto`: links already waiting in the queue whose items will go into it too.
   */
  'import.start': method(
    () => importInput().extend({ carryOver: z.boolean().optional(), createCollection: z.boolean().optional() }).strict(),
    returns<{ batchId: number | null; plan: ImportPlan; collected: number; queuedInto: number }>(),
  ),
  // No path crosses the bridge: the desktop shell asks with a save dialog, browser mode offers a download.
  'export.start': method(() => exportRequest(), returns<ExportStarted>()),
  'export.cancel': method(() => z.object({ exportId: z.string().uuid() }).strict(), returns<{ cancelled: boolean }>()),
  // Queues a call without waiting for it (a host that runs the queue itself follows its batch).
  'service.start': method(() => callInput(), returns<{ batchId: number }>()),
  // Every request of a call's batch as it stands, first page first, and the items they brought.
  'service.results': method(() => z.object({ batchId: itemId() }).strict(), returns<CallOutcome>()),
  // One setting in the CLI's key form, and what applies when it is not set.
  'settings.value': method(() => z.object({ key: z.string().min(1).max(200) }).strict(), returns<ConfigValue>()),
  'queue.job': method(() => z.object({ jobId: itemId() }).strict(), returns<JobBrief | null>()),
  /**
   * Starts an import as `import.start` does (the caller has checked the budget), and says which of
   * its links were already queued by another import meanwhile (`joined`, fetched once, there).
   */
  'import.queue': method(
    () => importInput(),
    returns<{ batchId: number | null; plan: ImportPlan; collected: number; queuedInto: number; jobs: number; joined: number[] }>(),
  ),
  /**
   * "Get exact dates": the details operation planned for each of these items whose date is only
   * approximate; with `dryRun`, only the plan (nothing is queued). `carryOver`: it may take more
   * than today's budget.
   */
  'items.exactDates': method(
    () => z.object({ itemIds: itemIds(), dryRun: z.boolean().optional(), carryOver: z.boolean().optional() }).strict(),
    returns<ExactDatesResult>(),
  ),
  /**
   * The team hub (issue 29). The password is accepted here only, kept in the OS keychain, and never
   * returned or logged; `url` must not hold one. A failed connect leaves the settings as they were.
   */
  'team.connect': method(
    () =>
      z
        .object({ url: z.string().min(1).max(2000), member: z.string().max(200).optional(), password: z.string().min(1).max(1024) })
        .strict(),
    returns<TeamStatus>(),
  ),
  'team.status': method(() => noInput(), returns<TeamStatus>()),
  // Pushes and pulls once; resolves when both are done.
  'team.sync': method(() => noInput(), returns<TeamStatus>()),
  'team.disconnect': method(() => noInput(), returns<TeamStatus>()),
  // The case-bundle signing key's public half (made on first need); the private half never leaves the keychain.
  'bundle.key': method(() => noInput(), returns<BundleKeyInfo>()),
  // Export → Case bundle: written where the save dialog says (desktop) or offered as a download, with export.progress events.
  'bundle.create': method(
    () =>
      z
        .object({
          scope: exportScope(),
          media: z.boolean().optional(),
          timestamp: z.boolean().optional(),
          oneTimeKey: z.boolean().optional(),
        })
        .strict(),
    returns<ExportStarted>(),
  ),
  /**
   * The custody log (issue 31): the entries about one item (its answers, notes, tags, collections,
   * with what was imported from bundles or colleagues), or the latest ones (Activity) before a seq.
   * `intact` is checked over the whole chain once per process and as it grows; `verify` checks it all again.
   */
  'custody.list': method(
    () =>
      z
        .object({
          itemId: itemId().optional(),
          limit: z.number().int().min(1).max(500).default(50),
          beforeSeq: z.number().int().positive().optional(),
          verify: z.boolean().optional(),
        })
        .strict(),
    returns<CustodyList>(),
  ),
  ...watchMethods,
} satisfies Record<MethodName, { input: z.ZodType; output: unknown }>;

export const events = {
  'task.progress': returns<TaskProgress>(),
  'queue.status': returns<QueueStatus>(),
  'queue.batch': returns<BatchProgress>(),
  'export.progress': returns<ExportProgress>(),
  'team.status': returns<TeamStatus>(),
  'watch.changed': returns<{ unread: number; added: number }>(),
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
