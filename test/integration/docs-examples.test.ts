/**
 * The docs' examples, run as a reader runs them: every shell line in README.md, the user guide and
 * the CLI reference, in the order the page gives them, on the demo service. A line that names no
 * real value (`gleaner search QUERY [--platform P]`) is a synopsis: its command must exist. A line
 * this test cannot run says why below, and the list must stay exact, so a new example is either
 * run or explained.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot, runGleaner, startDemoProcess, type RunningDemo } from '../helpers/cli';

const DOCUMENTS = ['README.md', 'docs/user-guide.md', 'docs/cli.md'] as const;

/** Lines not run here, each with the reason (the text is the line without its comment). */
const NOT_RUN: ReadonlyMap<string, string> = new Map([
  ['npm ci && npm start', 'the set-up itself: CI runs it on a clean clone'],
  ['npm test', 'the suite this test belongs to'],
  [
    `gleaner team connect 'postgres://gleaner_desk@db.example/gleaner_team?sslmode=verify-full' --member "Ana" < hub-password.txt`,
    'names a hub at db.example, and tests send nothing off this machine; the team tests connect to a hub of their own',
  ],
  [
    `printf 'Authorization: Bearer %s\\n' "$KEY" | curl -s -X POST -H @- -H 'Content-Type: application/json' -d '{}' http://127.0.0.1:40123/rpc/app.info`,
    "needs a running serve's port and key; the browser host's tests send this request",
  ],
  [
    `printf 'Authorization: Bearer %s\\n' "$KEY" | curl -s -X POST -H @- http://127.0.0.1:40123/browser-link`,
    "needs a running serve's port and key; the browser host's tests send this request",
  ],
]);

/** The values a reader puts in for the docs' placeholders. */
const PLACEHOLDERS = ["https://<the service's base URL>", "https://<the service's new address>"] as const;

/** The links a reader's links.txt holds: the tour's video and two more. */
const LINKS = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtu.be/jNQXAC9IVRw',
  'https://www.youtube.com/watch?v=9bZkp7q19f0',
];

interface Example {
  document: string;
  /** 1-based line in the document. */
  line: number;
  /** The fenced block it is in, counted from 1 within the document. */
  block: number;
  text: string;
}

/** Every line of every ```sh block, with a line ending in `|` or `\` joined to the next. */
export function shellExamples(document: string, markdown: string): Example[] {
  const examples: Example[] = [];
  let inBlock = false;
  let block = 0;
  let pending: Example | null = null;
  markdown.split('\n').forEach((raw, index) => {
    if (/^```/.test(raw)) {
      inBlock = !inBlock && raw.trim() === '```sh';
      if (inBlock) block += 1;
      return;
    }
    if (!inBlock || raw.trim() === '') return;
    const text = pending ? `${pending.text} ${raw.trim()}` : raw.trim();
    const example = pending ? { ...pending, text } : { document, line: index + 1, block, text };
    pending = /(?:\||\\)$/.test(text) ? { ...example, text: text.replace(/\\$/, '').trim() } : null;
    if (!pending) examples.push(example);
  });
  return examples;
}

/** The line without a trailing `# comment` (a `#` inside quotes stays). */
export function withoutComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return text.slice(0, i).trimEnd();
  }
  return text.trimEnd();
}

/** Words outside quotes. */
const unquoted = (text: string): string => text.replace(/'[^']*'|"[^"]*"/g, '""');

/**
 * A synopsis names the shape of a command, not a run of it: options in brackets, a choice between
 * forms (`ID | --all`, `pause 3 | resume 3`), or a placeholder in capitals (`KEY`, `FILE|-`).
 */
export function isSynopsis(text: string): boolean {
  const bare = unquoted(text);
  if (bare.includes('[')) return true;
  if (/(?:^|\s)[A-Z][A-Z_]+(?:\.\.\.|\|-)?(?=\s|$)/.test(bare)) return true;
  return bare.split('|').some((part, i) => i > 0 && !/^\s*(?:npx\s+)?(?:gleaner|curl|head|jq)\b/.test(part));
}

/** The command words of a synopsis: `gleaner queue cancel ID | --all` → ['queue', 'cancel']. */
export function commandWords(text: string): string[] {
  const words = unquoted(text).split(/\s+/);
  const start = words.indexOf('gleaner');
  const out: string[] = [];
  for (const word of words.slice(start + 1)) {
    if (!/^[a-z][a-z-]*$/.test(word)) break;
    out.push(word);
  }
  return out;
}

/** Blocks about the service a reader connects run in a library of their own, against a demo process. */
const connectsTheService = (block: readonly Example[]): boolean => block.some((e) => /gleaner (?:config set base-url|token )/.test(e.text));

const byDocument = DOCUMENTS.map((document) => ({
  document,
  examples: shellExamples(document, readFileSync(join(repoRoot, document), 'utf8')),
}));

// Each document runs dozens of `gleaner` processes in a row; on a busy machine one can take seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 });

