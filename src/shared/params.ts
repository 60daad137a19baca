/**
 * Checks an operation's parameters against the catalogue before any request is spent.
 * Pure and dependency-free: the main side enforces it, and the Fetch form runs the same
 * checks as the user types.
 */
import { forMatching } from './format-characters';
import { hasControlCharacters } from './text';
import { PLATFORM_LABELS, type OperationSpec, type ParamSpec, type Platform } from './catalogue';
import { shortenInput } from './quote-input';

export type ParamValue = string | number | boolean;
export type ParamInput = Readonly<Record<string, ParamValue | null | undefined>>;

export interface ParamProblem {
  /** The parameter at fault, or null for a rule about several. */
  param: string | null;
  message: string;
}

export type ParamCheck = { ok: true; params: Record<string, string> } | { ok: false; problems: ParamProblem[] };

export interface ParamCheckOptions {
  /**
   * Says which platform a URL's host belongs to, or null for a host it does not know. Given, it
   * refuses a link to another platform or to an unknown host before a request is spent on it.
   */
  platformOfUrl?: (url: string) => Platform | null;
  /**
   * Says why a link of the right platform still cannot be what this operation fetches (a
   * playlist, or a channel where one video is asked for), or null. Given, such a link is refused
   * before a request is spent on it.
   */
  linkProblem?: (url: string, operation: OperationSpec['id']) => string | null;
}

/** The longest text a parameter takes: typed, pasted, or a page value the service sent. */
export const MAX_TEXT_LENGTH = 2000;
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** Whether a value counts as given: empty strings and nulls are left out of the request. */
const isGiven = (value: ParamValue | null | undefined): value is ParamValue =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

export function checkParams(op: OperationSpec, input: ParamInput, options: ParamCheckOptions = {}): ParamCheck {
  const problems: ParamProblem[] = [];
  const params: Record<string, string> = {};
  const known = new Map(op.params.map((p) => [p.name, p]));

  for (const [name, value] of Object.entries(input)) {
    if (!known.has(name)) {
      const names = op.params.map((p) => p.name);
      problems.push({
        param: name,
        message: names.length
          ? `${shortenInput(name)} is not a parameter of ${op.id}; it takes ${names.join(', ')}.`
          : `${op.id} takes no parameters, so ${shortenInput(name)} cannot be used.`,
      });
      continue;
    }
    if (!isGiven(value)) continue;
    const result = normaliseValue(op, known.get(name)!, value, options);
    if ('problem' in result) problems.push({ param: name, message: result.problem });
    else params[name] = result.value;
  }

  for (const spec of op.params) {
    if (spec.required && !(spec.name in params) && !problems.some((p) => p.param === spec.name)) {
      problems.push({ param: spec.name, message: `${spec.label} (${spec.name}) is required for ${op.id}.` });
    }
  }

  for (const rule of op.constraints) {
    if (rule.kind === 'oneOf') {
      if (!rule.params.some((name) => name in params)) problems.push({ param: null, message: rule.message });
    } else if (rule.param in params) {
      const missing = (rule.requires ?? []).some((name) => !(name in params));
      const clashing = (rule.excludes ?? []).some((name) => name in params);
      if (missing || clashing) problems.push({ param: rule.param, message: rule.message });
    }
  }

  return problems.length ? { ok: false, problems } : { ok: true, params };
}

function normaliseValue(
  op: OperationSpec,
  spec: ParamSpec,
  raw: ParamValue,
  options: ParamCheckOptions,
): { value: string } | { problem: string } {
  const label = `${spec.label} (${spec.name})`;
  switch (spec.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: String(raw) };
      const word = String(raw).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: 'true' };
      if (FALSE_WORDS.has(word)) return { value: 'false' };
      return { problem: `${label} must be true or false, not ${quote(raw)}.` };
    }
    case 'integer': {
      const text = String(raw).trim();
      if (!/^\d{1,15}$/.test(text)) return { problem: `${label} must be a whole number of zero or more, not ${quote(raw)}.` };
      return { value: String(Number(text)) };
    }
    case 'enum': {
      const text = String(raw).trim();
      if (!spec.values?.includes(text)) return { problem: `${label} must be one of ${spec.values?.join(', ')}; ${quote(raw)} is not.` };
      return { value: text };
    }
    // Zero-width padding copied with a link, handle or hashtag is no part of it (matching ignores it).
    case 'url':
      return checkUrl(op, label, forMatching(String(raw)).trim(), options);
    case 'string': {
      const text = (spec.format ? forMatching(String(raw)) : String(raw)).trim();
      if (text.length > MAX_TEXT_LENGTH) return { problem: `${label} is longer than ${MAX_TEXT_LENGTH} characters.` };
      if (hasControlCharacters(text)) return { problem: `${label} contains control characters or line breaks.` };
      return spec.format ? checkFormat(spec.format, label, text) : { value: text };
    }
  }
}

