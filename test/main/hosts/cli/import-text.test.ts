/**
 * Reading the list `gleaner import` is given: the limit is the one `import.plan` takes, a file's
 * kind and size are looked at before it is read, and reading (a file or standard input) stops at
 * the cap, whatever the file claimed to be.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { methods } from '../../../../src/shared/contract';
import { IMPORT_TEXT_LIMITS, readImportText, sizeText } from '../../../../src/main/hosts/cli/import-text';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gleaner-import-text-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const noStdin = Readable.from([]);
const stdinOf = (...chunks: (string | Buffer)[]) => Readable.from(chunks);
const small = { bytes: 16, characters: 12 };

describe('the import limit', () => {
  it('is the number of characters import.plan takes, and as many bytes as that many characters can need', () => {
    const planInput = methods['import.plan'].input;
    expect(planInput.safeParse({ text: 'a'.repeat(IMPORT_TEXT_LIMITS.characters) }).success).toBe(true);
    expect(planInput.safeParse({ text: 'a'.repeat(IMPORT_TEXT_LIMITS.characters + 1) }).success).toBe(false);
    expect(Buffer.byteLength('€'.repeat(IMPORT_TEXT_LIMITS.characters))).toBe(IMPORT_TEXT_LIMITS.bytes);
  });

  it.each([
    [0, '0 bytes'],
    [999, '999 bytes'],
    [1_500, '1.5 KB'],
    [15_000_000, '15 MB'],
    [20_971_520, '21 MB'],
    [1_234_567_890, '1.2 GB'],
  ])('sizeText(%i) is %s', (bytes, text) => expect(sizeText(bytes)).toBe(text));
});

describe('readImportText', () => {
  it('reads a file as it is, byte order mark and all', async () => {
    const list = join(folder, 'list.txt');
    writeFileSync(list, '\uFEFFhttps://example.com/a\n# café\n');
    await expect(readImportText(list, noStdin)).resolves.toBe('\uFEFFhttps://example.com/a\n# café\n');
  });

  it('decodes a character split between two chunks of standard input', async () => {
    const euro = Buffer.from('€');
    await expect(readImportText('-', stdinOf(Buffer.from('a'), euro.subarray(0, 1), euro.subarray(1), 'b'))).resolves.toBe('a€b');
  });

  it('stops standard input at the byte cap, and counts characters too', async () => {
    await expect(readImportText('-', stdinOf('0123456789', '0123456789', 'never read'), small)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message:
        'The standard input is larger than 16 bytes; an import takes up to 12 characters (16 bytes of UTF-8 text at most). Split it into several imports.',
    });
    await expect(readImportText('-', stdinOf('0123456789abc'), small)).rejects.toMatchObject({
      message: expect.stringMatching(/^The standard input is 13 characters long; an import takes up to 12 characters/),
    });
  });

  it('refuses bytes that are not UTF-8, and NUL bytes, as not text', async () => {
    for (const bytes of [Buffer.from([0x68, 0x74, 0xc3, 0x28]), Buffer.from('https://a.example/\0\0')]) {
      await expect(readImportText('-', stdinOf(bytes))).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: 'The standard input is not a text file; an import reads UTF-8 text with one link per line.',
      });
    }
  });

  it('refuses a file larger than the cap before reading it', async () => {
    const list = join(folder, 'list.txt');
    writeFileSync(list, 'x'.repeat(17));
    await expect(readImportText(list, noStdin, small)).rejects.toMatchObject({
      message: `${JSON.stringify(list)} is 17 bytes; an import takes up to 12 characters (16 bytes of UTF-8 text at most). Split it into several imports.`,
    });
  });

  // A /proc file is regular and says it is empty, yet has more to read: as a file that grows does.
  it.runIf(process.platform === 'linux')('stops reading at the cap a file whose size said it was within it', async () => {
    await expect(readImportText('/proc/self/status', noStdin, small)).rejects.toMatchObject({
      message:
        '"/proc/self/status" is larger than 16 bytes; an import takes up to 12 characters (16 bytes of UTF-8 text at most). Split it into several imports.',
    });
  });

  it('names a folder as what it is, and a missing file as missing', async () => {
    await expect(readImportText(folder, noStdin)).rejects.toMatchObject({
      message: `${JSON.stringify(folder)} is a folder, not a file of links; give a text file with one link per line, or - to read them from standard input.`,
    });
    await expect(readImportText(join(folder, 'missing'), noStdin)).rejects.toMatchObject({
      message: `Could not read ${JSON.stringify(join(folder, 'missing'))}: no such file.`,
    });
  });
});
