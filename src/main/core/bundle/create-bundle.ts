/**
 * Writes a case bundle: one zip holding the answers as received (named by their SHA-256), the
 * items read from them, transcripts, notes, tags, collection membership, the custody entries
 * that concern them, a Frictionless descriptor, a manifest, its Ed25519 signature and public
 * key, optionally an RFC 3161 timestamp and the media, and a README. Read from one snapshot
 * of the library on a connection of its own; written as it is read (memory stays flat).
 */
import type { Database } from 'better-sqlite3';
import type { ExportScope } from '../../../shared/export';
import type { SigningKey } from '../secrets/signing-key';
import { bundleMediaAddresses } from '../store/bundle-media-repository';
import { createBundleReader } from '../store/bundle-repository';
import { createScopeTable, openExportReader } from '../store/export-scope';
import type { CustodyReader } from './custody-part';
import { answerPath, BUNDLE_FILES, dataPackage, manifestText, readmeText } from './layout';
import type { MediaCapture, MediaSummary } from './media';
import {
  answerRecord,
  ITEM_CSV_COLUMNS,
  itemCsv,
  itemLine,
  type ItemLine,
  membershipRecord,
  noteRecord,
  tagRecord,
  transcriptRecord,
  type TranscriptRecord,
} from './records';
import { writeTable } from './tables';
import { createBundleZipWriter, type WrittenFile } from './zip-writer';
import { bundleFileRules } from './destination';
import { writeError } from '../files/write-errors';

export interface CreateBundleInput {
  library: Database;
  nativeBinding?: string;
  scope: ExportScope;
  outPath: string;
  key: SigningKey;
  createdAt: string;
  custody: CustodyReader;
  /** Asks a timestamp authority for an RFC 3161 response over the manifest's bytes. */
  timestamp?: (manifest: Buffer) => Promise<Buffer>;
  media?: MediaCapture;
  checkCancelled?: () => void;
  /** The place is browser mode's staging folder (in the data folder on purpose), not one a person chose. */
  staged?: boolean;
}

export interface BundleSummary {
  path: string;
  scope: string;
  items: number;
  answers: number;
  files: number;
  fingerprint: string;
  /** Signed with a key made for this bundle alone (no keychain for the library's own). */
  oneTimeKey: boolean;
  manifestSha256: string;
  timestamped: boolean;
  custodyEntries: number;
  media: MediaSummary | null;
  /** How many of its items and answers are demo data (layout.ts says so in README.txt and datapackage.json). */
  demo: { items: number; answers: number };
}

/** Answers read ahead of the one being written (each at most a few hundred KiB, usually). */
const ANSWERS_AHEAD = 8;

