/**
 * `gleaner bundle verify`: reads each file of a case bundle once (zip-reader.ts: the zip as
 * `unzip` reads it, within caps.ts) and checks every part of it without the library that made
 * it: each file against the manifest (and nothing unlisted), each answer against its name, the
 * Data Package's sizes and hashes, media.json's against the media files, the manifest's Ed25519
 * signature (and the key's fingerprint, when one is expected), the RFC 3161 timestamp, the
 * custody chain, that every item can be read again from its answers, and that every note, tag
 * and collection entry is one import would keep whole. The report names what does not hold, a
 * few lines per check at most.
 */
import { isOperationId } from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import { checkCollectionName, checkTag, MAX_NOTE_CHARACTERS } from '../library/collections';
import type { NormaliseFn } from '../library/ingest';
import { canonicalFingerprint, fingerprintOfPublicKey, publicKeyFromPem, verifyEd25519 } from '../secrets/signing-key';
import { hubAnswerParams } from '../team/answer-response';
import { BUNDLE_CAPS, type BundleCaps } from './caps';
import { checkCustody, readCustodyFile } from './custody-check';
import { createDerivationCheck } from './derivation-check';
import { forEachJsonElement, JsonTextError, parseJson } from './json-text';
import { answerPath, BUNDLE_FILES, OUTSIDE_MANIFEST, parseManifest } from './layout';
import {
  answerRecordSchema,
  itemRecordSchema,
  membershipRecordSchema,
  noteRecordSchema,
  tagRecordSchema,
  type AnswerRecord,
} from './records';
import { checkTimestamp, type TimestampFacts } from './timestamp';
import type { TrustedAuthorities } from './tsa-trust';
import { openZip, type OpenedZip, type ZipEntry } from './zip-reader';

export const VERIFY_CHECKS = ['files', 'answers', 'datapackage', 'signature', 'timestamp', 'custody', 'items', 'notes'] as const;
export type VerifyCheckName = (typeof VERIFY_CHECKS)[number];

export interface VerifyCheck {
  name: VerifyCheckName;
  /** 'skipped' only for the timestamp of a bundle made without one. */
  state: 'ok' | 'failed' | 'skipped';
  problems: string[];
}

export interface VerifyReport {
  ok: boolean;
  fingerprint: string | null;
  expectedFingerprint: string | null;
  manifestSha256: string | null;
  items: number;
  answers: number;
  custodyEntries: number;
  /** The timestamp's time and signer, and whether its authority was checked against a trusted CA. */
  timestamp: TimestampFacts | null;
  /** The bundle says it was signed with a one-time key: it proves itself unchanged, not which library made it. */
  oneTimeKey: boolean;
  checks: VerifyCheck[];
  /**
   * The folder the bundle's files stood in, when it was zipped again as a folder (`case/`): they
   * were read from there. Empty for a bundle as made.
   */
  root: string;
}

const ANSWER_FILE = /^answers\/([0-9a-f]{64})\.json$/;
const MANIFEST_IN_FOLDER = new RegExp(`^([^/]+/)${BUNDLE_FILES.manifest.replace('.', '\\.')}$`);
/** Problems kept per check; past them, a count. */
const MAX_PROBLEMS = 10;
/** Names one line gives before it says how many more. */
const NAMED = 3;
/** Small files read whole: the signature, the public key, the timestamp. */
const SMALL_FILE_BYTES = 1024 * 1024;

export interface VerifyOptions {
  /** The signing key's fingerprint to expect. */
  fingerprint?: string;
  /** The CA certificates the timestamp authority must chain to. */
  trusted?: TrustedAuthorities;
  /** The size caps (tests lower them). */
  caps?: BundleCaps;
}

/** A bundle checked, still open: import reads the same files through the same descriptor. */
export interface VerifiedBundle {
  zip: OpenedZip;
  report: VerifyReport;
  caps: BundleCaps;
  /** Each file read, by its path in the bundle, with the SHA-256 its bytes had when checked. */
  files: ReadonlyMap<string, { entry: ZipEntry; sha256: string }>;
}

