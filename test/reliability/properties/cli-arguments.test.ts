/**
 * The `gleaner` argument parser, in process, over arbitrary command lines: every run ends
 * with an exit status of the contract (0, 1, 2 or 3), a failure is exactly one error line
 * (`error CODE: sentence`, or one JSON object with --json), and nothing throws, hangs or ends
 * as an unexpected INTERNAL error. The argument helpers are checked on their own as well.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseNameValuePairs, parsePort, parsePositiveInteger } from '../../../src/main/hosts/cli/arguments';
import type { CliIo } from '../../../src/main/hosts/cli/io';
import { runCli } from '../../../src/main/hosts/cli/program';
import { GleanerError } from '../../../src/shared/errors';
import { SIZES, TEST_TIMEOUT_MS } from '../sizes';

const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-cli-props-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = new PassThrough();
  stdin.end('');
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin,
    // A token from the environment keeps the OS keychain out of reach of random commands.
    env: { GLEANER_TOKEN: 'cli-property-token-0000', GLEANER_DATA_DIR: dataDir },
    waitForShutdown: () => Promise.resolve(),
  };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gleaner ${JSON.stringify(argv)} did not finish within 30 s`)), 30_000);
  });
  try {
    const code = await Promise.race([runCli(argv, io, join(__dirname, 'no-renderer')), hang]);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    clearTimeout(timer);
  }
}

// `token set/clear` would touch the keychain and `config set plan` would slow the queue: they
// are left out of the generated words, and covered by their own tests.
const commandWords = fc.constantFrom(
  'call',
  'import',
  'search',
  'items',
  'show',
  'collections',
  'list',
  'create',
  'rename',
  'delete',
  'add',
  'remove',
  'queue',
  'status',
  'pause',
  'resume',
  'cancel',
  'retry',
  'config',
  'get',
  'unset',
  'export',
  'demo-service',
  'serve',
  'help',
  'token',
);
const optionWords = fc.constantFrom(
  '--json',
  '--pages',
  '--max-items',
  '--collection',
  '--limit',
  '--platform',
  '--kind',
  '--tag',
  '--port',
  '--seed',
  '--all',
  '--dry-run',
  '--refresh',
  '--transcripts',
  '--format',
  '--out',
  '--query',
  '--help',
  '-h',
  '--',
  '-',
  '--data-dir=',
  '--unknown',
  '-x',
);
const valueWords = fc.oneof(
  fc.constantFrom(
    'videosite',
    'search',
    'trending',
    'query=flood',
    'url=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    '=x',
    'a=b=c',
    '__proto__=1',
    'constructor=x',
    '0',
    '-1',
    '1e3',
    '99999999999',
    'NaN',
    '1.5',
    '/dev/null',
    '/nonexistent/file',
    'story',
    'climate',
    '',
  ),
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 10, unit: 'binary' }),
);
const argvArb = fc
  .tuple(
    commandWords,
    fc.array(
      fc.oneof({ weight: 1, arbitrary: commandWords }, { weight: 2, arbitrary: optionWords }, { weight: 3, arbitrary: valueWords }),
      { maxLength: 7 },
    ),
  )
  .map(([first, rest]) => {
    const argv = [first, ...rest];
    // The browser must never be opened by a test.
    if (argv.includes('serve')) argv.push('--no-open');
    // Never let generated words spell `token set`/`token clear`, or change the plan or limits.
    return argv.map((word) => (['set', 'clear', 'plan'].includes(word) || word.startsWith('limits.') ? 'status' : word));
  });

describe('the gleaner command line under arbitrary arguments', () => {
  it(
    'ends with a contract exit status and at most one error line, never a throw, INTERNAL or a hang',
    async () => {
      await fc.assert(
        fc.asyncProperty(argvArb, async (argv) => {
          const { code, out, err } = await run(argv);
          expect([0, 1, 2, 3]).toContain(code);
          const json = argv.includes('--json');
          if (code === 0) return;
          const lines = err.split('\n').filter(Boolean);
          expect(lines, err).toHaveLength(1);
          const info = json
            ? (JSON.parse(lines[0]!) as { error: { code: string; message: string } }).error
            : /^error ([A-Z_]+): (.+)$/.exec(lines[0]!) && { code: /^error ([A-Z_]+): /.exec(lines[0]!)![1]!, message: lines[0]! };
          expect(info, err).toBeTruthy();
          expect(info!.code, err).not.toBe('INTERNAL');
          expect(err).not.toMatch(/\n\s+at /);
          if (info!.code === 'INVALID_INPUT') expect(code).toBe(2);
          void out;
        }),
        { numRuns: SIZES.propertyRuns * 2, seed: 2_2026 },
      );
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the argument helpers', () => {
  const expectInvalid = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(GleanerError);
      expect((error as GleanerError).code).toBe('INVALID_INPUT');
      return false;
    }
    return true;
  };

  it('parsePort accepts exactly the whole numbers 0..65535', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -10, max: 70_000 }).map(String)), (text) => {
        const accepted = expectInvalid(() => parsePort(text));
        expect(accepted).toBe(/^\d+$/.test(text) && Number(text) <= 65_535);
        if (accepted) expect(parsePort(text)).toBe(Number(text));
      }),
      { numRuns: SIZES.propertyRuns * 5 },
    );
  });

  it('parsePositiveInteger accepts exactly 1..max', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 2_000 }).map(String)),
        fc.integer({ min: 1, max: 1_000 }),
        (text, max) => {
          const accepted = expectInvalid(() => parsePositiveInteger(text, '--limit', max));
          expect(accepted).toBe(/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= max);
        },
      ),
      { numRuns: SIZES.propertyRuns * 5 },
    );
  });

  it('parseNameValuePairs reads back every name=value list it is given, and refuses the rest with a reason', () => {
    const name = fc.stringMatching(/^[^=]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(name, fc.string({ maxLength: 20 })), { selector: ([n]) => n, maxLength: 6 }), (pairs) => {
        const parsed = parseNameValuePairs(pairs.map(([n, v]) => `${n}=${v}`));
        expect({ ...parsed }).toEqual(Object.fromEntries(pairs));
        expect(Object.getPrototypeOf(parsed)).toBeNull();
      }),
      { numRuns: SIZES.propertyRuns * 5 },
    );
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }), (words) => {
        expectInvalid(() => parseNameValuePairs(words));
      }),
      { numRuns: SIZES.propertyRuns * 5 },
    );
  });
});
