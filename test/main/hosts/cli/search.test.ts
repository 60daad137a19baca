import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { cliIn } from '../../../helpers/cli-run';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-search-'));
  const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
  createIngester(
    db,
    stubNormalise,
  )(
    fakeResponse('videosite/search', {
      items: [
        item({ nativeId: 'g1', title: 'Guía de campo' }),
        item({ nativeId: 'g2', title: 'Guía rápida' }),
        item({ nativeId: 'm1', title: 'Markup', text: 'a ****bold**** claim in C:\\temp\\*.txt, and \uE000fake\uE001 marks' }),
        item({ nativeId: 'm2', title: 'Long', text: `start ${'*'.repeat(150)} ${'\\'.repeat(150)} zebra ${'*'.repeat(150)} end` }),
      ],
    }),
  );
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gleaner = cliIn(() => dir);

/** Every `\` and `*` of a snippet is an escape or part of a `**` around a match. */
const MARKDOWN_SNIPPET = /^(?:[^\\*]|\\[\\*]|\*\*[^\\*]+\*\*)*$/;

describe('gleaner search with a query that starts with -', () => {
  it('says to put -- before it, and finds what it asks for once that is done', async () => {
    const refused = await gleaner('search', '-rápida guía');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      "error INVALID_INPUT: Unknown option '-rápida guía': a query that starts with - needs -- before it, as in gleaner search -- '-rápida guía' (see gleaner --help).\n",
    );
    const quoted = await gleaner('search', "-l'eau");
    expect(quoted.stderr).toContain(`gleaner search -- '-l'\\''eau'`);

    const found = await gleaner('search', '--json', '--', '-rápida guía');
    expect(found.stderr).toBe('');
    expect((JSON.parse(found.stdout) as { hits: { title: string }[] }).hits.map((h) => h.title)).toEqual(['Guía de campo']);
  });

  it('keeps commander’s suggestion for a mistyped --option', async () => {
    const mistyped = await gleaner('search', 'guía', '--tagg', 'x');
    expect(mistyped.code).toBe(2);
    expect(mistyped.stderr).toMatch(/^error INVALID_INPUT: Unknown option '--tagg' \(Did you mean --tag\?\)/);
    expect(mistyped.stderr).not.toMatch(/needs -- before it/);
  });
});

describe('gleaner search snippets', () => {
  it('escapes the platform’s own \\ and * so that ** marks the matched words and nothing else', async () => {
    // The platform's own private-use marker characters are taken out: only matches are marked.
    const expected = 'a \\*\\*\\*\\***bold**\\*\\*\\*\\* claim in C:\\\\temp\\\\\\*.txt, and fake marks';
    const text = await gleaner('search', 'bold');
    expect(text.stdout).toBe(`#3 [videosite video] Markup\n    ${expected}\n1 of 1 shown.\n`);
    const json = await gleaner('search', 'bold', '--json');
    expect((JSON.parse(json.stdout) as { hits: { snippet: string }[] }).hits[0]!.snippet).toBe(expected);
  });

  it('cuts a long snippet between escapes, never inside one', async () => {
    const text = await gleaner('search', 'zebra');
    const snippet = text.stdout.split('\n')[1]!.slice(4);
    expect(snippet).toMatch(MARKDOWN_SNIPPET);
    // 200 characters of the platform's text, each \ and * of them written as two.
    expect(snippet.replace(/\\(.)/g, '$1').replace(/\*\*zebra\*\*/, 'zebra')).toHaveLength(200);
    const json = await gleaner('search', 'zebra', '--json');
    expect((JSON.parse(json.stdout) as { hits: { snippet: string }[] }).hits[0]!.snippet).toMatch(MARKDOWN_SNIPPET);
  });
});

describe('gleaner search flags it cannot use', () => {
  it.each([
    [['--tag', ''], '--tag needs a value; leave it out to search items whatever their tags.'],
    [['--collection', '  '], '--collection needs a value; leave it out to search the whole library.'],
    [['--tag', 'x'.repeat(101)], '--tag is at most 100 characters.'],
    [['--collection', 'x'.repeat(201)], '--collection is at most 200 characters.'],
  ])('%j', async (flags, message) => {
    const run = await gleaner('search', 'guía', ...flags);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `error INVALID_INPUT: ${message}\n` });
  });

  it('says how long a search may be', async () => {
    expect((await gleaner('search', 'x'.repeat(1001))).stderr).toBe('error INVALID_INPUT: A search is at most 1000 characters.\n');
  });
});
