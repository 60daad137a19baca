/**
 * A case bundle's files: their names, the manifest (`sha256sum` format), the Frictionless Data
 * Package descriptor, and the README that says how to check it all without Gleaner.
 */
import type { WrittenFile } from './zip-writer';

export const BUNDLE_FILES = {
  answersIndex: 'answers.json',
  answersFolder: 'answers/',
  items: 'items.json',
  itemsCsv: 'items.csv',
  transcripts: 'transcripts.json',
  transcriptsCsv: 'transcripts.csv',
  notes: 'notes.json',
  notesCsv: 'notes.csv',
  tags: 'tags.json',
  tagsCsv: 'tags.csv',
  collections: 'collections.json',
  collectionsCsv: 'collections.csv',
  custody: 'custody.json',
  media: 'media.json',
  mediaFolder: 'media/',
  dataPackage: 'datapackage.json',
  readme: 'README.txt',
  publicKey: 'public-key.pem',
  manifest: 'manifest.sha256',
  signature: 'manifest.sig',
  timestamp: 'manifest.tsr',
} as const;

/** The files the manifest does not list: itself and what is made from it. */
export const OUTSIDE_MANIFEST: ReadonlySet<string> = new Set([BUNDLE_FILES.manifest, BUNDLE_FILES.signature, BUNDLE_FILES.timestamp]);

export const answerPath = (sha256: string): string => `${BUNDLE_FILES.answersFolder}${sha256}.json`;

export function manifestText(files: readonly WrittenFile[]): string {
  return files.map((file) => `${file.sha256}  ${file.path}\n`).join('');
}

/** The manifest's entries by path, or the first line that is not one. */
export function parseManifest(text: string): { entries: Map<string, string>; problems: string[] } {
  const entries = new Map<string, string>();
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line === '') return;
    const entry = line.match(/^([0-9a-f]{64}) [ *](.+)$/);
    if (!entry) problems.push(`line ${index + 1} of ${BUNDLE_FILES.manifest} is not a "hash  path" line`);
    else if (entries.has(entry[2]!)) problems.push(`${entry[2]} is listed twice in ${BUNDLE_FILES.manifest}`);
    else entries.set(entry[2]!, entry[1]!);
  });
  return { entries, problems };
}

const MEDIA_TYPES: ReadonlyArray<[RegExp, string, string]> = [
  [/\.json$/, 'json', 'application/json'],
  [/\.csv$/, 'csv', 'text/csv'],
  [/\.txt$/, 'txt', 'text/plain'],
  [/\.pem$/, 'pem', 'application/x-pem-file'],
  [/\.(jpe?g)$/, 'jpg', 'image/jpeg'],
  [/\.png$/, 'png', 'image/png'],
  [/\.webp$/, 'webp', 'image/webp'],
  [/\.gif$/, 'gif', 'image/gif'],
  [/\.mp4$/, 'mp4', 'video/mp4'],
  [/\.webm$/, 'webm', 'video/webm'],
  [/\.mp3$/, 'mp3', 'audio/mpeg'],
];

function mediaTypeOf(path: string): { format: string; mediatype: string } {
  for (const [pattern, format, mediatype] of MEDIA_TYPES) if (pattern.test(path)) return { format, mediatype };
  return { format: 'bin', mediatype: 'application/octet-stream' };
}

/** A resource name Frictionless accepts: lower case, digits, '-', '_', '.'. */
const resourceName = (path: string): string => path.toLowerCase().replace(/[^a-z0-9._-]+/g, '-');

/** What a bundle says of itself beyond its files, under the signature: `gleaner` in datapackage.json. */
export interface BundleFacts {
  /** Signed with the library's own key, or with one made for this bundle alone and kept nowhere. */
  signingKey: 'library' | 'one-time';
}