let demo: RunningDemo;
let scratch: string;
let shims: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'gleaner-docs-'));
  shims = join(scratch, 'bin');
  mkdirSync(shims);
  const bin = join(repoRoot, 'bin', 'gleaner.js');
  // `gleaner` and `npx gleaner` as the docs use them; any other npx is not in an example.
  writeFileSync(join(shims, 'gleaner'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  writeFileSync(
    join(shims, 'npx'),
    `#!/bin/sh\n[ "$1" = gleaner ] || { echo "npx $1 is not in the docs' examples" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${bin}" "$@"\n`,
  );
  chmodSync(join(shims, 'gleaner'), 0o755);
  chmodSync(join(shims, 'npx'), 0o755);
  demo = await startDemoProcess(['--seed', 'docs-examples']);
});

afterAll(async () => {
  await demo?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

interface Shell {
  code: number;
  stdout: string;
  stderr: string;
}

function runLine(line: string, cwd: string, dataDir: string): Promise<Shell> {
  const pro = demo.teams.find((t) => t.plan === 'pro')!;
  let filled = line;
  for (const placeholder of PLACEHOLDERS) {
    const value = placeholder.includes('new address') ? demo.url.replace('127.0.0.1', 'localhost') : demo.url;
    filled = filled.split(placeholder).join(value);
  }
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', filled], {
      cwd,
      env: {
        PATH: `${shims}:${process.env.PATH ?? ''}`,
        HOME: process.env.HOME ?? '/tmp',
        DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '',
        GLEANER_DATA_DIR: dataDir,
        YOUR_TOKEN: pro.token,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** What a line promises beyond exiting 0: a search finds something, an export writes its file. */
function checkOutcome(line: string, cwd: string, run: Shell): void {
  const bare = unquoted(line);
  if (/gleaner search\b/.test(bare)) {
    if (/--json/.test(bare)) expect((JSON.parse(run.stdout) as { hits: unknown[] }).hits.length, line).toBeGreaterThan(0);
    else expect(run.stdout, line).not.toMatch(/No items match/);
  }
  const out = /--out\s+(\S+)/.exec(line)?.[1];
  if (out) {
    const path = join(cwd, out);
    expect(existsSync(path), `${line} wrote ${out}`).toBe(true);
    if (!out.endsWith('/')) expect(statSync(path).size, `${line} wrote ${out}`).toBeGreaterThan(0);
  }
}

describe('the docs examples', () => {
  it('reads the examples: each is run, a synopsis, or said here why not', () => {
    const all = byDocument.flatMap((d) => d.examples);
    expect(all.length).toBeGreaterThan(50);
    const unused = [...NOT_RUN.keys()].filter((key) => !all.some((e) => withoutComment(e.text).replace(/^npx /, '') === key));
    expect(unused, 'lines listed as not run that no document has').toEqual([]);
    const placeholders = all.flatMap((e) => e.text.match(/\S*<[^>]+>\S*/g) ?? []);
    for (const found of placeholders)
      expect(
        PLACEHOLDERS.some((p) => found.startsWith(p)),
        found,
      ).toBe(true);
  });

  it.each(byDocument.map((d) => [d.document, d] as const))(
    '%s: every example works on the demo service as written',
    async (_, { document, examples }) => {
      const home = join(scratch, document.replace(/\W/g, '-'));
      const work = join(home, 'work');
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'links.txt'), `${LINKS.join('\n')}\n`);
      const library = join(home, 'library');
      const connection = join(home, 'connection');
      const blocks = new Map<number, Example[]>();
      for (const e of examples) blocks.set(e.block, [...(blocks.get(e.block) ?? []), e]);
      let ran = 0;
      for (const block of blocks.values()) {
        const dataDir = connectsTheService(block) ? connection : library;
        for (const example of block) {
          const line = withoutComment(example.text);
          const where = `${document}:${example.line}: ${line}`;
          if (NOT_RUN.has(line.replace(/^npx /, ''))) continue;
          if (isSynopsis(line)) {
            const words = commandWords(line);
            if (words.length === 0) continue;
            const help = await runGleaner([...words, '--help']);
            expect(help.code, `${where}\n${help.stderr}`).toBe(0);
            continue;
          }
          const run = await runLine(line, work, dataDir);
          expect(run.code, `${where}\n${run.stderr}`).toBe(0);
          checkOutcome(line, work, run);
          ran += 1;
        }
      }
      expect(ran).toBeGreaterThan(0);
    },
  );
});

describe('reading the examples', () => {
  it('joins continued lines, drops comments outside quotes and tells a synopsis from a run', () => {
    const md = ['```sh', 'printf x |', '  gleaner token set  # stdin', '```', '```json', '{}', '```'].join('\n');
    expect(shellExamples('x.md', md)).toEqual([{ document: 'x.md', line: 2, block: 1, text: 'printf x | gleaner token set  # stdin' }]);
    expect(withoutComment(`gleaner search 'a # b' # why`)).toBe(`gleaner search 'a # b'`);
    expect(isSynopsis('gleaner queue cancel ID | --all')).toBe(true);
    expect(isSynopsis('gleaner watch pause 3 | resume 3 | remove 3')).toBe(true);
    expect(isSynopsis('gleaner config set KEY VALUE')).toBe(true);
    expect(isSynopsis(`printf '%s' "$YOUR_TOKEN" | gleaner token set`)).toBe(false);
    expect(isSynopsis('gleaner search "NOT THIS" --platform youtube')).toBe(false);
    expect(commandWords('gleaner watch pause 3 | resume 3')).toEqual(['watch', 'pause']);
  });
});
