/**
 * Where the custody log (src/main/core/store/custody) meets bundles: the entries that concern a
 * bundle's items and answers with the chain's skeleton up to the last of them (and what this
 * library brought in before, under its origin); the entry a made bundle leaves; and, on
 * import, the bundle's entries kept under their origin with one `bundle-import` entry here.
 */
import { basename } from 'node:path';
import type { CustodyEntry } from '../../../shared/custody';
import type { ExportScope } from '../../../shared/export';
import type { Clock } from '../clock';
import { custodyRepository } from '../store/custody/custody-repository';
import type { ReadableDB } from '../store/database';
import { writeTransaction } from '../store/write-transaction';
import type { BundleCustodyEntry, CustodyReader } from './custody-part';
import type { BundleSummary } from './create-bundle';
import type { BundleImportHooks } from './import-bundle';

const plain = (entry: CustodyEntry): BundleCustodyEntry => ({
  seq: entry.seq,
  at: entry.at,
  actor: entry.actor,
  kind: entry.kind,
  action: entry.action,
  subject: entry.subject,
  prevHash: entry.prevHash,
  hash: entry.hash,
});

export const bundleCustodyReader: CustodyReader = (db, concerning) => {
  const readable = db as unknown as ReadableDB;
  const entries = custodyRepository.entriesConcerning(readable, concerning).map(plain);
  const last = entries[entries.length - 1];
  const skeleton = last ? custodyRepository.linksUpTo(readable, last.seq) : [];
  const byOrigin = new Map<string, BundleCustodyEntry[]>();
  for (const entry of custodyRepository.importedConcerning(readable, concerning)) {
    const list = byOrigin.get(entry.origin);
    if (list) list.push(plain(entry));
    else byOrigin.set(entry.origin, [plain(entry)]);
  }
  const imported = [...byOrigin].map(([origin, list]) => ({ origin, entries: list.sort((a, b) => a.seq - b.seq) }));
  return { entries, skeleton, imported };
};

/** A made bundle is an export: its scope, counts, file name and manifest hash go into the log. */
export function recordBundleMade(db: ReadableDB, scope: ExportScope, outPath: string, summary: BundleSummary, at: string): void {
  writeTransaction(db, (tx) =>
    custodyRepository.append(tx, {
      at,
      kind: 'export',
      action: 'bundled',
      subject: {
        format: 'case-bundle',
        scope: scope.kind,
        ...(scope.kind === 'collection' ? { collectionName: scope.name } : {}),
        items: summary.items,
        answers: summary.answers,
        fileName: basename(outPath),
        manifestSha256: summary.manifestSha256,
        fingerprint: summary.fingerprint,
      },
    }),
  );
}

export function bundleImportHooks(db: ReadableDB, clock: Clock): BundleImportHooks {
  return {
    custody({ origin, manifestSha256, custody, itemIds }) {
      const now = new Date(clock.now()).toISOString();
      return writeTransaction(db, (tx) => {
        let kept = custodyRepository.importEntries(tx, `bundle:${origin}`, custody.entries as CustodyEntry[], now);
        // Entries the bundle's maker had brought in themselves keep their first origin.
        for (const group of custody.imported)
          kept += custodyRepository.importEntries(tx, group.origin, group.entries as CustodyEntry[], now);
        custodyRepository.append(tx, {
          at: now,
          kind: 'bundle-import',
          action: 'imported',
          subject: { manifestSha256, fingerprint: origin, entries: custody.entries.length, itemIds },
        });
        return kept;
      });
    },
  };
}
