/**
 * The bundle's zip writer (node's zlib) and its tables: what it writes is read back by the
 * bundle's own reader and by fflate, each entry's header carries its CRC and sizes, a file
 * written aside joins the zip whole, a table's rows are read once for both of its files, and
 * an aborted zip leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeTable } from '../../../../src/main/core/bundle/tables';
import { createBundleZipWriter } from '../../../../src/main/core/bundle/zip-writer';
import { readZipFiles } from '../../../../src/main/core/bundle/zip-reader';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-zip-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface LocalEntry {
  name: string;
  flags: number;
  crc: number;
  data: Buffer;
  uncompressedBytes: number;
}

/** The zip's local entries, front to back, as a reader that trusts the local headers sees them. */
function localEntries(zip: Buffer): LocalEntry[] {
  const entries: LocalEntry[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const flags = zip.readUInt16LE(at + 6);
    const compressedBytes = zip.readUInt32LE(at + 18);
    const nameBytes = zip.readUInt16LE(at + 26);
    const extraBytes = zip.readUInt16LE(at + 28);
    const start = at + 30 + nameBytes + extraBytes;
    entries.push({
      name: zip.toString('utf8', at + 30, at + 30 + nameBytes),
      flags,
      crc: zip.readUInt32LE(at + 14),
      data: inflateRawSync(zip.subarray(start, start + compressedBytes)),
      uncompressedBytes: zip.readUInt32LE(at + 22),
    });
    at = start + compressedBytes;
  }
  return entries;
}