function checkUrl(op: OperationSpec, label: string, text: string, options: ParamCheckOptions): { value: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `${label} must be a full link starting with https://; ${quote(text)} is not a link.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: `${label} must be a web link (https://…), not a ${shortenInput(url.protocol)} link.` };
  if (!url.hostname.includes('.')) return { problem: `${label} must be a public web link; ${quote(url.hostname)} is not a public host.` };
  if (text.length > MAX_TEXT_LENGTH) return { problem: `${label} is longer than ${MAX_TEXT_LENGTH} characters.` };
  if (!options.platformOfUrl) return { value: text };
  const platform = options.platformOfUrl(text);
  if (platform === null) {
    const host = url.hostname;
    return {
      problem:
        `${label}: “${shortenInput(host)}” is not an address Gleaner knows for ${PLATFORM_LABELS[op.platform]}. ` +
        // Not `config set hosts.<platform> <host>` on its own: that replaces the platform's list.
        `If it is one, add it under Link hosts in Settings, or to the list that \`gleaner config set hosts.${op.platform}\` sets.`,
    };
  }
  if (platform !== op.platform) {
    return {
      problem: `That link is from ${PLATFORM_LABELS[platform]}, but ${op.id} fetches ${PLATFORM_LABELS[op.platform]} links.`,
    };
  }
  const problem = options.linkProblem?.(text, op.id);
  return problem ? { problem: `${label}: ${problem}` } : { value: text };
}

function checkFormat(format: NonNullable<ParamSpec['format']>, label: string, text: string): { value: string } | { problem: string } {
  switch (format) {
    case 'hashtag':
      if (text.startsWith('#'))
        return { problem: `${label}: give the hashtag without the leading #, e.g. ${quote(text.replace(/^#+/, ''))}.` };
      if (/\s/.test(text)) return { problem: `${label}: a hashtag has no spaces.` };
      if (text.length > 150) return { problem: `${label}: a hashtag is at most 150 characters.` };
      return { value: text };
    case 'community': {
      if (/^\/?r\//i.test(text))
        return {
          problem: `${label}: give the community name only, without r/, e.g. ${quote(text.replace(/^\/?r\//i, '').replace(/\/.*$/, ''))}.`,
        };
      if (/:\/\/|\.com\b|\//i.test(text)) return { problem: `${label}: give the community name, not a link.` };
      if (!/^[A-Za-z0-9_]{2,21}$/.test(text)) return { problem: `${label}: a community name is 2 to 21 letters, digits or underscores.` };
      return { value: text };
    }
    case 'countryCode':
      if (!/^[A-Za-z]{2}$/.test(text)) return { problem: `${label} must be a two-letter country code such as US or DE.` };
      return { value: text.toUpperCase() };
    case 'languageCode':
      if (!/^[A-Za-z]{2}$/.test(text)) return { problem: `${label} must be a two-letter language code such as en or de.` };
      return { value: text.toLowerCase() };
    case 'handle':
      if (/\s/.test(text) || text.length > 100) return { problem: `${label}: a handle has no spaces and is at most 100 characters.` };
      // No platform's handle holds a slash: "x.com/jack" is a link without its https://.
      if (/^https?:\/\//i.test(text) || text.includes('/')) return { problem: `${label}: give the handle, not a link.` };
      return { value: text };
    case 'did':
      if (!/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(text)) return { problem: `${label} must be a user id of the form did:plc:… .` };
      return { value: text };
  }
}

function quote(value: ParamValue): string {
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
}

/** One sentence for a failed check, for an INVALID_INPUT error. */
export const describeProblems = (problems: readonly ParamProblem[]): string => problems.map((p) => p.message).join(' ');
