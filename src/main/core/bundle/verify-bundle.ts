/**
 * `gleaner bundle verify`: reads a case bundle once, front to back, and checks every part of it
 * without the library that made it: each file against the manifest (and nothing unlisted), each
 * answer against its name, the Data Package's sizes and hashes, media.json's against the media
 * files, the manifest's Ed25519 signature (and the key's fingerprint, when one is expected), the
 * RFC 3161 timestamp, the custody chain, and that every item can be read again from its answers.
 * The report names what does not hold.
 */
import { GleanerError } from '../../../shared/errors';
import type { NormaliseFn } from '../library/ingest';
import { canonicalFingerprint, fingerprintOfPublicKey, publicKeyFromPem, verifyEd25519 } from '../secrets/signing-key';
import { checkCustody } from './custody-check';
import { createDerivationCheck } from './derivation-check';
import { BUNDLE_FILES, OUTSIDE_MANIFEST, parseManifest } from './layout';
import { answerRecordSchema, itemRecordSchema, type AnswerRecord } from './records';
import { checkTimestamp, type TimestampFacts } from './timestamp';
import type { TrustedAuthorities } from './tsa-trust';
import { readZipFiles } from './zip-reader';

export const VERIFY_CHECKS = ['files', 'answers', 'datapackage', 'signature', 'timestamp', 'custody', 'items'] as const;
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
  checks: VerifyCheck[];
  /**
   * The folder the bundle's files stood in, when it was zipped again as a folder (`case/`): they
   * were read from there. Empty for a bundle as made.
   */
  root: string;
}

/** The files kept whole for the checks at the end (all small beside the answers). */
const KEPT = new Set<string>([
  BUNDLE_FILES.manifest,
  BUNDLE_FILES.signature,
  BUNDLE_FILES.timestamp,
  BUNDLE_FILES.publicKey,
  BUNDLE_FILES.answersIndex,
  BUNDLE_FILES.custody,
  BUNDLE_FILES.dataPackage,
  BUNDLE_FILES.items,
  BUNDLE_FILES.media,
]);

const ANSWER_FILE = /^answers\/([0-9a-f]{64})\.json$/;

export interface VerifyOptions {
  /** The signing key's fingerprint to expect. */
  fingerprint?: string;
  /** The CA certificates the timestamp authority must chain to. */
  trusted?: TrustedAuthorities;
}

export async function verifyBundle(zipPath: string, normalise: NormaliseFn, options: VerifyOptions = {}): Promise<VerifyReport> {
  if (options.fingerprint !== undefined && canonicalFingerprint(options.fingerprint).length !== 64) {
    throw new GleanerError('INVALID_INPUT', 'The fingerprint to expect is 64 hexadecimal digits (separators are ignored).');
  }
  const { report, paths } = await verifyFrom(zipPath, normalise, options, '');
  if (report.manifestSha256 !== null) return report;
  // No manifest at the top: a bundle unzipped and zipped again as its folder is read from that folder.
  const roots = new Set(paths.map((path) => path.match(MANIFEST_IN_FOLDER)?.[1]).filter((root) => root !== undefined));
  if (roots.size !== 1) return report;
  return (await verifyFrom(zipPath, normalise, options, [...roots][0]!)).report;
}

const MANIFEST_IN_FOLDER = new RegExp(`^([^/]+/)${BUNDLE_FILES.manifest.replace('.', '\\.')}$`);

