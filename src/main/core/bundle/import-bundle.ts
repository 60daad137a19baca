/**
 * `gleaner bundle import`, once the bundle has been verified, from the same open zip: each file
 * is read again through the descriptor verify read it through, and must have the SHA-256 verify
 * saw, so what is brought in is exactly what was checked. Everything is written in one write
 * transaction: a bundle that cannot be brought in whole leaves the library as it was. Each answer
 * is stored as this library stores its own (the body byte for byte, the same SHA-256, request
 * id and fetch time), so its items are read again by this library's normalisers and an answer it
 * already holds changes nothing; then notes, tags and collection membership are put on the
 * matching items, and the custody entries are kept with their origin. Nothing that overlaps is
 * duplicated: a note that differs from one already written here is kept aside as a conflict,
 * not overwritten.
 */
import { isOperationId } from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import type { CollectionRepository } from '../library/collections';
import type { Ingester, ResponseToStore } from '../library/ingest';
import { createBundleItemFinder } from '../store/bundle-repository';
import type { ReadableDB } from '../store/database';
import { writeTransaction } from '../store/write-transaction';
import { hubAnswerParams } from '../team/answer-response';
import { readCustodyFile, type CustodyFile } from './custody-check';
import { forEachJsonElement, JsonTextError } from './json-text';
import { BUNDLE_FILES } from './layout';
import {
  answerRecordSchema,
  itemRecordSchema,
  membershipRecordSchema,
  noteRecordSchema,
  tagRecordSchema,
  type AnswerRecord,
} from './records';
import type { VerifiedBundle } from './verify-bundle';

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
}

const ANSWER_FILE = /^answers\/([0-9a-f]{64})\.json$/;
/** A time as Gleaner writes one (ISO 8601, UTC); anything else from a bundle is not taken as a time. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const BATCH = 100;

/** Refused after verify passed: the bundle changed since, or holds what verify lets by; nothing is kept. */
const notBroughtIn = (why: string) => new GleanerError('BUNDLE_INVALID', `${why}; nothing was brought in.`);

