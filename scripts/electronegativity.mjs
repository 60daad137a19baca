#!/usr/bin/env node
/**
 * Runs Electronegativity (Doyensec's Electron security scanner) on the built app in out/ and
 * fails on any finding that docs/electronegativity-allowlist.json does not explain.
 *
 *   npx electron-vite build && node scripts/electronegativity.mjs [--input out] [--report file.csv]
 *
 * The scanner runs through its programmatic API: its own command line breaks on the newer
 * commander this project installs. The check that downloads Electron's release list is left
 * out, and its HTTP client is stubbed, so the scan never touches the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const input = resolve(root, option('--input', 'out'));
const report = option('--report', null);
const allowListPath = join(root, 'docs', 'electronegativity-allowlist.json');
const say = (text) => process.stdout.write(`${text}\n`);
const complain = (text) => process.stderr.write(`${text}\n`);

if (!existsSync(join(input, 'main'))) {
  complain(`electronegativity: ${input} has no built app; run "npx electron-vite build" first.`);
  process.exit(2);
}

const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
// The scanner also fetches translations from GitHub on every run; it gets an offline stub
// for its HTTP client instead (it falls back to its bundled English), so nothing leaves the machine.
const scannerRequire = createRequire(require.resolve('@doyensec/electronegativity'));
const gotPath = scannerRequire.resolve('got');
const offline = () => Promise.reject(new Error('electronegativity.mjs: network access is disabled'));
offline.head = offline;
offline.get = offline;
scannerRequire.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: Object.assign(offline, { default: offline }) };
const run = require('@doyensec/electronegativity');
// The scanner prints progress bars and notices; keep stdout for the verdict.
/* eslint-disable no-console -- silencing the scanner's own console output */
const log = console.log;
console.log = () => undefined;
let result;
try {
  result = await run({
    input,
    output: report ?? undefined,
    isSarif: false,
    isRelative: true,
    customScan: [],
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    electronVersionOverride: electronVersion,
    severitySet: 'informational',
    confidenceSet: 'tentative',
  });
} finally {
  console.log = log;
}
/* eslint-enable no-console */

const allowList = JSON.parse(readFileSync(allowListPath, 'utf8'));
for (const entry of allowList.allowed) {
  if (!entry.id || !entry.reason || entry.reason.trim().length < 20) {
    complain(`electronegativity: every allow-list entry needs an id and a reason of a sentence (${JSON.stringify(entry)}).`);
    process.exit(2);
  }
}
const explained = (issue) =>
  allowList.allowed.find(
    (entry) =>
      entry.id === issue.id &&
      (entry.file === undefined || entry.file === issue.file) &&
      (entry.sample === undefined || (issue.sample ?? '').includes(entry.sample)),
  );

const findings = result.issues.map((issue) => ({
  id: issue.id,
  file: issue.file,
  line: issue.location?.line,
  sample: issue.sample ?? '',
  severity: issue.severity?.name,
  entry: explained(issue),
}));
const unexplained = findings.filter((f) => !f.entry);
const used = new Set(findings.filter((f) => f.entry).map((f) => f.entry));
const stale = allowList.allowed.filter((entry) => !used.has(entry));

say(
  `Electronegativity ${require('@doyensec/electronegativity/package.json').version} on ${input} (Electron ${electronVersion}): ${result.globalChecks + result.atomicChecks} checks, ${findings.length} finding(s), ${unexplained.length} unexplained.`,
);
for (const f of findings) {
  say(`  ${f.entry ? 'allowed ' : 'FINDING '} ${f.id} ${f.file}:${f.line} [${f.severity}] ${f.sample.slice(0, 120)}`);
  if (f.entry) say(`           because: ${f.entry.reason}`);
}
for (const entry of stale)
  say(`  note: allow-list entry ${entry.id}${entry.file ? ` (${entry.file})` : ''} matched nothing; remove it if the code changed.`);
if (result.errors.length > 0) {
  complain(`electronegativity: ${result.errors.length} file(s) could not be parsed: ${result.errors.map((e) => e.file).join(', ')}`);
  process.exit(1);
}
if (unexplained.length > 0) {
  complain('electronegativity: fix these findings or explain each in docs/electronegativity-allowlist.json.');
  process.exit(1);
}
