import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { exportRequestSchema } from '../../../../shared/contract';
import { GleanerError } from '../../../../shared/errors';
import { EXPORT_FLAVOURS, EXPORT_FORMATS, exportsFolder } from '../../../../shared/export';
import { languageLabel } from '../../../../shared/language';
import { parseOrThrow } from '../../../../shared/validation';
import { checkOutName, MANIFEST_NAME } from '../../../core';
import { scopeFromFlags } from '../scope-flags';
import type { CliContext } from '../context';

interface ExportOptions {
  collection?: string;
  query?: string;
  all?: boolean;
  item?: string;
  format: string;
  transcripts?: boolean;
  manifest?: boolean;
  changeHistory?: boolean;
  language?: string;
  out: string;
}

/** Words laid into lines of at most `width` characters, each after `indent`. */
function wrap(text: string, indent: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, indent + line];
}

/** `--help`'s list of formats, from the table the export dialog shows, warnings included. */
function formatsHelp(): string {
  const width = Math.max(...EXPORT_FLAVOURS.map(({ format }) => format.length));
  const indent = ' '.repeat(width + 4);
  const lines = EXPORT_FLAVOURS.flatMap((flavour) => [
    `  ${flavour.format.padEnd(width)}  ${wrap(`${flavour.label} — ${flavour.hint}`, indent).join('\n').trimStart()}`,
    ...('warning' in flavour ? wrap(`Warning: ${flavour.warning}`, indent) : []),
  ]);
  return `\nFormats:\n${lines.join('\n')}\n`;
}

export function registerExport(program: Command, ctx: CliContext): void {
  program
    .command('export')
    .description(
      'export items or transcripts to CSV (for spreadsheets or for data tools), XLSX, Markdown, JSON, JSON Lines, SRT, WebVTT or plain text',
    )
    .option('--collection <name>', 'the items of this collection, in its order')
    .option('--query <q>', 'the items a library search finds, best first')
    .option('--all', 'every item in the library')
    .option('--item <id>', 'one item (srt, vtt and txt then write one file)')
    .addOption(new Option('--format <format>', 'output format (listed below)').choices(EXPORT_FORMATS).makeOptionMandatory())
    .option(
      '--transcripts',
      'export transcripts (one row per segment in CSV and XLSX; in Markdown, every item with its transcripts under it); implied by srt, vtt and txt',
    )
    .option('--manifest', `also write ${MANIFEST_NAME} (sha256sum format) beside the output`)
    .option(
      '--change-history',
      'also write what watches noticed on these items, one JSON line per change, as <name>.changes.jsonl beside it',
    )
    .option(
      '--language <language>',
      'only the transcripts in this language: a code such as en or its name (English); "" for those whose language is not stated',
    )
    .requiredOption('--out <path>', 'the file to write; a folder for srt, vtt and txt over several items')
    .addHelpText('after', formatsHelp)
    .action(async (options: ExportOptions, command: Command) => {
      const request = parseOrThrow(
        exportRequestSchema(),
        {
          scope: scopeFromFlags(options, {
            exactlyOne: 'Say what to export with exactly one of --collection NAME, --query Q, --all or --item ID.',
            emptyQuery: '--query needs words to search for; use --all to export everything.',
          }),
          format: options.format,
          transcripts: Boolean(options.transcripts),
          manifest: Boolean(options.manifest),
          ...(options.changeHistory ? { changeHistory: true } : {}),
          ...(options.language !== undefined ? { language: options.language } : {}),
        },
        'export',
      );
      if (options.out === '-') {
        throw new GleanerError(
          'INVALID_INPUT',
          'gleaner export writes files, not standard output: give --out a file name, such as --out export.csv.',
        );
      }
      // Checked as typed: resolving drops the trailing separator that says a folder was meant.
      checkOutName(options.out, request);
      const outPath = resolve(options.out);
      const controller = new AbortController();
      // Ctrl+C stops the export and removes what it had written.
      void ctx.io.waitForShutdown().then(() => controller.abort());
      await ctx.withCore(
        command,
        async (core) => {
          const result = await core.exportToFile(request, outPath, controller.signal);
          const { baseDir: _baseDir, ...summary } = result;
          void _baseDir;
          // A subtitle file of demo items is written under a name that says so (clip-demo.srt).
          const written = exportsFolder(request) ? outPath : resolve(result.baseDir, summary.files[0]?.path ?? outPath);
          if (ctx.json(command)) {
            ctx.io.stdout(
              `${JSON.stringify({ out: written, ...summary, ...(request.manifest ? { manifest: resolve(result.baseDir, MANIFEST_NAME) } : {}) })}\n`,
            );
            return;
          }
          const what =
            summary.transcripts > 0 || exportsFolder(request) || request.transcripts
              ? `${summary.transcripts} transcript${summary.transcripts === 1 ? '' : 's'} (${summary.segments} segments) of ${summary.items} item${summary.items === 1 ? '' : 's'}`
              : `${summary.items} item${summary.items === 1 ? '' : 's'}`;
          ctx.io.stdout(`Exported ${what} to ${written}${exportsFolder(request) ? ` (${summary.files.length} files)` : ''}.\n`);
          for (const skipped of summary.skipped) {
            ctx.io.stdout(
              `  skipped the ${skipped.language ? languageLabel(skipped.language) : 'default'} transcript of item ${skipped.itemId}: ${skipped.reason}\n`,
            );
          }
          if (request.manifest) ctx.io.stdout(`Manifest: ${resolve(result.baseDir, MANIFEST_NAME)}\n`);
          if (summary.custodyProblem) ctx.io.stderr(`warning: ${summary.custodyProblem}\n`);
        },
        { existing: true },
      );
    });
}