/** A name from the zip as a line shows it: no control characters, not too long (it is the sender's). */
const shown = (name: string): string => {
  const clean = name.replace(/\p{Cc}/gu, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
};

/** "a, b, c and 64,997 more". */
export const someNamed = (names: readonly string[]): string =>
  names.slice(0, NAMED).map(shown).join(', ') + (names.length > NAMED ? ` and ${(names.length - NAMED).toLocaleString('en-US')} more` : '');

export async function verifyBundle(zipPath: string, normalise: NormaliseFn, options: VerifyOptions = {}): Promise<VerifyReport> {
  checkFingerprintOption(options);
  const zip = await openZip(zipPath, options.caps ?? BUNDLE_CAPS);
  try {
    return (await verifyOpened(zip, normalise, options)).report;
  } finally {
    await zip.close();
  }
}

function checkFingerprintOption(options: VerifyOptions): void {
  if (options.fingerprint !== undefined && canonicalFingerprint(options.fingerprint).length !== 64) {
    throw new GleanerError('INVALID_INPUT', 'The fingerprint to expect is 64 hexadecimal digits (separators are ignored).');
  }
}

/**
 * Checks an open bundle, reading each of its files once (the manifest first, then the answers'
 * index, the answers, everything else, and last what describes the rest). Files the manifest
 * does not list are named and not read.
 */
export async function verifyOpened(zip: OpenedZip, normalise: NormaliseFn, options: VerifyOptions = {}): Promise<VerifiedBundle> {
  checkFingerprintOption(options);
  const caps = options.caps ?? BUNDLE_CAPS;
  const problems = new Map<VerifyCheckName, string[]>(VERIFY_CHECKS.map((name) => [name, []]));
  const more = new Map<VerifyCheckName, number>();
  const fail = (name: VerifyCheckName, problem: string) => {
    const list = problems.get(name)!;
    if (list.length < MAX_PROBLEMS) list.push(problem);
    else more.set(name, (more.get(name) ?? 0) + 1);
  };

  // A bundle unzipped and zipped again as its folder (`zip -r case.zip case/`) is read inside that folder.
  const names = new Set(zip.files.map((entry) => entry.name));
  let root = '';
  if (!names.has(BUNDLE_FILES.manifest)) {
    const roots = new Set([...names].map((name) => name.match(MANIFEST_IN_FOLDER)?.[1]).filter((found) => found !== undefined));
    if (roots.size === 1) root = [...roots][0]!;
  }
  const pathOf = (name: string) => (root && name.startsWith(root) ? name.slice(root.length) : name);
  const byPath = new Map<string, ZipEntry>();
  for (const entry of zip.files) {
    const path = pathOf(entry.name);
    if (byPath.has(path)) fail('files', `${shown(path)} is in the zip twice`);
    else byPath.set(path, entry);
  }
  /** Paths not read for a reason already given: not named again as missing. */
  const unread = new Set<string>();
  for (const refused of zip.refused) {
    fail('files', `${shown(refused.name)}: ${refused.problem}`);
    unread.add(pathOf(refused.name));
  }

  const seen = new Map<string, { sha256: string; bytes: number }>();
  const read = new Map<string, { entry: ZipEntry; sha256: string }>();
  const noteRead = (path: string, entry: ZipEntry, sha256: string) => {
    seen.set(path, { sha256, bytes: entry.bytes });
    read.set(path, { entry, sha256 });
  };
  const failedRead = (path: string, error: unknown): null => {
    if (!(error instanceof GleanerError) || error.code !== 'BUNDLE_INVALID') throw error;
    fail('files', shown(error.message));
    unread.add(path);
    return null;
  };
  /** A file read whole, or null when it is not there or cannot be (which is named). */
  const hold = async (path: string, maxBytes: number): Promise<Buffer | null> => {
    const entry = byPath.get(path);
    if (!entry) return null;
    try {
      const { data, sha256 } = await zip.read(entry, maxBytes);
      noteRead(path, entry, sha256);
      return data;
    } catch (error) {
      return failedRead(path, error);
    }
  };
  const hashOnly = async (path: string): Promise<void> => {
    const entry = byPath.get(path)!;
    try {
      noteRead(path, entry, (await zip.stream(entry)).sha256);
    } catch (error) {
      failedRead(path, error);
    }
  };
  /** Each element of a list file; false (and the problem named) when the file is not a list. */
  const eachElement = (data: Buffer, check: VerifyCheckName, what: string, onValue: (value: unknown, index: number) => void): boolean => {
    try {
      forEachJsonElement(data, caps.jsonDepth, onValue);
      return true;
    } catch (error) {
      if (!(error instanceof JsonTextError)) throw error;
      fail(check, `${what} (${error.message})`);
      return false;
    }
  };

  // files: the manifest lists every file, each with its hash; what it does not list is not read.
  const manifest = await hold(BUNDLE_FILES.manifest, caps.heldBytes);
  let listed: Map<string, string> | null = null;
  if (!manifest) {
    if (!unread.has(BUNDLE_FILES.manifest)) fail('files', `${BUNDLE_FILES.manifest} is missing`);
  } else {
    const parsedManifest = parseManifest(manifest.toString('utf8'));
    parsedManifest.problems.forEach((problem) => fail('files', problem));
    listed = parsedManifest.entries;
    const unlisted = [...byPath.keys()].filter((path) => !OUTSIDE_MANIFEST.has(path) && !listed!.has(path));
    if (unlisted.length === 1) fail('files', `${shown(unlisted[0]!)} is not listed in ${BUNDLE_FILES.manifest}`);
    else if (unlisted.length > 1)
      fail('files', `${unlisted.length.toLocaleString('en-US')} files are not listed in ${BUNDLE_FILES.manifest}: ${someNamed(unlisted)}`);
  }
  const toRead = (path: string) => byPath.has(path) && !read.has(path) && (!listed || listed.has(path) || OUTSIDE_MANIFEST.has(path));

  // signature, and the key it was made with.
  const signature = toRead(BUNDLE_FILES.signature) ? await hold(BUNDLE_FILES.signature, SMALL_FILE_BYTES) : null;
  const pem = toRead(BUNDLE_FILES.publicKey) ? await hold(BUNDLE_FILES.publicKey, SMALL_FILE_BYTES) : null;
  let fingerprint: string | null = null;
  if (!signature || !pem) fail('signature', `${!signature ? BUNDLE_FILES.signature : BUNDLE_FILES.publicKey} is missing`);
  else {
    try {
      const key = publicKeyFromPem(pem.toString('utf8'));
      fingerprint = fingerprintOfPublicKey(key);
      if (manifest && !verifyEd25519(key, manifest, signature))
        fail(
          'signature',
          `${BUNDLE_FILES.signature} is not a signature of ${BUNDLE_FILES.manifest} by the key in ${BUNDLE_FILES.publicKey}`,
        );
    } catch {
      fail('signature', `${BUNDLE_FILES.publicKey} is not an Ed25519 public key`);
    }
  }
  const expected = options.fingerprint === undefined ? null : canonicalFingerprint(options.fingerprint);
  if (expected !== null && fingerprint !== null && canonicalFingerprint(fingerprint) !== expected) {
    fail('signature', `the bundle was signed by key ${fingerprint}, not by the key expected`);
  }

  // timestamp (optional).
  const tsr = toRead(BUNDLE_FILES.timestamp) ? await hold(BUNDLE_FILES.timestamp, SMALL_FILE_BYTES) : null;
  let timestamp: VerifyReport['timestamp'] = null;
  if (tsr && manifest) {
    const check = checkTimestamp(tsr, manifest, options.trusted ? { trusted: options.trusted } : {});
    check.problems.forEach((problem) => fail('timestamp', problem));
    timestamp = check.facts;
  }

  // answers: the index, then each answer against its name, read again by the normalisers.
  const derivation = createDerivationCheck(normalise, caps.jsonDepth);
  const recordsBySha = new Map<string, AnswerRecord[]>();
  const index = toRead(BUNDLE_FILES.answersIndex) ? await hold(BUNDLE_FILES.answersIndex, caps.heldBytes) : null;
  if (index) {
    let valid = true;
    const listedAnswers = eachElement(index, 'answers', `${BUNDLE_FILES.answersIndex} is not a list of answers`, (raw, at) => {
      const record = answerRecordSchema.safeParse(raw);
      if (!record.success) {
        valid = false;
        return;
      }
      if (!isOperationId(record.data.operation) || hubAnswerParams(record.data.params) === null)
        fail('answers', `answer number ${at + 1} in ${BUNDLE_FILES.answersIndex} has an operation or parameters Gleaner cannot store`);
      const list = recordsBySha.get(record.data.sha256);
      if (list) list.push(record.data);
      else recordsBySha.set(record.data.sha256, [record.data]);
    });
    if (listedAnswers && !valid) fail('answers', `${BUNDLE_FILES.answersIndex} is not a list of answers`);
  }
  for (const path of byPath.keys()) {
    const answer = path.match(ANSWER_FILE);
    if (!answer || !toRead(path)) continue;
    const data = await hold(path, caps.answerBytes);
    if (!data) continue;
    const sha = answer[1]!;
    if (sha !== read.get(path)!.sha256) fail('answers', `${path}: its content does not have the SHA-256 it is named by`);
    derivation.addAnswer(sha, data, recordsBySha.get(sha) ?? []);
  }
  let answerCount = 0;
  for (const [sha, records] of recordsBySha) {
    answerCount += records.length;
    const path = answerPath(sha);
    if (!byPath.has(path) && !unread.has(path)) fail('answers', `${path} is listed in ${BUNDLE_FILES.answersIndex} but missing`);
  }

  // What the rest describes is read last, once every other file's hash is known.
  const describing = new Set<string>([BUNDLE_FILES.media, BUNDLE_FILES.dataPackage]);
  const parsedHere = new Set<string>([
    BUNDLE_FILES.items,
    BUNDLE_FILES.custody,
    BUNDLE_FILES.notes,
    BUNDLE_FILES.tags,
    BUNDLE_FILES.collections,
  ]);
  for (const path of byPath.keys()) if (toRead(path) && !describing.has(path) && !parsedHere.has(path)) await hashOnly(path);

  // items: each read again from its answers.
  let itemCount = 0;
  let itemIds: Set<number> | null = null;
  const items = toRead(BUNDLE_FILES.items) ? await hold(BUNDLE_FILES.items, caps.heldBytes) : null;
  if (items) {
    const ids = new Set<number>();
    const whole = eachElement(items, 'items', `${BUNDLE_FILES.items} is not a list of items`, (raw) => {
      itemCount += 1;
      const item = itemRecordSchema.safeParse(raw);
      if (!item.success) fail('items', `item number ${itemCount} in ${BUNDLE_FILES.items} is not an item record`);
      else {
        ids.add(item.data.id);
        derivation.checkItem(item.data);
      }
    });
    if (whole) itemIds = ids;
  }
  derivation.problems().forEach((problem) => fail(problem.startsWith('answers/') ? 'answers' : 'items', problem));

  // notes: what import writes about the items, each as import would take it.
  const annotation = async (path: string, check: (raw: unknown, at: number) => string | null) => {
    const data = toRead(path) ? await hold(path, caps.heldBytes) : null;
    if (data)
      eachElement(data, 'notes', `${path} is not a list`, (raw, at) => {
        const problem = check(raw, at);
        if (problem) fail('notes', problem);
      });
  };
  const aboutItem = (what: string, itemId: number) =>
    itemIds && !itemIds.has(itemId) ? `${what} is about item ${itemId}, which ${BUNDLE_FILES.items} does not hold` : null;
  const collectionProblem = (what: string, name: string | null) => {
    if (name === null) return null;
    try {
      checkCollectionName(name);
      return null;
    } catch (error) {
      return `${what} names a collection Gleaner cannot make (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const notePlaces = new Set<string>();
  await annotation(BUNDLE_FILES.notes, (raw, at) => {
    const what = `note number ${at + 1} in ${BUNDLE_FILES.notes}`;
    const note = noteRecordSchema.safeParse(raw);
    if (!note.success) return `${what} is not a note record`;
    const { item_id: itemId, body, collection } = note.data;
    if (body.length > MAX_NOTE_CHARACTERS)
      return `${what} is ${body.length.toLocaleString('en-US')} characters long, more than a note may be (${MAX_NOTE_CHARACTERS.toLocaleString('en-US')}): Gleaner would not keep it`;
    const place = `${itemId}\n${collection ?? ''}`;
    if (notePlaces.has(place)) return `${what} is a second note on item ${itemId} in the same place`;
    notePlaces.add(place);
    return aboutItem(what, itemId) ?? collectionProblem(what, collection);
  });
  await annotation(BUNDLE_FILES.tags, (raw, at) => {
    const what = `tag number ${at + 1} in ${BUNDLE_FILES.tags}`;
    const tag = tagRecordSchema.safeParse(raw);
    if (!tag.success) return `${what} is not a tag record`;
    try {
      checkTag(tag.data.tag);
    } catch (error) {
      return `${what} is not a tag Gleaner keeps (${error instanceof Error ? error.message : String(error)})`;
    }
    return aboutItem(what, tag.data.item_id) ?? collectionProblem(what, tag.data.collection);
  });
  await annotation(BUNDLE_FILES.collections, (raw, at) => {
    const what = `entry number ${at + 1} in ${BUNDLE_FILES.collections}`;
    const membership = membershipRecordSchema.safeParse(raw);
    if (!membership.success) return `${what} is not a collection entry`;
    return aboutItem(what, membership.data.item_id) ?? collectionProblem(what, membership.data.collection);
  });

  // custody.
  let custodyEntries = 0;
  const custodyData = toRead(BUNDLE_FILES.custody) ? await hold(BUNDLE_FILES.custody, caps.heldBytes) : null;
  if (!custodyData) {
    if (!unread.has(BUNDLE_FILES.custody)) fail('custody', `${BUNDLE_FILES.custody} is missing`);
  } else {
    const custody = readCustodyFile(custodyData, caps.jsonDepth);
    if ('problem' in custody) fail('custody', custody.problem);
    else {
      const checked = checkCustody(custody.custody);
      checked.problems.forEach((problem) => fail('custody', problem));
      custodyEntries = checked.entries;
    }
  }

  const mediaList = toRead(BUNDLE_FILES.media) ? await hold(BUNDLE_FILES.media, caps.heldBytes) : null;
  const dataPackageText = toRead(BUNDLE_FILES.dataPackage) ? await hold(BUNDLE_FILES.dataPackage, caps.heldBytes) : null;

  if (listed) {
    for (const [path, sha] of listed) {
      const found = seen.get(path);
      if (!found) {
        if (!unread.has(path)) fail('files', `${shown(path)} is listed in ${BUNDLE_FILES.manifest} but missing`);
      } else if (found.sha256 !== sha) fail('files', `${shown(path)}: its SHA-256 does not match ${BUNDLE_FILES.manifest}`);
    }
  }
  for (const required of [BUNDLE_FILES.answersIndex, BUNDLE_FILES.items, BUNDLE_FILES.custody, BUNDLE_FILES.dataPackage]) {
    if (!byPath.has(required) && !unread.has(required)) fail('files', `${required} is missing`);
  }
  const facts = checkDataPackage(dataPackageText, seen, unread, caps, (problem) => fail('datapackage', problem));
  checkMediaList(mediaList, seen, [...byPath.keys()], caps, (problem) => fail('files', problem));

  const checks: VerifyCheck[] = VERIFY_CHECKS.map((name) => {
    const found = problems.get(name)!;
    const extra = more.get(name);
    if (extra) found.push(`and ${extra.toLocaleString('en-US')} more problem${extra === 1 ? '' : 's'}`);
    const skipped = name === 'timestamp' && !tsr;
    return { name, state: found.length > 0 ? 'failed' : skipped ? 'skipped' : 'ok', problems: found };
  });
  const report: VerifyReport = {
    ok: checks.every((check) => check.state !== 'failed'),
    fingerprint,
    expectedFingerprint: options.fingerprint ?? null,
    manifestSha256: manifest ? (seen.get(BUNDLE_FILES.manifest)?.sha256 ?? null) : null,
    items: itemCount,
    answers: answerCount,
    custodyEntries,
    timestamp,
    oneTimeKey: facts?.signing_key === 'one-time',
    checks,
    root,
  };
  return { zip, report, caps, files: read };
}

function checkDataPackage(
  text: Buffer | null,
  seen: Map<string, { sha256: string; bytes: number }>,
  unread: ReadonlySet<string>,
  caps: BundleCaps,
  fail: (problem: string) => void,
): { signing_key?: unknown } | null {
  if (!text) return null;
  let resources: { path?: unknown; bytes?: unknown; hash?: unknown }[];
  let facts: { signing_key?: unknown } | null = null;
  try {
    const parsed = parseJson(text, caps.jsonDepth) as { resources?: unknown; gleaner?: unknown } | null;
    if (parsed === null || typeof parsed !== 'object') throw new Error('not an object');
    if (!Array.isArray(parsed.resources)) throw new Error('no resources');
    resources = parsed.resources as typeof resources;
    if (parsed.gleaner !== null && typeof parsed.gleaner === 'object') facts = parsed.gleaner as { signing_key?: unknown };
  } catch {
    fail(`${BUNDLE_FILES.dataPackage} is not a Data Package descriptor`);
    return null;
  }
  const described = new Set<string>();
  for (const resource of resources) {
    const path = typeof resource.path === 'string' ? resource.path : '';
    described.add(path);
    const found = seen.get(path);
    if (!found) {
      if (!unread.has(path)) fail(`${shown(path) || 'a resource'} is described in ${BUNDLE_FILES.dataPackage} but missing`);
    } else if (resource.hash !== `sha256:${found.sha256}` || resource.bytes !== found.bytes) {
      fail(`${shown(path)}: its size or hash does not match ${BUNDLE_FILES.dataPackage}`);
    }
  }
  const outside = new Set<string>([...OUTSIDE_MANIFEST, BUNDLE_FILES.dataPackage, BUNDLE_FILES.readme, BUNDLE_FILES.publicKey]);
  const undescribed = [...seen.keys()].filter((path) => !outside.has(path) && !described.has(path));
  if (undescribed.length === 1) fail(`${shown(undescribed[0]!)} is not described in ${BUNDLE_FILES.dataPackage}`);
  else if (undescribed.length > 1)
    fail(`${undescribed.length.toLocaleString('en-US')} files are not described in ${BUNDLE_FILES.dataPackage}: ${someNamed(undescribed)}`);
  return facts;
}

/**
 * media.json against the media files: each file it names is there with the size and SHA-256 it
 * states, and every file under media/ is one it names (where it came from is said only there).
 */
function checkMediaList(
  text: Buffer | null,
  seen: Map<string, { sha256: string; bytes: number }>,
  present: readonly string[],
  caps: BundleCaps,
  fail: (problem: string) => void,
): void {
  const inMediaFolder = present.filter((path) => path.startsWith(BUNDLE_FILES.mediaFolder));
  if (!text) {
    if (inMediaFolder.length > 0)
      fail(`${BUNDLE_FILES.media} is missing, so the files in ${BUNDLE_FILES.mediaFolder} say nowhere where they came from`);
    return;
  }
  let records: unknown[];
  try {
    const parsed = parseJson(text, caps.jsonDepth);
    if (!Array.isArray(parsed)) throw new Error('not a list');
    records = parsed;
  } catch {
    fail(`${BUNDLE_FILES.media} is not a list of media records`);
    return;
  }
  const named = new Set<string>();
  for (const record of records) {
    const { file, sha256, bytes } = (record ?? {}) as { file?: unknown; sha256?: unknown; bytes?: unknown };
    if (typeof file !== 'string') continue;
    named.add(file);
    const found = seen.get(file);
    if (!found) fail(`${shown(file)} is named in ${BUNDLE_FILES.media} but missing`);
    else if (sha256 !== found.sha256 || bytes !== found.bytes)
      fail(`${shown(file)}: its size or SHA-256 does not match ${BUNDLE_FILES.media}`);
  }
  const unnamed = inMediaFolder.filter((path) => !named.has(path));
  if (unnamed.length === 1) fail(`${shown(unnamed[0]!)} is not named in ${BUNDLE_FILES.media}`);
  else if (unnamed.length > 1)
    fail(
      `${unnamed.length.toLocaleString('en-US')} files in ${BUNDLE_FILES.mediaFolder} are not named in ${BUNDLE_FILES.media}: ${someNamed(unnamed)}`,
    );
}
