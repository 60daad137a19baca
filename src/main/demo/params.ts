/**
 * Reads an operation's query parameters the way a strict service would: by the catalogue's
 * wire names, types, allowed values and constraints. Unknown parameters are ignored, as web
 * services usually do; a missing required or malformed value is a 400 with a sentence.
 */
import type { OperationSpec, ParamSpec } from '../../shared/catalogue';
import { badRequest } from './errors';

const MAX_TEXT = 2000;
const MAX_URL = 4096;

export interface DemoParams {
  get(name: string): string | undefined;
  /** A boolean flag: true only when given as true/1. */
  flag(name: string): boolean;
  /** A validated integer parameter. */
  int(name: string): number | undefined;
}

export function readParams(op: OperationSpec, query: URLSearchParams): DemoParams {
  const values = new Map<string, string>();
  for (const spec of op.params) {
    const raw = query.get(spec.name);
    if (raw === null || raw.trim() === '') continue;
    values.set(spec.name, checkValue(spec, raw.trim()));
  }
  for (const spec of op.params) {
    if (spec.required && !values.has(spec.name)) throw badRequest(`Missing required parameter ${spec.name} (${spec.label}).`);
  }
  for (const rule of op.constraints) {
    if (rule.kind === 'oneOf') {
      if (!rule.params.some((name) => values.has(name))) throw badRequest(`${rule.message} (parameters: ${rule.params.join(' or ')})`);
    } else if (values.has(rule.param)) {
      const missing = (rule.requires ?? []).filter((name) => !values.has(name));
      const clashing = (rule.excludes ?? []).filter((name) => values.has(name));
      if (missing.length || clashing.length) throw badRequest(rule.message);
    }
  }
  return {
    get: (name) => values.get(name),
    flag: (name) => values.get(name) === 'true',
    int: (name) => {
      const value = values.get(name);
      return value === undefined ? undefined : Number(value);
    },
  };
}

function checkValue(spec: ParamSpec, value: string): string {
  const name = spec.name;
  if (value.length > (spec.type === 'url' ? MAX_URL : MAX_TEXT)) throw badRequest(`Parameter ${name} is too long.`);
  switch (spec.type) {
    case 'boolean': {
      const word = value.toLowerCase();
      if (word === 'true' || word === '1') return 'true';
      if (word === 'false' || word === '0') return 'false';
      throw badRequest(`Parameter ${name} must be true or false.`);
    }
    case 'integer':
      if (!/^\d{1,15}$/.test(value)) throw badRequest(`Parameter ${name} must be a non-negative integer.`);
      return String(Number(value));
    case 'enum':
      if (!spec.values?.includes(value)) throw badRequest(`Parameter ${name} must be one of: ${spec.values?.join(', ') ?? ''}.`);
      return value;
    case 'url':
      return checkUrl(name, value);
    case 'string':
      return spec.format ? checkFormat(spec, value) : value;
  }
}

function checkUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`Parameter ${name} must be an absolute http(s) URL.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw badRequest(`Parameter ${name} must be an absolute http(s) URL.`);
  }
  return url.toString();
}

function checkFormat(spec: ParamSpec, value: string): string {
  const name = spec.name;
  switch (spec.format) {
    case 'hashtag':
      if (value.startsWith('#')) throw badRequest(`Parameter ${name}: give the hashtag without the leading #.`);
      if (/\s/.test(value)) throw badRequest(`Parameter ${name}: a hashtag has no spaces.`);
      return value;
    case 'community':
      if (!/^[A-Za-z0-9_]{2,21}$/.test(value))
        throw badRequest(`Parameter ${name} must be a community name only (no r/ prefix, not a URL).`);
      return value;
    case 'countryCode':
      if (!/^[A-Za-z]{2}$/.test(value)) throw badRequest(`Parameter ${name} must be a 2-letter country code.`);
      return value.toUpperCase();
    case 'languageCode':
      if (!/^[A-Za-z]{2}$/.test(value)) throw badRequest(`Parameter ${name} must be a 2-letter language code.`);
      return value.toLowerCase();
    case 'handle': {
      const handle = value.replace(/^@/, '');
      if (handle === '' || /[\s/?#]/.test(handle)) throw badRequest(`Parameter ${name} must be a handle, not a URL or text with spaces.`);
      return handle;
    }
    case 'did':
      if (!/^did:[a-z0-9]+:[A-Za-z0-9._:%-]+$/.test(value))
        throw badRequest(`Parameter ${name} must be a user id of the form did:method:identifier.`);
      return value;
    default:
      return value;
  }
}
