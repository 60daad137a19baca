import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/core/log';

describe('logger', () => {
  it('writes JSON lines and redacts registered secrets wherever they appear', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line), { now: () => 0 });
    log.addSecret('tok_very_secret_value');
    log.error('request failed for tok_very_secret_value', { header: 'Bearer tok_very_secret_value' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('tok_very_secret_value');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', time: '1970-01-01T00:00:00.000Z', header: 'Bearer [redacted]' });
  });

  it('redacts a secret holding characters JSON escapes, as the line spells it', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const secret = 'abc"def\\ghi123';
    log.addSecret(secret);
    log.warn(`service said ${secret}`, { token: secret });
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'service said [redacted]', token: '[redacted]' });
    expect(lines[0]).not.toContain('def');
  });

  it('survives fields that cannot be serialised', () => {
    const lines: string[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    createLogger((line) => lines.push(line)).info('hello', { cyclic });
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'hello' });
  });
});
