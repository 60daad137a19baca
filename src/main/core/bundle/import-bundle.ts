/**
 * `gleaner bundle import`, once the bundle has been verified: each answer is stored as this
 * library stores its own (the body byte for byte, the same SHA-256, request id and fetch time),
 * so its items are read again by this library's normalisers and an answer it already holds
 * changes nothing; then notes, tags and collection membership are put on the matching items,
 * and the custody entries are kept with their origin. Nothing that overlaps is duplicated: a
 * note that differs from one already written here is kept aside as a conflict, not overwritten.
 */
import { isOperationId } from '../../../shared/catalogue';
import { isGleanerError } from '../../../shared/errors';
import type { CollectionRepository } from '../library/collections';
import type { Ingester, ResponseToStore } from '../library/ingest';
import { createBundleItemFinder } from '../store/bundle-repository';
import type { ReadableDB } from '../store/database';
import { hubAnswerParams } from '../team/answer-response';
import { custodySchema, type CustodyFile } from './custody-check';
import { BUNDLE_FILES } from './layout';
import {
  answerRecordSchema,
  itemRecordSchema,
  membershipRecordSchema,
  noteRecordSchema,
  tagRecordSchema,
  type AnswerRecord,
} from './records';
import { readZipFiles } from './zip-reader';

export interface BundleImportHooks {
  /** Keeps the bundle's custody entries under their origin and notes the import in this library's chain; how many were kept. */
  custody(input: { origin: string; manifestSha256: string; custody: CustodyFile; itemIds: number[] }): number;
}

export interface ImportReport {
  answers: { added: number; alreadyHeld: number; skipped: number };
  items: number;
  notes: { added: number; alreadyHeld: number; conflicts: number };
  tags: number;
  collections: { created: number; added: number };
  custodyEntries: number;
}

export interface ImportDeps {
  db: ReadableDB;
  ingest: Ingester;
  collections: CollectionRepository;
  origin: string;
  manifestSha256: string;
  nowIso: () => string;
  hooks?: BundleImportHooks;
  /** The folder the bundle's files stand in, as verify found it (empty for a bundle as made). */
  root?: string;
}

