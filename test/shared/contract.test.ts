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