export async function createBundle(input: CreateBundleInput): Promise<BundleSummary> {
  const checkCancelled = input.checkCancelled ?? (() => undefined);
  const reader = openExportReader(input.library, input.nativeBinding);
  reader.beginSnapshot();
  const scope = createScopeTable(reader.db, input.scope);
  const zip = await createBundleZipWriter(input.outPath, undefined, bundleFileRules(input.library, input.staged)).catch(
    (error: unknown) => {
      scope.drop();
      reader.close();
      throw error;
    },
  );
  let rowsReader: ReturnType<typeof createBundleReader> | undefined;
  try {
    const rows = createBundleReader(reader.db, scope.name);
    rowsReader = rows;
    const files: WrittenFile[] = [];
    const sha256s = new Set<string>();
    let answerCount = 0;
    const demo = { items: 0, answers: 0 };

    // The index first, so a reader going through the zip in order knows each answer as it comes.
    files.push(
      ...(await writeTable(
        zip,
        {
          json: BUNDLE_FILES.answersIndex,
          csv: 'answers.csv',
          columns: ['sha256', 'request_id', 'operation', 'params', 'request_url', 'status', 'fetched_at', 'duration_ms', 'file', 'demo'],
          toCsv: (answer) => [
            [
              answer.sha256,
              answer.request_id,
              answer.operation,
              JSON.stringify(answer.params),
              answer.request_url,
              answer.status,
              answer.fetched_at,
              answer.duration_ms,
              answer.file,
              answer.demo === true,
            ],
          ],
        },
        () => mapRows(rows.answers(), answerRecord),
        checkCancelled,
      )),
    );
    // A few answers are compressed on libuv's threads while the next are read.
    const answerFiles: Promise<WrittenFile>[] = [];
    for (const answer of rows.answers()) {
      checkCancelled();
      answerCount += 1;
      if (answer.demo === 1) demo.answers += 1;
      // Two request ids may carry the same body: one file, listed once.
      if (sha256s.has(answer.sha256)) continue;
      sha256s.add(answer.sha256);
      answerFiles.push(zip.add(answerPath(answer.sha256), rows.body(answer.id)));
      if (answerFiles.length >= ANSWERS_AHEAD) files.push(await answerFiles.shift()!);
    }
    files.push(...(await Promise.all(answerFiles)));

    const itemIds: number[] = [];
    files.push(
      ...(await writeTable<ItemLine>(
        zip,
        {
          json: BUNDLE_FILES.items,
          csv: BUNDLE_FILES.itemsCsv,
          columns: ITEM_CSV_COLUMNS,
          toJson: (item) => item.json,
          toCsv: (item) => itemCsv(item.record),
        },
        () => mapRows(rows.itemsJson(), itemLine),
        checkCancelled,
        (item) => {
          itemIds.push(item.record.id);
          if (item.record.demo === true) demo.items += 1;
        },
      )),
    );
    files.push(
      ...(await writeTable<TranscriptRecord>(
        zip,
        {
          json: BUNDLE_FILES.transcripts,
          csv: BUNDLE_FILES.transcriptsCsv,
          columns: ['item_id', 'language', 'start_ms', 'end_ms', 'text', 'answer'],
          toCsv: (t) => t.segments.map((s) => [t.item_id, t.language, s.start_ms, s.end_ms, s.text, t.answer]),
        },
        () => mapRows(rows.transcripts(), transcriptRecord),
        checkCancelled,
      )),
    );
    files.push(
      ...(await writeTable(
        zip,
        {
          json: BUNDLE_FILES.notes,
          csv: BUNDLE_FILES.notesCsv,
          columns: ['item_id', 'collection', 'body', 'updated_at'],
          toCsv: (n) => [[n.item_id, n.collection, n.body, n.updated_at]],
        },
        () => mapRows(rows.notes(), noteRecord),
        checkCancelled,
      )),
    );
    files.push(
      ...(await writeTable(
        zip,
        {
          json: BUNDLE_FILES.tags,
          csv: BUNDLE_FILES.tagsCsv,
          columns: ['item_id', 'collection', 'tag'],
          toCsv: (t) => [[t.item_id, t.collection, t.tag]],
        },
        () => mapRows(rows.tags(), tagRecord),
        checkCancelled,
      )),
    );
    files.push(
      ...(await writeTable(
        zip,
        {
          json: BUNDLE_FILES.collections,
          csv: BUNDLE_FILES.collectionsCsv,
          columns: ['collection', 'item_id', 'added_at'],
          toCsv: (m) => [[m.collection, m.item_id, m.added_at]],
        },
        () => mapRows(rows.memberships(), membershipRecord),
        checkCancelled,
      )),
    );

    // The library's own connection: the log is append-only, so entries up to its head then are the same in any snapshot.
    const custody = input.custody(input.library, { itemIds, sha256s: [...sha256s] });
    files.push(await zip.add(BUNDLE_FILES.custody, `${JSON.stringify(custody, null, 1)}\n`));

    let media: MediaSummary | null = null;
    if (input.media) {
      const captured = await input.media.capture(zip, bundleMediaAddresses(reader.db, scope.name), checkCancelled);
      media = captured.summary;
      files.push(...captured.files);
    }
    reader.endSnapshot();

    files.push(
      await zip.add(
        BUNDLE_FILES.dataPackage,
        dataPackage(files, `Case bundle of the ${scope.label}`, input.createdAt, {
          signingKey: input.key.oneTime ? 'one-time' : 'library',
          demo: demo.items > 0 || demo.answers > 0,
        }),
      ),
    );
    files.push(
      await zip.add(
        BUNDLE_FILES.readme,
        readmeText({
          title: scope.label,
          created: input.createdAt,
          fingerprint: input.key.fingerprint,
          oneTimeKey: input.key.oneTime,
          timestamped: input.timestamp !== undefined,
          demo,
        }),
      ),
    );
    files.push(await zip.add(BUNDLE_FILES.publicKey, input.key.publicKeyPem));
    const manifest = Buffer.from(manifestText(files), 'utf8');
    const manifestFile = await zip.add(BUNDLE_FILES.manifest, manifest);
    await zip.add(BUNDLE_FILES.signature, input.key.sign(manifest));
    if (input.timestamp) await zip.add(BUNDLE_FILES.timestamp, await input.timestamp(manifest));
    await zip.finish();
    return {
      path: input.outPath,
      scope: scope.label,
      items: itemIds.length,
      answers: answerCount,
      files: files.length + (input.timestamp ? 3 : 2),
      fingerprint: input.key.fingerprint,
      oneTimeKey: input.key.oneTime,
      manifestSha256: manifestFile.sha256,
      timestamped: input.timestamp !== undefined,
      custodyEntries: custody.entries.length,
      media,
      demo,
    };
  } catch (error) {
    await zip.abort();
    throw writeError(error, input.outPath, 'bundle');
  } finally {
    rowsReader?.close();
    scope.drop();
    reader.close();
  }
}

function* mapRows<Row, Out>(rows: Iterable<Row>, map: (row: Row) => Out): Iterable<Out> {
  for (const row of rows) yield map(row);
}