function parseList<T>(
  data: Buffer,
  path: string,
  maxDepth: number,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): T[] {
  const list: T[] = [];
  try {
    forEachJsonElement(data, maxDepth, (raw, index) => {
      const result = schema.safeParse(raw);
      if (!result.success) throw notBroughtIn(`Element number ${index + 1} of ${path} cannot be read`);
      list.push(result.data);
    });
  } catch (error) {
    if (error instanceof JsonTextError) throw notBroughtIn(`${path} cannot be read (${error.message})`);
    throw error;
  }
  return list;
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

/** Brings a verified bundle in, whole or not at all. */
export function importVerifiedBundle(bundle: VerifiedBundle, deps: ImportDeps): ImportReport {
  if (!bundle.report.ok) throw notBroughtIn('The bundle does not verify');
  return writeTransaction(deps.db, () => importInOneTransaction(bundle, deps));
}

function importInOneTransaction(bundle: VerifiedBundle, deps: ImportDeps): ImportReport {
  const report: ImportReport = {
    answers: { added: 0, alreadyHeld: 0, skipped: 0 },
    items: 0,
    notes: { added: 0, alreadyHeld: 0, conflicts: 0 },
    tags: 0,
    collections: { created: 0, added: 0 },
    custodyEntries: 0,
  };
  const { caps } = bundle;
  /** A file as verify read it, or null when the bundle has none. */
  const read = (path: string, maxBytes = caps.heldBytes): Buffer | null => {
    const verified = bundle.files.get(path);
    if (!verified) return null;
    let file;
    try {
      file = bundle.zip.readSync(verified.entry, maxBytes);
    } catch (error) {
      if (error instanceof GleanerError) throw notBroughtIn(`The bundle changed after it was verified (${error.message})`);
      throw error;
    }
    if (file.sha256 !== verified.sha256) throw notBroughtIn(`The bundle changed after it was verified (${path} is not what was checked)`);
    return file.data;
  };
  const list = <T>(path: string, schema: Parameters<typeof parseList<T>>[3]): T[] => {
    const data = read(path);
    return data ? parseList(data, path, caps.jsonDepth, schema) : [];
  };

  const finder = createBundleItemFinder(deps.db as never);
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
  const local = (bundleId: number, what: string): number => {
    const id = localIds.get(bundleId);
    if (id === undefined)
      throw notBroughtIn(`Item ${bundleId} of the bundle, which ${what} is about, is not in this library after its answers were stored`);
    return id;
  };
  const ensureCollection = (name: string) => {
    const existed = deps.collections.list().some((collection) => collection.name.toLowerCase() === name.toLowerCase());
    deps.collections.ensure(name);
    if (!existed) report.collections.created += 1;
  };

  // Answers: the index first, then each answer file it names.
  const recordsBySha = new Map<string, AnswerRecord[]>();
  for (const record of list(BUNDLE_FILES.answersIndex, answerRecordSchema)) {
    const records = recordsBySha.get(record.sha256);
    if (records) records.push(record);
    else recordsBySha.set(record.sha256, [record]);
  }
  for (const path of bundle.files.keys()) {
    const answer = path.match(ANSWER_FILE);
    if (!answer) continue;
    const records = recordsBySha.get(answer[1]!);
    if (!records) continue;
    const body = read(path, caps.answerBytes)!.toString('utf8');
    for (const record of records) {
      const response = responseOf(record, body);
      if (response) batch.push(response);
      else report.answers.skipped += 1;
    }
    if (batch.length >= BATCH) flush();
  }
  flush();

  for (const item of list(BUNDLE_FILES.items, itemRecordSchema)) {
    const id = finder.find(item.platform, item.native_id, item.url);
    if (id !== undefined) localIds.set(item.id, id);
  }
  report.items = localIds.size;

  const byCollection = new Map<string, { ids: number[]; addedAt: string[] }>();
  for (const membership of list(BUNDLE_FILES.collections, membershipRecordSchema)) {
    const id = local(membership.item_id, `an entry of ${BUNDLE_FILES.collections}`);
    const members = byCollection.get(membership.collection) ?? { ids: [], addedAt: [] };
    byCollection.set(membership.collection, members);
    members.ids.push(id);
    members.addedAt.push(timeOrNow(membership.added_at));
  }
  for (const [name, members] of byCollection) {
    ensureCollection(name);
    report.collections.added += deps.collections.add(name, members.ids, members.addedAt).added;
  }

  for (const note of list(BUNDLE_FILES.notes, noteRecordSchema)) {
    const id = local(note.item_id, 'a note');
    const collection = note.collection ?? undefined;
    if (collection !== undefined) ensureCollection(collection);
    try {
      // Expected empty: a note already written here that says something else is not overwritten.
      deps.collections.setNote(id, note.body, collection, '', timeOrNow(note.updated_at));
      report.notes.added += 1;
    } catch (error) {
      if (!(error instanceof GleanerError) || error.code !== 'CONFLICT') throw error;
      report.notes.conflicts += 1;
    }
  }

  for (const tag of list(BUNDLE_FILES.tags, tagRecordSchema)) {
    const id = local(tag.item_id, 'a tag');
    const collection = tag.collection ?? undefined;
    if (collection !== undefined) ensureCollection(collection);
    deps.collections.tag([id], tag.tag, collection);
    report.tags += 1;
  }

  const custodyData = read(BUNDLE_FILES.custody);
  if (custodyData && deps.hooks) {
    const custody = readCustodyFile(custodyData, caps.jsonDepth);
    if ('problem' in custody) throw notBroughtIn(custody.problem);
    report.custodyEntries = deps.hooks.custody({
      origin: deps.origin,
      manifestSha256: deps.manifestSha256,
      custody: custody.custody,
      itemIds: [...new Set(localIds.values())],
    });
  }
  return report;
}
