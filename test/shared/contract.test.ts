import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, METHOD_NAMES, isEventName, isMethodName } from '../../src/shared/bridge-names';
import { events, methods } from '../../src/shared/contract';

describe('bridge contract', () => {
  it('has a schema for exactly the methods the preload exposes', () => {
    expect(Object.keys(methods).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('declares exactly the events the preload can subscribe to', () => {
    expect(Object.keys(events).sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('recognises only its own names', () => {
    expect(isMethodName('app.info')).toBe(true);
    expect(isMethodName('app.info ')).toBe(false);
    expect(isMethodName('__proto__')).toBe(false);
    expect(isMethodName(42)).toBe(false);
    expect(isEventName('task.progress')).toBe(true);
    expect(isEventName('constructor')).toBe(false);
  });

  it('rejects unexpected fields for app.info', () => {
    expect(methods['app.info'].input.safeParse({}).success).toBe(true);
    expect(methods['app.info'].input.safeParse({ extra: 1 }).success).toBe(false);
    expect(methods['app.info'].input.safeParse('text').success).toBe(false);
  });
});

describe('published-date filters', () => {
  const parse = (input: Record<string, unknown>) => methods['library.search'].input.safeParse(input);
  const from = (value: string) => {
    const result = parse({ publishedFrom: value });
    return result.success ? result.data.publishedFrom : `refused: ${result.error.issues[0]!.message}`;
  };

  it('keeps a day as it is and turns a time into UTC, the form published times are stored in', () => {
    expect(from('2024-05-01')).toBe('2024-05-01');
    expect(from(' 2024-05-01 ')).toBe('2024-05-01');
    expect(from('2024-05-01T10:00:00+02:00')).toBe('2024-05-01T08:00:00.000Z');
    expect(from('2024-05-01T10:00:00+0530')).toBe('2024-05-01T04:30:00.000Z');
    // Without a zone a time is UTC, as Gleaner shows times.
    expect(from('2024-05-01T10:00')).toBe('2024-05-01T10:00:00.000Z');
  });

  it('refuses what would compare wrongly as text, or is not on the calendar', () => {
    for (const value of ['May 1 2024', '2024', '1 May 2024', '2024-02-30', '2024-13-01', '2024-05-01T25:00Z', '20240501']) {
      expect(from(value), value).toBe('refused: must be a date such as 2024-05-01, or a time such as 2024-05-01T14:30:00Z');
    }
  });

  it('refuses a range that ends before it starts, also in an export of a search', () => {
    const reversed = parse({ publishedFrom: '2024-05-02', publishedTo: '2024-05-01T23:59:59.999Z' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['publishedFrom'], message: 'is after the end of the range (publishedTo)' });
    expect(parse({ publishedFrom: '2024-05-01', publishedTo: '2024-05-01T23:59:59.999Z' }).success).toBe(true);
    // A bare day as the end is the whole of that day: a time on it starts a range that ends with it.
    expect(parse({ publishedFrom: '2024-05-01T10:00:00Z', publishedTo: '2024-05-01' }).success).toBe(true);
    expect(parse({ publishedFrom: '2024-05-02T00:00:00Z', publishedTo: '2024-05-01' }).success).toBe(false);
    const exportOf = (search: Record<string, string>) =>
      methods['export.start'].input.safeParse({ scope: { kind: 'search', search }, format: 'csv' });
    expect(exportOf({ publishedFrom: '2024-01-01', publishedTo: '2025-01-01' }).success).toBe(true);
    expect(exportOf({ publishedFrom: '2025-01-01', publishedTo: '2024-01-01' }).error?.issues[0]?.message).toBe(
      'is after the end of the range (publishedTo)',
    );
  });
});
