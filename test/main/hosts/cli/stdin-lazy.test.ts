import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { openDatabase } from '../../../../src/main/core/store/database';
import { runCli } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-stdin-'));
  openDatabase({ path: join(dir, DATABASE_FILE_NAME) }).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The in-memory io, with its stdin behind a getter that counts the reads (the process's stdin is made when first read). */
function ioCountingStdinReads(stdin?: string) {
  const captured = captureCliIo(stdin === undefined ? {} : { stdin });
  const reads = { count: 0 };
  const { stdin: stream, ...rest } = captured.io;
  const io = {
    ...rest,
    get stdin() {
      reads.count += 1;
      return stream;
    },
  };
  return { ...captured, io, reads };
}

describe('standard input', () => {
  it('is not touched by a command that does not read it (making the process’s stdin costs some 10 ms)', async () => {
    const { io, out, reads } = ioCountingStdinReads();
    expect(await runCli(['--data-dir', dir, 'search', 'flood'], io, '/nowhere')).toBe(0);
    expect(out()).toBe('No items match.\n');
    expect(reads.count).toBe(0);
  });

  it('is still there for a command that reads it', async () => {
    const { io, out, reads } = ioCountingStdinReads('# no links yet\n');
    expect(await runCli(['--data-dir', dir, 'import', '-'], io, '/nowhere')).toBe(0);
    expect(reads.count).toBeGreaterThan(0);
    expect(out()).toContain('Nothing new to fetch.');
  });
});