/** Frictionless Data Package (v1 profile, v2 hash spelling): one resource per file. */
export function dataPackage(files: readonly WrittenFile[], title: string, created: string, facts: BundleFacts): string {
  return `${JSON.stringify(
    {
      profile: 'data-package',
      name: 'gleaner-case-bundle',
      title,
      created,
      gleaner: { signing_key: facts.signingKey },
      resources: files.map((file) => ({
        name: resourceName(file.path),
        path: file.path,
        ...mediaTypeOf(file.path),
        encoding: 'utf-8',
        bytes: file.bytes,
        hash: `sha256:${file.sha256}`,
      })),
    },
    null,
    2,
  )}\n`;
}

/** Said in README.txt (and so under the signature) when the key was made for this bundle alone. */
export const ONE_TIME_KEY_NOTE = `This bundle was signed with a one-time key, made for it alone and then discarded (the library's
own key could not be kept where Gleaner was running). The signature shows that nothing here changed
since it was signed; it cannot show which library made it, as no other bundle carries this key.
`;

export function readmeText(options: {
  title: string;
  created: string;
  fingerprint: string;
  oneTimeKey: boolean;
  timestamped: boolean;
}): string {
  return `Gleaner case bundle: ${options.title}
Made ${options.created}. Signing key fingerprint (SHA-256 of the raw Ed25519 public key):
  ${options.fingerprint}
${options.oneTimeKey ? ONE_TIME_KEY_NOTE : ''}
What is here
  answers/<sha256>.json  each answer of the retrieval service exactly as received, named by its SHA-256
  answers.json           for each answer: request id, operation, parameters, request URL, fetch time
  items.json, items.csv  the items read from the answers; "answers" lists the answers each came from
  transcripts.*, notes.*, tags.*, collections.*   transcripts, notes, tags and collection membership
  custody.json           the custody log entries that concern these items and answers, and the chain's
                         (seq, prevHash, hash) skeleton up to the last one, so a gap or reorder shows
  media.json, media/     (when present) thumbnails, media files and downloads fetched from the addresses the
                         service gave, each with its role, hash, fetch time and, after a redirect, where from
  datapackage.json       a Frictionless Data Package describing every file (bytes, sha256)
  manifest.sha256        the SHA-256 of every file except itself, manifest.sig and manifest.tsr
  manifest.sig           an Ed25519 signature of manifest.sha256 (64 raw bytes); public-key.pem is the key
  manifest.tsr           (when present) an RFC 3161 timestamp response over manifest.sha256

How to check it without Gleaner (in the unzipped folder)
  1. Every file is as listed:
       sha256sum -c manifest.sha256
  2. The signature (OpenSSL 3):
       openssl pkeyutl -verify -pubin -inkey public-key.pem -rawin -in manifest.sha256 -sigfile manifest.sig
     The key is the one you expect when this prints the fingerprint above:
       openssl pkey -pubin -in public-key.pem -outform DER | tail -c 32 | sha256sum
     Or in Python (package "cryptography"):
       from cryptography.hazmat.primitives.serialization import load_pem_public_key
       key = load_pem_public_key(open("public-key.pem", "rb").read())
       key.verify(open("manifest.sig", "rb").read(), open("manifest.sha256", "rb").read())  # raises if it fails
${
  options.timestamped
    ? `  3. The trusted time (with the timestamp authority's CA certificate, tsa-ca.pem, from the authority):
       openssl ts -reply -in manifest.tsr -text
       openssl ts -verify -in manifest.tsr -data manifest.sha256 -CAfile tsa-ca.pem
`
    : '  3. (No timestamp: this bundle was made without a timestamp authority.)\n'
}  4. gleaner bundle verify <this zip> --fingerprint <the fingerprint you expect> checks all of the above,
     the custody chain, and that every item can be read again from its answers (add --tsa-ca tsa-ca.pem
     to check the timestamp's authority too).

What it proves and what it does not: see docs/evidence.md in Gleaner. In short, the bundle shows
what the service answered, when, to whom, and that nothing changed since it was signed; it does
not show what the platform's own page displayed.
`;
}