async function verifyFrom(
  zipPath: string,
  normalise: NormaliseFn,
  options: VerifyOptions,
  root: string,
): Promise<{ report: VerifyReport; paths: string[] }> {
  const problems = new Map<VerifyCheckName, string[]>(VERIFY_CHECKS.map((name) => [name, []]));
  const fail = (name: VerifyCheckName, problem: string) => problems.get(name)!.push(problem);
  const seen = new Map<string, { sha256: string; bytes: number }>();
  const kept = new Map<string, Buffer>();
  const derivation = createDerivationCheck(normalise);
  let recordsBySha: Map<string, AnswerRecord[]> | null = null;
  // An answer that comes before its index (a zip someone re-packed) waits for it.
  const waiting: { sha: string; data: Buffer }[] = [];

  const readIndex = (data: Buffer): Map<string, AnswerRecord[]> => {
    const bySha = new Map<string, AnswerRecord[]>();
    try {
      const parsed = JSON.parse(data.toString('utf8')) as unknown;
      if (!Array.isArray(parsed)) throw new Error('not a list');
      for (const raw of parsed) {
        const record = answerRecordSchema.parse(raw);
        const list = bySha.get(record.sha256);
        if (list) list.push(record);
        else bySha.set(record.sha256, [record]);
      }
    } catch {
      fail('answers', `${BUNDLE_FILES.answersIndex} is not a list of answers`);
    }
    return bySha;
  };

  await readZipFiles(
    zipPath,
    (file) => {
      if (seen.has(file.path)) fail('files', `${file.path} is in the zip twice`);
      seen.set(file.path, { sha256: file.sha256, bytes: file.data.length });
      if (KEPT.has(file.path)) kept.set(file.path, file.data);
      if (file.path === BUNDLE_FILES.answersIndex) {
        recordsBySha = readIndex(file.data);
        for (const early of waiting.splice(0)) derivation.addAnswer(early.sha, early.data, recordsBySha.get(early.sha) ?? []);
        return;
      }
      const answer = file.path.match(ANSWER_FILE);
      if (answer) {
        const sha = answer[1]!;
        if (sha !== file.sha256) fail('answers', `${file.path}: its content does not have the SHA-256 it is named by`);
        if (recordsBySha) derivation.addAnswer(sha, file.data, recordsBySha.get(sha) ?? []);
        else waiting.push({ sha, data: file.data });
      }
    },
    { root },
  );

  // files: the manifest lists every file, each with its hash.
  const manifest = kept.get(BUNDLE_FILES.manifest) ?? null;
  if (!manifest) fail('files', `${BUNDLE_FILES.manifest} is missing`);
  else {
    const { entries, problems: lineProblems } = parseManifest(manifest.toString('utf8'));
    lineProblems.forEach((problem) => fail('files', problem));
    for (const [path, sha] of entries) {
      const found = seen.get(path);
      if (!found) fail('files', `${path} is listed in ${BUNDLE_FILES.manifest} but missing`);
      else if (found.sha256 !== sha) fail('files', `${path}: its SHA-256 does not match ${BUNDLE_FILES.manifest}`);
    }
    for (const path of seen.keys())
      if (!OUTSIDE_MANIFEST.has(path) && !entries.has(path)) fail('files', `${path} is not listed in ${BUNDLE_FILES.manifest}`);
  }
  for (const required of [BUNDLE_FILES.answersIndex, BUNDLE_FILES.items, BUNDLE_FILES.custody, BUNDLE_FILES.dataPackage]) {
    if (!seen.has(required)) fail('files', `${required} is missing`);
  }

  // answers: every answer in the index has its file.
  let answerCount = 0;
  for (const [sha, records] of (recordsBySha as Map<string, AnswerRecord[]> | null) ?? new Map<string, AnswerRecord[]>()) {
    answerCount += records.length;
    if (!seen.has(`answers/${sha}.json`)) fail('answers', `answers/${sha}.json is listed in ${BUNDLE_FILES.answersIndex} but missing`);
  }

  checkDataPackage(kept.get(BUNDLE_FILES.dataPackage), seen, (problem) => fail('datapackage', problem));
  checkMediaList(kept.get(BUNDLE_FILES.media), seen, (problem) => fail('files', problem));

  // signature, and the key it was made with.
  const signature = kept.get(BUNDLE_FILES.signature);
  const pem = kept.get(BUNDLE_FILES.publicKey);
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
  const tsr = kept.get(BUNDLE_FILES.timestamp);
  let timestamp: VerifyReport['timestamp'] = null;
  if (tsr && manifest) {
    const check = checkTimestamp(tsr, manifest, options.trusted ? { trusted: options.trusted } : {});
    check.problems.forEach((problem) => fail('timestamp', problem));
    timestamp = check.facts;
  }

  const custody = checkCustody(kept.get(BUNDLE_FILES.custody)?.toString('utf8') ?? null);
  custody.problems.forEach((problem) => fail('custody', problem));

  // items: each read again from its answers.
  let itemCount = 0;
  const itemsText = kept.get(BUNDLE_FILES.items);
  if (itemsText) {
    try {
      const parsed = JSON.parse(itemsText.toString('utf8')) as unknown;
      if (!Array.isArray(parsed)) throw new Error('not a list');
      for (const raw of parsed) {
        itemCount += 1;
        const item = itemRecordSchema.safeParse(raw);
        if (!item.success) fail('items', `item number ${itemCount} in ${BUNDLE_FILES.items} is not an item record`);
        else derivation.checkItem(item.data);
      }
    } catch {
      fail('items', `${BUNDLE_FILES.items} is not a list of items`);
    }
  }
  derivation.problems().forEach((problem) => fail(problem.startsWith('answers/') ? 'answers' : 'items', problem));

  const checks: VerifyCheck[] = VERIFY_CHECKS.map((name) => {
    const found = problems.get(name)!;
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
    custodyEntries: custody.entries,
    timestamp,
    checks,
    root,
  };
  return { report, paths: [...seen.keys()] };
}

function checkDataPackage(
  text: Buffer | undefined,
  seen: Map<string, { sha256: string; bytes: number }>,
  fail: (problem: string) => void,
): void {
  if (!text) return;
  let resources: { path?: unknown; bytes?: unknown; hash?: unknown }[];
  try {
    const parsed = JSON.parse(text.toString('utf8')) as { resources?: unknown };
    if (!Array.isArray(parsed.resources)) throw new Error('no resources');
    resources = parsed.resources as typeof resources;
  } catch {
    fail(`${BUNDLE_FILES.dataPackage} is not a Data Package descriptor`);
    return;
  }
  const described = new Set<string>();
  for (const resource of resources) {
    const path = typeof resource.path === 'string' ? resource.path : '';
    described.add(path);
    const found = seen.get(path);
    if (!found) fail(`${path || 'a resource'} is described in ${BUNDLE_FILES.dataPackage} but missing`);
    else if (resource.hash !== `sha256:${found.sha256}` || resource.bytes !== found.bytes) {
      fail(`${path}: its size or hash does not match ${BUNDLE_FILES.dataPackage}`);
    }
  }
  const outside = new Set<string>([...OUTSIDE_MANIFEST, BUNDLE_FILES.dataPackage, BUNDLE_FILES.readme, BUNDLE_FILES.publicKey]);
  for (const path of seen.keys())
    if (!outside.has(path) && !described.has(path)) fail(`${path} is not described in ${BUNDLE_FILES.dataPackage}`);
}

/**
 * media.json against the media files: each file it names is there with the size and SHA-256 it
 * states, and every file under media/ is one it names (where it came from is said only there).
 */
function checkMediaList(
  text: Buffer | undefined,
  seen: Map<string, { sha256: string; bytes: number }>,
  fail: (problem: string) => void,
): void {
  const inMediaFolder = [...seen.keys()].filter((path) => path.startsWith(BUNDLE_FILES.mediaFolder));
  if (!text) {
    if (inMediaFolder.length > 0)
      fail(`${BUNDLE_FILES.media} is missing, so the files in ${BUNDLE_FILES.mediaFolder} say nowhere where they came from`);
    return;
  }
  let records: unknown[];
  try {
    const parsed = JSON.parse(text.toString('utf8')) as unknown;
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
    if (!found) fail(`${file} is named in ${BUNDLE_FILES.media} but missing`);
    else if (sha256 !== found.sha256 || bytes !== found.bytes) fail(`${file}: its size or SHA-256 does not match ${BUNDLE_FILES.media}`);
  }
  for (const path of inMediaFolder) if (!named.has(path)) fail(`${path} is not named in ${BUNDLE_FILES.media}`);
}
