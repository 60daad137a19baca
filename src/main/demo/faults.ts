/**
 * Fault injection for tests and demos of error handling: latency, error statuses, dropped
 * connections, truncated or non-JSON bodies, slow transcripts and 429 storms. Rules are
 * deterministic: counters and a PRNG seeded from the service seed decide which requests fail.
 */
import { isOperationId, type OperationSpec } from '../../shared/catalogue';
import { badRequest } from './errors';
import { createRandom, type Random } from './random';
import { FAULT_KINDS, type FaultKind, type FaultRule } from './types';

const MAX_LATENCY_MS = 120_000;

export interface FaultDecision {
  /** Total added latency of the latency rules that hit. */
  latencyMs: number;
  /** The first hitting rule that changes the answer, if any. */
  outcome: FaultRule | null;
}

export interface FaultInjector {
  list(): FaultRule[];
  set(rules: readonly FaultRule[]): void;
  clear(): void;
  decide(op: OperationSpec): FaultDecision;
}

interface ActiveRule {
  rule: FaultRule;
  seen: number;
  remaining: number | null;
  random: Random;
}

const isLatency = (kind: FaultKind): boolean => kind === 'latency' || kind === 'slow-transcript';
const isTranscriptOp = (op: OperationSpec): boolean => op.endpoint === 'transcript' || op.slow === true;

export function createFaultInjector(seed: string): FaultInjector {
  let active: ActiveRule[] = [];
  let generation = 0;

  return {
    list: () => active.map((a) => ({ ...a.rule })),
    set(rules) {
      const checked = rules.map((rule, index) => validateFaultRule(rule, index));
      generation += 1;
      active = checked.map((rule, index) => ({
        rule,
        seen: 0,
        remaining: rule.nextN ?? null,
        random: createRandom(seed, 'faults', generation, index),
      }));
    },
    clear() {
      active = [];
    },
    decide(op) {
      let latencyMs = 0;
      let outcome: FaultRule | null = null;
      for (const entry of active) {
        const { rule } = entry;
        if (rule.operations && !rule.operations.includes(op.id)) continue;
        if (rule.kind === 'slow-transcript' && !isTranscriptOp(op)) continue;
        entry.seen += 1;
        let hits = rule.everyNth === undefined || entry.seen % rule.everyNth === 0;
        // The draw happens for every matching request so the sequence does not depend on other rules.
        if (rule.rate !== undefined) hits = entry.random.next() < rule.rate && hits;
        if (hits && entry.remaining !== null) {
          if (entry.remaining <= 0) hits = false;
          else entry.remaining -= 1;
        }
        if (!hits) continue;
        if (isLatency(rule.kind)) latencyMs += rule.latencyMs ?? 0;
        else outcome ??= rule;
      }
      return { latencyMs, outcome };
    },
  };
}

/** Checks one rule from untrusted input (the HTTP control endpoint). */
export function validateFaultRule(input: unknown, index = 0): FaultRule {
  const where = `rules[${index}]`;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw badRequest(`${where} must be an object.`);
  const raw = input as Record<string, unknown>;
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw badRequest(`${where}.kind must be one of: ${FAULT_KINDS.join(', ')}.`);
  }
  const rule: FaultRule = { kind: kind as FaultKind };
  const count = (name: 'everyNth' | 'nextN', min: number): void => {
    const value = raw[name];
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
      throw badRequest(`${where}.${name} must be an integer of at least ${min}.`);
    rule[name] = value;
  };
  count('everyNth', 1);
  count('nextN', 0);
  if (raw.rate !== undefined) {
    if (typeof raw.rate !== 'number' || !(raw.rate >= 0 && raw.rate <= 1)) throw badRequest(`${where}.rate must be a number from 0 to 1.`);
    rule.rate = raw.rate;
  }
  if (raw.operations !== undefined) {
    if (!Array.isArray(raw.operations) || !raw.operations.every(isOperationId))
      throw badRequest(`${where}.operations must list operation ids such as "videosite/search".`);
    rule.operations = [...raw.operations];
  }
  if (raw.latencyMs !== undefined) {
    if (typeof raw.latencyMs !== 'number' || !Number.isFinite(raw.latencyMs) || raw.latencyMs < 0 || raw.latencyMs > MAX_LATENCY_MS) {
      throw badRequest(`${where}.latencyMs must be from 0 to ${MAX_LATENCY_MS}.`);
    }
    rule.latencyMs = raw.latencyMs;
  } else if (isLatency(rule.kind)) {
    throw badRequest(`${where}.latencyMs is required for ${rule.kind}.`);
  }
  if (raw.status !== undefined) {
    // 404 and 410: the content is gone (the spec leaves that status open; these are the usual ones).
    const allowed = rule.kind === 'html' ? [200, 500, 502, 503, 504] : [404, 410, 500, 502, 503, 504];
    if (typeof raw.status !== 'number' || !allowed.includes(raw.status))
      throw badRequest(`${where}.status must be one of ${allowed.join(', ')}.`);
    rule.status = raw.status;
  }
  if (raw.retryAfterSeconds !== undefined) {
    const value = raw.retryAfterSeconds;
    if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 0)) {
      throw badRequest(`${where}.retryAfterSeconds must be a whole number of seconds, or null for no Retry-After header.`);
    }
    rule.retryAfterSeconds = value;
  }
  return rule;
}
