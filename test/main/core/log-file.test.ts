import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogSink } from '../../../src/main/core/log-file';

describe('the log file', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('starts afresh past its size, keeping the one before, so it never grows without bound', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-log-'));
    dirs.push(dir);
    const sink = createFileLogSink(dir, 1000);
    for (let i = 0; i < 100; i += 1) sink(`line ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`);
    const log = join(dir, 'logs', 'gleaner.log');
    expect(statSync(log).size).toBeLessThanOrEqual(1000);
    expect(statSync(`${log}.1`).size).toBeLessThanOrEqual(1000);
    // The newest line is in the log, whole; lines are never split across the two files.
    expect(readFileSync(log, 'utf8').trimEnd().split('\n').at(-1)).toBe(`line 099 ${'x'.repeat(40)}`);
    expect(readFileSync(`${log}.1`, 'utf8').endsWith('\n')).toBe(true);
    expect(existsSync(`${log}.2`)).toBe(false);

    // A new process (a new sink) counts what is already there.
    const again = createFileLogSink(dir, 1000);
    const before = statSync(log).size;
    again('one more');
    expect(statSync(log).size).toBe(before + 'one more\n'.length <= 1000 ? before + 'one more\n'.length : 'one more\n'.length);
  });

  it('is readable by the account alone, even in a data folder open to others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-log-'));
    dirs.push(dir);
    chmodSync(dir, 0o755);
    createFileLogSink(dir, 1000)('searched for "harbour wall"');
    expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'logs', 'gleaner.log')).mode & 0o777).toBe(0o600);
  });
});
