import { resolve } from 'node:path';
import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import type { CliContext } from '../context';
import { scopeFromFlags } from '../scope-flags';

interface CreateOptions {
  collection?: string;
  query?: string;
  all?: boolean;
  out: string;
  media?: boolean;
  timestamp?: boolean;
  oneTimeKey?: boolean;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function registerBundle(program: Command, ctx: CliContext): void {
  const bundle = program
    .command('bundle')
    .description('case bundles: signed, hashed evidence of a collection that anyone can verify offline');

  bundle
    .command('key')
    .description('this library’s signing key: its fingerprint (to publish) and public key; made on first use, kept in the OS keychain')
    .option('--json', 'machine-readable output')
    .action(async (_options: unknown, command: Command) => {
      await ctx.withCore(command, async (core) => {
        const key = await core.client.call('bundle.key', {});
        if (ctx.json(command)) ctx.io.stdout(`${JSON.stringify({ fingerprint: key.fingerprint, public_key_pem: key.publicKeyPem })}\n`);
        else ctx.io.stdout(`Fingerprint (SHA-256 of the Ed25519 public key): ${key.fingerprint}\n${key.publicKeyPem}`);
      });
    });

  bundle
    .command('create')
    .description(
      'write one zip: the answers as received, items, transcripts, notes, tags, custody log, datapackage.json, manifest.sha256, signature',
    )
    .option('--collection <name>', 'the items of this collection')
    .option('--query <q>', 'the items a library search finds')
    .option('--all', 'every item in the library')
    .requiredOption('--out <file>', 'the zip to write')
    .option('--media', 'also fetch the items’ thumbnails and media (within bundle.media-cap-mb)')
    .option('--timestamp', 'ask the timestamp authority of bundle.tsa-url for an RFC 3161 timestamp of the manifest')
    .option(
      '--one-time-key',
      'sign with a key made for this bundle alone and kept nowhere (where no keychain keeps the library’s key): proves the bundle unchanged, not which library made it',
    )
    .option('--json', 'machine-readable output')
    .action(async (options: CreateOptions, command: Command) => {
      const scope = scopeFromFlags(options, {
        exactlyOne: 'Say what the bundle holds with exactly one of --collection NAME, --query Q or --all.',
        emptyQuery: '--query needs words to search for; use --all for the whole library.',
      });
      if (options.out === '-')
        throw new GleanerError('INVALID_INPUT', 'A bundle is a file: give --out a file name, such as --out case.zip.');
      const outPath = resolve(options.out);
      const controller = new AbortController();
      void ctx.io.waitForShutdown().then(() => controller.abort());
      await ctx.withCore(
        command,
        async (core) => {
          const summary = await core.bundles.create(
            {
              scope,
              ...(options.media ? { media: true } : {}),
              ...(options.timestamp ? { timestamp: true } : {}),
              ...(options.oneTimeKey ? { oneTimeKey: true } : {}),
            },
            outPath,
            controller.signal,
          );
          if (ctx.json(command)) {
            ctx.io.stdout(
              `${JSON.stringify({
                out: outPath,
                items: summary.items,
                answers: summary.answers,
                files: summary.files,
                fingerprint: summary.fingerprint,
                one_time_key: summary.oneTimeKey,
                manifest_sha256: summary.manifestSha256,
                timestamped: summary.timestamped,
                custody_entries: summary.custodyEntries,
                media: summary.media,
              })}\n`,
            );
            return;
          }
          ctx.io.stdout(
            `Wrote a case bundle of the ${summary.scope} to ${outPath}: ${plural(summary.items, 'item')}, ${plural(summary.answers, 'answer')}, ${plural(summary.custodyEntries, 'custody entry').replace('entrys', 'entries')}${summary.timestamped ? ', timestamped' : ''}.\n` +
              (summary.oneTimeKey
                ? `Signed by a one-time key, kept nowhere: ${summary.fingerprint} (it proves the bundle unchanged, not which library made it).\n`
                : `Signed by key ${summary.fingerprint}.\n`) +
              (summary.media
                ? `Media: ${summary.media.fetched} fetched, ${summary.media.failed} failed, ${summary.media.skipped} skipped (${summary.media.bytes} bytes).\n`
                : ''),
          );
        },
        { existing: true },
      );
    });

  bundle
    .command('verify <file>')
    .description('check a bundle offline: hashes, manifest, signature, timestamp, custody chain, items read again from their answers')
    .option('--fingerprint <fp>', 'the signing key’s fingerprint to expect (as `gleaner bundle key` prints it)')
    .option(
      '--tsa-ca <pem>',
      'a PEM file of the CA certificate(s) the timestamp authority must chain to (default: the bundle.tsa-ca setting)',
    )
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: { fingerprint?: string; tsaCa?: string }, command: Command) => {
      await ctx.withCore(
        command,
        async (core) => {
          const report = await core.bundles.verify(resolve(file), {
            ...(options.fingerprint !== undefined ? { fingerprint: options.fingerprint } : {}),
            ...(options.tsaCa !== undefined ? { tsaCa: resolve(options.tsaCa) } : {}),
          });
          if (ctx.json(command)) ctx.io.stdout(`${JSON.stringify(report)}\n`);
          else {
            for (const check of report.checks) {
              ctx.io.stdout(`${check.state === 'ok' ? 'ok     ' : check.state === 'skipped' ? 'skipped' : 'FAILED '} ${check.name}\n`);
              for (const problem of check.problems) ctx.io.stdout(`          ${problem}\n`);
            }
            ctx.io.stdout(
              `${plural(report.items, 'item')}, ${plural(report.answers, 'answer')}; signed by ${report.oneTimeKey ? 'a one-time key' : 'key'} ${report.fingerprint ?? '(none)'}` +
                `${report.timestamp ? `; timestamped ${report.timestamp.genTime} by ${report.timestamp.signer ?? 'an unknown signer'}` : ''}.\n`,
            );
            if (report.timestamp) ctx.io.stdout(`Timestamp authority: ${report.timestamp.authority.note}.\n`);
            if (report.oneTimeKey)
              ctx.io.stdout(
                'The key was made for this bundle alone and kept nowhere: the signature shows nothing changed since it was signed, not which library made it.\n',
              );
            if (report.root) ctx.io.stdout(`Read inside the folder ${report.root} (the bundle was zipped again as its folder).\n`);
          }
          if (!report.ok) {
            const failed = report.checks.filter((check) => check.state === 'failed');
            throw new GleanerError(
              'BUNDLE_INVALID',
              `The bundle does not verify: ${failed.map((check) => `${check.name} (${check.problems[0]})`).join('; ')}.`,
            );
          }
        },
        { existing: 'if-any' },
      );
    });

  bundle
    .command('import <file>')
    .description(
      'bring a verified bundle into this library: answers byte for byte with their request ids and fetch times, notes, tags, collections, custody entries',
    )
    .option('--json', 'machine-readable output')
    .action(async (file: string, _options: unknown, command: Command) => {
      await ctx.withCore(command, async (core) => {
        const { verification, imported } = await core.bundles.importBundle(resolve(file));
        if (!imported) {
          const failed = verification.checks.filter((check) => check.state === 'failed');
          if (ctx.json(command)) ctx.io.stdout(`${JSON.stringify({ verification })}\n`);
          throw new GleanerError(
            'BUNDLE_INVALID',
            `The bundle does not verify, so nothing was brought in: ${failed.map((check) => `${check.name} (${check.problems[0]})`).join('; ')}.`,
          );
        }
        if (ctx.json(command)) {
          ctx.io.stdout(`${JSON.stringify({ fingerprint: verification.fingerprint, ...imported })}\n`);
          return;
        }
        ctx.io.stdout(
          `Brought in a bundle signed by key ${verification.fingerprint}: ${plural(imported.answers.added, 'new answer')} (${imported.answers.alreadyHeld} already here), ` +
            `${plural(imported.items, 'item')}, ${plural(imported.notes.added, 'note')}${imported.notes.conflicts ? ` (${imported.notes.conflicts} kept as they were here: they differ)` : ''}, ` +
            `${plural(imported.tags, 'tag')}, ${plural(imported.collections.created, 'new collection')}, ${imported.custodyEntries} custody entries kept with their origin.\n`,
        );
      });
    });
}