describe('bundle zip writer', () => {
  it('writes each file with its hash, and the CRC and sizes in its header, readable by other readers', async () => {
    const path = join(dir, 'case.zip');
    const zip = await createBundleZipWriter(path);
    const large = Buffer.from(Array.from({ length: 30_000 }, (_, k) => `line ${k} of the harbour story\n`).join(''));
    const written = [
      await zip.add('answers/empty.json', ''),
      await zip.add('answers/large.txt', large),
      await zip.add('notes/é.txt', 'une note\n'),
    ];
    await zip.finish();

    expect(written).toEqual([
      { path: 'answers/empty.json', sha256: sha256(Buffer.alloc(0)), bytes: 0 },
      { path: 'answers/large.txt', sha256: sha256(large), bytes: large.length },
      { path: 'notes/é.txt', sha256: sha256(Buffer.from('une note\n')), bytes: 9 },
    ]);
    const bytes = readFileSync(path);
    const local = localEntries(bytes);
    expect(local.map((entry) => entry.name)).toEqual(['answers/empty.json', 'answers/large.txt', 'notes/é.txt']);
    for (const entry of local) {
      // No data descriptor: a reader going front to back knows each entry's size from its header.
      expect(entry.flags & 0x08).toBe(0);
      expect(entry.crc).toBe(crc32(entry.data));
      expect(entry.uncompressedBytes).toBe(entry.data.length);
    }
    expect(local[1]!.data.equals(large)).toBe(true);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(['answers/empty.json', 'answers/large.txt', 'notes/é.txt']);
    expect(strFromU8(files['notes/é.txt']!)).toBe('une note\n');
    const read: string[] = [];
    await readZipFiles(path, (file) => void read.push(`${file.path} ${file.sha256}`));
    expect(read).toEqual(written.map((file) => `${file.path} ${file.sha256}`));
    expect(readdirSync(dir)).toEqual(['case.zip']);
  });

  it('joins a file written aside after the one written beside it, and removes its temporary file', async () => {
    const path = join(dir, 'case.zip');
    const zip = await createBundleZipWriter(path);
    const json = zip.open('items.json');
    const csv = zip.openAside('items.csv');
    for (let k = 0; k < 5000; k += 1) {
      await json.write(`{"id":${k}}\n`);
      await csv.write(`${k},harbour\r\n`);
    }
    const jsonFile = await json.close();
    const csvFile = await csv.close();
    await zip.finish();

    const files = unzipSync(readFileSync(path));
    expect(Object.keys(files)).toEqual(['items.json', 'items.csv']);
    expect(sha256(files['items.json']!)).toBe(jsonFile.sha256);
    expect(sha256(files['items.csv']!)).toBe(csvFile.sha256);
    expect(strFromU8(files['items.csv']!).split('\r\n')[4999]).toBe('4999,harbour');
    expect(readdirSync(dir)).toEqual(['case.zip']);
  });

  it('counts the files in a Zip64 end record past what a classic zip counts, and readers find them all', async () => {
    const path = join(dir, 'case.zip');
    // The classic count is lowered to 2 here; a whole library may bundle more than 65,535 answers.
    const zip = await createBundleZipWriter(path, 2);
    for (const name of ['a.json', 'b.json', 'c.json']) await zip.add(`answers/${name}`, `{"name":"${name}"}`);
    await zip.finish();

    const bytes = readFileSync(path);
    const zip64End = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    expect(zip64End).toBeGreaterThan(0);
    expect(bytes.readBigUInt64LE(zip64End + 32)).toBe(3n);
    expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(0xffff);
    expect(Object.keys(unzipSync(bytes))).toEqual(['answers/a.json', 'answers/b.json', 'answers/c.json']);
    const read: string[] = [];
    await readZipFiles(path, (file) => void read.push(file.path));
    expect(read).toEqual(['answers/a.json', 'answers/b.json', 'answers/c.json']);
  });

  it('writes many small files in few large writes, each header still carrying its CRC and sizes', async () => {
    const path = join(dir, 'case.zip');
    const probe = await open(join(dir, 'probe'), 'w');
    const fileHandleWrite = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'write');
    await probe.close();
    rmSync(join(dir, 'probe'));
    try {
      const zip = await createBundleZipWriter(path);
      const bodies = Array.from({ length: 500 }, (_, k) => `{"answer":${k},"text":"${'harbour '.repeat(k % 50)}"}`);
      for (const [k, body] of bodies.entries()) await zip.add(`answers/${k}.json`, body);
      const table = zip.open('items.json');
      for (let k = 0; k < 20_000; k += 1) await table.write(`{"id":${k},"title":"Harbour council meeting ${k}"},\n`);
      await table.close();
      await zip.finish();
      // One write or more per file and header before; now the bytes leave in buffers of 256 KiB.
      expect(fileHandleWrite.mock.calls.length).toBeLessThan(20);
      const entries = localEntries(readFileSync(path));
      expect(entries).toHaveLength(501);
      entries.slice(0, 500).forEach((entry, k) => {
        expect(entry.data.toString('utf8')).toBe(bodies[k]);
        expect(entry.crc).toBe(crc32(entry.data));
        expect(entry.uncompressedBytes).toBe(entry.data.length);
      });
      expect(entries[500]!.data.toString('utf8').split('\n')[19_999]).toBe('{"id":19999,"title":"Harbour council meeting 19999"},');
    } finally {
      fileHandleWrite.mockRestore();
    }
  });

  it('joins files given without waiting in the order given, and a file opened after them behind them', async () => {
    const path = join(dir, 'case.zip');
    const zip = await createBundleZipWriter(path);
    // Small files compress on libuv's threads meanwhile; the 2 MiB one is streamed.
    const contents = Array.from({ length: 12 }, (_, k) =>
      k === 5 ? 'big harbour '.repeat(180_000) : `{"answer":${k}}`.repeat(k * 300 + 1),
    );
    const given = contents.map((content, k) => zip.add(`answers/${k}.json`, content));
    const table = zip.open('items.json');
    await table.write('[]\n');
    const written = [...(await Promise.all(given)), await table.close()];
    await zip.finish();

    expect(written.map((file) => file.path)).toEqual([...contents.map((_, k) => `answers/${k}.json`), 'items.json']);
    const entries = localEntries(readFileSync(path));
    expect(entries.map((entry) => entry.name)).toEqual(written.map((file) => file.path));
    entries.forEach((entry, k) => {
      expect(entry.data.toString('utf8')).toBe(k < contents.length ? contents[k] : '[]\n');
      expect(sha256(entry.data)).toBe(written[k]!.sha256);
      expect(entry.crc).toBe(crc32(entry.data));
    });
  });

  it('leaves nothing behind when aborted, files written aside included', async () => {
    const path = join(dir, 'case.zip');
    const zip = await createBundleZipWriter(path);
    await zip.add('a.txt', 'a');
    const aside = zip.openAside('b.csv');
    await aside.write('b');
    await zip.abort();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('bundle tables', () => {
  it('reads the rows once for both the JSON and the CSV file', async () => {
    const path = join(dir, 'table.zip');
    const zip = await createBundleZipWriter(path);
    let reads = 0;
    const seen: number[] = [];
    const files = await writeTable(
      zip,
      {
        json: 'items.json',
        csv: 'items.csv',
        columns: ['id', 'title'],
        toCsv: (row: { id: number; title: string }) => [[row.id, row.title]],
      },
      () => {
        reads += 1;
        return [
          { id: 1, title: 'Harbour, flood' },
          { id: 2, title: 'Ferry' },
        ];
      },
      () => undefined,
      (row) => seen.push(row.id),
    );
    await zip.finish();

    expect(reads).toBe(1);
    expect(seen).toEqual([1, 2]);
    expect(files.map((file) => file.path)).toEqual(['items.json', 'items.csv']);
    const unzipped = unzipSync(readFileSync(path));
    expect(JSON.parse(strFromU8(unzipped['items.json']!))).toEqual([
      { id: 1, title: 'Harbour, flood' },
      { id: 2, title: 'Ferry' },
    ]);
    expect(strFromU8(unzipped['items.csv']!)).toBe('id,title\r\n1,"Harbour, flood"\r\n2,Ferry\r\n');
  });
});