const ANSWER_FILE = /^answers\/([0-9a-f]{64})\.json$/;
/** A time as Gleaner writes one (ISO 8601, UTC); anything else from a bundle is not taken as a time. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const BATCH = 100;

function parseList<T>(data: Buffer, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T[] {
  const parsed = JSON.parse(data.toString('utf8')) as unknown;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((raw) => {
    const result = schema.safeParse(raw);
    return result.success ? [result.data] : [];
  });
}

function responseOf(record: AnswerRecord, body: string): ResponseToStore | null {
  const params = hubAnswerParams(record.params);
  if (!isOperationId(record.operation) || params === null) return null;
  let data: unknown;
  try {
    data = (JSON.parse(body) as { data?: unknown }).data;
  } catch {
    return null;
  }
  return {
    operation: record.operation,
    params,
    requestUrl: record.request_url,
    requestId: record.request_id,
    status: record.status,
    fetchedAt: record.fetched_at,
    durationMs: record.duration_ms ?? 0,
    body,
    data,
    nextPage: record.next_page,
    // Fetched by the bundle's maker: its custody entry comes with the bundle (kept under its
    // origin), and this library's log notes the import once, not a fetch per answer.
    pulled: true,
  };
}

export async function importBundle(path: string, deps: ImportDeps): Promise<ImportReport> {
  const report: ImportReport = {
    answers: { added: 0, alreadyHeld: 0, skipped: 0 },
    items: 0,
    notes: { added: 0, alreadyHeld: 0, conflicts: 0 },
    tags: 0,
    collections: { created: 0, added: 0 },
    custodyEntries: 0,
  };
  const finder = createBundleItemFinder(deps.db as never);
  let recordsBySha = new Map<string, AnswerRecord[]>();
  let batch: ResponseToStore[] = [];
  const flush = () => {
    if (batch.length === 0) return;
    for (const result of deps.ingest.storeMany(batch)) {
      if (result.alreadyStored) report.answers.alreadyHeld += 1;
      else report.answers.added += 1;
    }
    batch = [];
  };
  // The maker's times stay with what they wrote; a time that does not read as one is this import's.
  const importedAt = deps.nowIso();
  const timeOrNow = (at: string): string => (ISO_UTC.test(at) && Number.isFinite(Date.parse(at)) ? at : importedAt);
  // The bundle's item ids are its maker's; here each is the local item it matches.
  const localIds = new Map<number, number>();
  const local = (bundleId: number) => localIds.get(bundleId);
  let custody: CustodyFile | null = null;
  const ensureCollection = (name: string) => {
    const existed = deps.collections.list().some((collection) => collection.name.toLowerCase() === name.toLowerCase());
    deps.collections.ensure(name);
    if (!existed) report.collections.created += 1;
  };

  const applyLater = (path: string, data: Buffer): void => {
    switch (path) {
      case BUNDLE_FILES.items:
        for (const item of parseList(data, itemRecordSchema)) {
          const id = finder.find(item.platform, item.native_id, item.url);
          if (id !== undefined) localIds.set(item.id, id);
        }
        report.items = localIds.size;
        return;
      case BUNDLE_FILES.collections: {
        const byCollection = new Map<string, { ids: number[]; addedAt: string[] }>();
        for (const membership of parseList(data, membershipRecordSchema)) {
          const id = local(membership.item_id);
          if (id === undefined) continue;
          const members = byCollection.get(membership.collection) ?? { ids: [], addedAt: [] };
          byCollection.set(membership.collection, members);
          members.ids.push(id);
          members.addedAt.push(timeOrNow(membership.added_at));
        }
        for (const [name, members] of byCollection) {
          ensureCollection(name);
          report.collections.added += deps.collections.add(name, members.ids, members.addedAt).added;
        }
        return;
      }
      case BUNDLE_FILES.notes:
        for (const note of parseList(data, noteRecordSchema)) {
          const id = local(note.item_id);
          if (id === undefined) continue;
          const collection = note.collection ?? undefined;
          if (collection !== undefined) ensureCollection(collection);
          try {
            // Expected empty: a note already written here that says something else is not overwritten.
            deps.collections.setNote(id, note.body, collection, '', timeOrNow(note.updated_at));
            report.notes.added += 1;
          } catch (error) {
            if (!isGleanerError(error)) throw error;
            report.notes.conflicts += 1;
          }
        }
        return;
      case BUNDLE_FILES.tags:
        for (const tag of parseList(data, tagRecordSchema)) {
          const id = local(tag.item_id);
          if (id === undefined) continue;
          const collection = tag.collection ?? undefined;
          if (collection !== undefined) ensureCollection(collection);
          deps.collections.tag([id], tag.tag, collection);
          report.tags += 1;
        }
        return;
      case BUNDLE_FILES.custody: {
        const parsed = custodySchema.safeParse(JSON.parse(data.toString('utf8')));
        if (parsed.success) custody = parsed.data;
        return;
      }
    }
  };

  // The files a bundle's maker wrote after its answers, kept until the answers are in: a bundle zipped
  // again by hand holds its files in any order.
  const later = new Map<string, Buffer>();
  const LATER = [BUNDLE_FILES.items, BUNDLE_FILES.collections, BUNDLE_FILES.notes, BUNDLE_FILES.tags, BUNDLE_FILES.custody];
  let indexRead = false;
  // Answers met before their index are read again once it is known (a second pass: memory stays flat).
  const missed = new Set<string>();
  const storeAnswer = (sha: string, data: Buffer) => {
    const body = data.toString('utf8');
    for (const record of recordsBySha.get(sha) ?? []) {
      const response = responseOf(record, body);
      if (response) batch.push(response);
      else report.answers.skipped += 1;
    }
    if (batch.length >= BATCH) flush();
  };
  const root = { root: deps.root ?? '' };
  await readZipFiles(
    path,
    (file) => {
      if (file.path === BUNDLE_FILES.answersIndex) {
        recordsBySha = new Map();
        for (const record of parseList(file.data, answerRecordSchema)) {
          const list = recordsBySha.get(record.sha256);
          if (list) list.push(record);
          else recordsBySha.set(record.sha256, [record]);
        }
        indexRead = true;
        return;
      }
      const answer = file.path.match(ANSWER_FILE);
      if (answer) {
        if (indexRead) storeAnswer(answer[1]!, file.data);
        else missed.add(answer[1]!);
        return;
      }
      if ((LATER as readonly string[]).includes(file.path)) later.set(file.path, file.data);
    },
    root,
  );
  if (missed.size > 0)
    await readZipFiles(
      path,
      (file) => {
        const answer = file.path.match(ANSWER_FILE);
        if (answer && missed.has(answer[1]!)) storeAnswer(answer[1]!, file.data);
      },
      root,
    );
  flush();
  for (const path of LATER) {
    const data = later.get(path);
    if (data) applyLater(path, data);
  }
  if (custody && deps.hooks) {
    report.custodyEntries = deps.hooks.custody({
      origin: deps.origin,
      manifestSha256: deps.manifestSha256,
      custody,
      itemIds: [...new Set(localIds.values())],
    });
  }
  return report;
}
