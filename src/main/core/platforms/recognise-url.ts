/**
 * URL recognition: says which platform and operation fetch a pasted link, with the request
 * parameters, or gives one sentence explaining why none does. All platform knowledge lives in each
 * platform's `urls.ts` (gathered in url-patterns.ts); this file only reads pasted text and walks that table.
 */
import { forMatching } from '../../../shared/format-characters';
import { getOperation, isPlatform, type OperationId, type Platform } from '../../../shared/catalogue';
import type { LinkKind } from '../../../shared/model';
import { plainLinkParts, type LinkParts } from './plain-link';
import { LISTING_KINDS, LISTING_OPERATIONS, URL_PATTERNS } from './url-patterns';
import {
  withHostExtensions,
  type FetchOutcome,
  type HostExtension,
  type PlatformUrlPatterns,
  type UrlPatternTable,
  type UrlRule,
} from './url-rules';

/** Longer text is not a link anyone pasted on purpose; refusing it keeps the work bounded. */
export const MAX_INPUT_LENGTH = 4096;

export type Recognition =
  | {
      ok: true;
      platform: Platform;
      operation: OperationId;
      params: Record<string, string>;
      canonicalUrl: string;
      nativeId?: string;
      kind: LinkKind;
    }
  | {
      ok: false;
      reason: string;
      /** Set when the host was recognised but the page cannot be fetched. */
      platform?: Platform;
    };

export interface RecogniseUrlOptions {
  /** Leaves `params` empty: a record's own link needs only its canonical form, id and kind (params cost a fifth). */
  withoutParams?: boolean;
  /** Extra site hosts per platform, e.g. from Settings; the default hosts keep precedence. */
  extraHosts?: Partial<Record<Platform, readonly string[]>>;
}

const NOTHING_PASTED = 'Nothing to recognise: paste a link.';
const UNREADABLE = 'This could not be read as a web address.';
const NOT_AN_ADDRESS = 'This is not a web address: paste a link such as https://… or a site name with a path.';

/** The platform a link belongs to when its host is known, whether or not it can be fetched. */
export function platformOfUrl(input: string, options: RecogniseUrlOptions = {}): Platform | null {
  const recognition = recogniseUrl(input, options);
  return recognition.ok ? recognition.platform : (recognition.platform ?? null);
}

/**
 * Why a link of an operation's platform still cannot be what it fetches, or null: a page Gleaner
 * cannot fetch (a playlist, a search page), or a listing (a channel, a profile) given where one
 * item is asked for. Links of other platforms are platformOfUrl's to refuse.
 */
export function linkProblemFor(input: string, operationId: OperationId, options: RecogniseUrlOptions = {}): string | null {
  const recognition = recogniseUrl(input, options);
  const platform = getOperation(operationId).platform;
  if (!recognition.ok) return recognition.platform === platform ? recognition.reason : null;
  if (recognition.platform !== platform || !LISTING_KINDS.has(recognition.kind) || LISTING_OPERATIONS.has(operationId)) return null;
  return `This is a link to a ${recognition.kind}, but ${operationId} fetches a single item; ${recognition.operation} fetches what this link shows.`;
}

export function recogniseUrl(input: string, options: RecogniseUrlOptions = {}): Recognition {
  try {
    return recognise(input, options);
  } catch {
    // Recognition runs on arbitrary pasted text; a surprise must become a reason, never a crash.
    return { ok: false, reason: UNREADABLE };
  }
}

function recognise(input: unknown, options: RecogniseUrlOptions): Recognition {
  if (typeof input !== 'string') return fail(NOTHING_PASTED);
  // Checked before cleaning so huge pastes are refused without scanning them.
  if (input.length > MAX_INPUT_LENGTH * 4) return fail(tooLong());
  // Zero-width padding inside a copied link (a caption's, a post's) is no part of the address.
  const text = cleanPastedText(forMatching(input));
  if (text === '') return fail(NOTHING_PASTED);
  if (text.length > MAX_INPUT_LENGTH) return fail(tooLong());
  // One test for the usual case (a plain link); the specific reasons only when it finds something.
  if (SPACE_OR_CONTROL.test(text)) {
    if (/[\r\n]/.test(text)) return fail('This text has several lines: paste one link at a time.');
    if (/\s/u.test(text)) return fail('This looks like text rather than a single link: paste just the link.');
    return fail('This text contains invisible control characters, so it is not a link.');
  }

  const urlText = toUrlText(text);
  if (!urlText.ok) return urlText;

  let url: LinkParts | null = plainLinkParts(urlText.value);
  try {
    url ??= new URL(urlText.value);
  } catch {
    return fail(UNREADABLE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(UNREADABLE);

  const hostname = url.hostname.toLowerCase();
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host === '') return fail(UNREADABLE);
  const found = lookupHost(host, hostIndexFor(options));
  if (!found) {
    return fail(
      `“${host}” is not one of the platforms Gleaner can fetch from; if it is another address of one of them, add it under Link hosts in Settings (or to the list that \`gleaner config set hosts.<platform>\` sets).`,
    );
  }
  return recogniseOnPlatform(found, url, options.withoutParams === true);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is being rejected
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/u;

function fail(reason: string, platform?: Platform): Recognition {
  return platform === undefined ? { ok: false, reason } : { ok: false, reason, platform };
}

function tooLong(): string {
  return `This text is too long to be a link (over ${MAX_INPUT_LENGTH} characters).`;
}

// ---------------------------------------------------------------------------------------------
// Reading pasted text

const WRAPPER_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['<', '>'],
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
];

const EDGE_SPACE = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/gu;
const TRAILING_PUNCTUATION = /[.,;]+$/;
/**
 * First and last characters that cleaning could remove: space, a wrapper, trailing punctuation.
 * Tested on one code unit each: one pattern anchored at the end would be tried at every position.
 */
const CLEANABLE_FIRST = /^[\s\u200b-\u200d\u2060\ufeff<"'“‘]$/;
const CLEANABLE_LAST = /^[\s\u200b-\u200d\u2060\ufeff>"'”’.,;]$/;

/** Removes what commonly surrounds a link copied from an email or a sentence. */
function cleanPastedText(input: string): string {
  // Most text (every link a normaliser canonicalises) has nothing to remove.
  if (!CLEANABLE_FIRST.test(input.charAt(0)) && !CLEANABLE_LAST.test(input.charAt(input.length - 1))) return input;
  // trim() does not remove zero-width spaces and joiners, which arrive with copied links.
  let text = input.replace(EDGE_SPACE, '');
  for (const [open, close] of WRAPPER_PAIRS) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) {
      text = text.slice(open.length, text.length - close.length).trim();
      break;
    }
  }
  // Sentence punctuation after a link is never part of the addresses recognised here.
  return text.replace(TRAILING_PUNCTUATION, '');
}

const BARE_COMMUNITY = /^\/?r\/([A-Za-z0-9][A-Za-z0-9_]{1,20})\/?$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_WITH_PORT = /^[^/?#:@]+:\d+(?:[/?#]|$)/;
const LOOKS_LIKE_HOST = /^[^/?#:@]+\.[^/?#:@.]+/;
const WEB_LINK = /^https?:\/\//i;

type UrlTextResult = { ok: true; value: string } | { ok: false; reason: string };

/** Turns pasted text into something the URL parser will read, or says why it is not a link. */
function toUrlText(text: string): UrlTextResult {
  // The usual case, and one no rule below would change.
  if (WEB_LINK.test(text)) return { ok: true, value: text };
  const community = text.match(BARE_COMMUNITY);
  if (community?.[1] !== undefined) return { ok: true, value: `https://www.reddit.com/r/${community[1]}` };
  if (text.startsWith('//')) return { ok: true, value: `https:${text}` };

  const scheme = text.match(SCHEME)?.[1];
  // "example.com:8080/x" and "example.com:..." start like a scheme but are a host without one.
  if (scheme !== undefined && !scheme.includes('.') && !HOST_WITH_PORT.test(text)) {
    const lower = scheme.toLowerCase();
    if (lower === 'http' || lower === 'https') return { ok: true, value: text };
    const shown = lower.length > 20 ? `${lower.slice(0, 20)}…` : lower;
    return { ok: false, reason: `Only web links (http or https) can be fetched; this one starts with “${shown}:”.` };
  }
  if (!LOOKS_LIKE_HOST.test(text)) return { ok: false, reason: NOT_AN_ADDRESS };
  // Links copied without a scheme are assumed to be https, as browsers do.
  return { ok: true, value: `https://${text}` };
}

// ---------------------------------------------------------------------------------------------
// Hosts

interface HostEntry {
  readonly entry: PlatformUrlPatterns;
  /** The table's spelling of the host, which `onHosts` and `{host}` refer to. */
  readonly key: string;
  readonly isShortLink: boolean;
}

interface HostIndex {
  readonly exact: Map<string, HostEntry>;
  /** `*.example.com` entries, stored as the suffix `example.com`. */
  readonly wildcard: Array<{ readonly suffix: string; readonly entry: PlatformUrlPatterns }>;
}

function buildHostIndex(defaults: UrlPatternTable, withExtras: UrlPatternTable): HostIndex {
  const index: HostIndex = { exact: new Map(), wildcard: [] };
  // Defaults are registered first so a settings entry can never take a host from its real platform.
  for (const table of [defaults, withExtras]) {
    for (const entry of table) {
      for (const host of entry.shortLinkHosts) register(index, entry, host, true);
      for (const host of entry.hosts) register(index, entry, host, false);
    }
  }
  return index;
}

function register(index: HostIndex, entry: PlatformUrlPatterns, host: string, isShortLink: boolean): void {
  if (host.startsWith('*.')) {
    const suffix = host.slice(2);
    if (!index.wildcard.some((w) => w.suffix === suffix)) index.wildcard.push({ suffix, entry });
  } else if (!index.exact.has(host)) {
    index.exact.set(host, { entry, key: host, isShortLink });
  }
}

function lookupHost(host: string, index: HostIndex): HostEntry | undefined {
  const exact = index.exact.get(host) ?? (host.startsWith('www.') ? index.exact.get(host.slice(4)) : undefined);
  if (exact) return exact;
  for (const { suffix, entry } of index.wildcard) {
    const subdomain = host.endsWith(`.${suffix}`) ? host.slice(0, -suffix.length - 1) : '';
    if (subdomain !== '' && !subdomain.includes('.')) return { entry, key: host, isShortLink: false };
  }
  return undefined;
}

const defaultHostIndex = buildHostIndex(URL_PATTERNS, URL_PATTERNS);

/**
 * The platform whose usual hosts already include this host setting (`example.org` or
 * `*.example.org`, as normaliseHostSetting gives it), or null. For a wildcard it is the platform
 * of the name the wildcard stands under.
 */
export function usualPlatformOfHost(host: string): Platform | null {
  const name = host.startsWith('*.') ? host.slice(2) : host;
  return lookupHost(name, defaultHostIndex)?.entry.platform ?? null;
}

/** The index last built with the user's hosts, by the hosts it was built from: every record of an answer asks again. */
let extendedIndex: { key: string; index: HostIndex } | null = null;

function hostIndexFor(options: RecogniseUrlOptions): HostIndex {
  const extensions = hostExtensionsFrom(options.extraHosts);
  if (extensions.length === 0) return defaultHostIndex;
  const key = JSON.stringify(extensions);
  if (extendedIndex?.key !== key)
    extendedIndex = { key, index: buildHostIndex(URL_PATTERNS, withHostExtensions(URL_PATTERNS, extensions)) };
  return extendedIndex.index;
}

/** The platform a host belongs to, counting the hosts added in Settings; null for a host of none. */
export function platformOfHost(host: string, options: RecogniseUrlOptions = {}): Platform | null {
  return lookupHost(host, hostIndexFor(options))?.entry.platform ?? null;
}

function hostExtensionsFrom(extraHosts: RecogniseUrlOptions['extraHosts']): HostExtension[] {
  if (extraHosts === undefined || extraHosts === null || typeof extraHosts !== 'object') return [];
  const extensions: HostExtension[] = [];
  for (const [platform, hosts] of Object.entries(extraHosts) as Array<[Platform, unknown]>) {
    if (!isPlatform(platform) || !Array.isArray(hosts)) continue;
    const normalised = hosts.map(normaliseHostSetting).filter((h): h is string => h !== undefined);
    if (normalised.length > 0) extensions.push({ platform, hosts: normalised });
  }
  return extensions;
}

/** Settings may hold "Example.org", "https://example.org/" or "*.example.org"; all become hosts. */
export function normaliseHostSetting(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let text = raw.trim().toLowerCase();
  const wildcard = text.startsWith('*.');
  if (wildcard) text = text.slice(2);
  try {
    const hostname = new URL(text.includes('://') ? text : `https://${text}`).hostname.replace(/\.$/, '');
    if (hostname === '' || !hostname.includes('.')) return undefined;
    return wildcard ? `*.${hostname}` : hostname;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Paths and rules

function recogniseOnPlatform(found: HostEntry, url: LinkParts, withoutParams: boolean): Recognition {
  const { entry } = found;
  const path = matchablePath(url.pathname);
  // Literal prefixes are compared in lower case; that equals the rules' case-insensitive matching for ASCII only.
  const lowerAsciiPath = ASCII.test(path) ? path.toLowerCase() : null;

  const compiledRules = compileRules(entry);
  for (let index = 0; index < entry.rules.length; index += 1) {
    const rule = entry.rules[index]!;
    const appliesHere = rule.onHosts ? found.isShortLink && rule.onHosts.includes(found.key) : !found.isShortLink;
    if (!appliesHere) continue;
    const compiled = compiledRules[index]!;
    if (lowerAsciiPath !== null && !lowerAsciiPath.startsWith(compiled.prefix)) continue;
    const captures = matchRule(rule, compiled, entry, path, url);
    if (captures === undefined) continue;
    return 'reason' in rule.then
      ? fail(fillReason(rule.then.reason, entry, captures), entry.platform)
      : buildRecognition(rule.then, entry.platform, captures, found.key, withoutParams);
  }

  const first = path.slice(1).split('/', 1)[0]?.toLowerCase();
  if (first && entry.reservedWords.includes(first) && !found.isShortLink) {
    return fail(
      fillReason(
        "“/{word}” is one of the {platform}'s own pages, not a profile or an item: paste a link to a single item or profile instead.",
        entry,
        { word: first },
      ),
      entry.platform,
    );
  }
  return fail(fillReason(entry.unmatchedReason, entry, {}), entry.platform);
}

const ASCII = /^[\x20-\x7e]*$/;
/** A path with nothing to decode and no empty segments is already in matchable form. */
const PLAIN_PATH = /^(?:\/[^/%]+)*\/?$/;

/** The decoded path the rules match, without empty segments or a trailing slash. */
function matchablePath(pathname: string): string {
  if (PLAIN_PATH.test(pathname)) return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  return `/${segments.join('/')}`;
}

/** Decodes a path segment for matching; keeps it raw when decoding is invalid or would add a "/". */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.includes('/') ? segment : decoded;
  } catch {
    return segment;
  }
}

/** A rule in the form matching needs, built once per rule. */
interface CompiledRule {
  readonly path: RegExp;
  readonly captureNames: readonly string[];
  /** The pattern's literal start in lower case: a path that does not start with it cannot match. */
  readonly prefix: string;
  readonly query: ReadonlyArray<readonly [parameter: string, name: string, value: RegExp]>;
}

/** Keyed by the rules list, which a platform's entry shares with its copies that carry extra hosts. */
const compiledRuleLists = new WeakMap<readonly UrlRule[], readonly CompiledRule[]>();
const compiledValues = new Map<string, RegExp>();

function compileRules(entry: PlatformUrlPatterns): readonly CompiledRule[] {
  let compiled = compiledRuleLists.get(entry.rules);
  if (!compiled) {
    compiled = entry.rules.map((rule) => compileRule(rule, entry));
    compiledRuleLists.set(entry.rules, compiled);
  }
  return compiled;
}

function captureSource(name: string, rule: UrlRule, entry: PlatformUrlPatterns): string {
  return rule.captures?.[name] ?? entry.captures[name] ?? '[^/]+';
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles a rule's path pattern; literals match in any letter case. */
function compileRule(rule: UrlRule, entry: PlatformUrlPatterns): CompiledRule {
  const anyTail = rule.path.endsWith('/**');
  const pattern = anyTail ? rule.path.slice(0, -3) : rule.path;
  let source = '';
  let consumed = 0;
  const captureNames: string[] = [];
  for (const placeholder of pattern.matchAll(/\{(\w+)\}/g)) {
    const name = placeholder[1] ?? '';
    captureNames.push(name);
    source += escapeRegex(pattern.slice(consumed, placeholder.index));
    source += `(?<${name}>${captureSource(name, rule, entry)})`;
    consumed = placeholder.index + placeholder[0].length;
  }
  source += escapeRegex(pattern.slice(consumed));
  if (anyTail) source += '(?:/.*)?';
  const literal = pattern.split('{', 1)[0] ?? '';
  return {
    path: new RegExp(`^${source}$`, 'iu'),
    captureNames,
    prefix: ASCII.test(literal) ? literal.toLowerCase() : '',
    query: Object.entries(rule.query ?? {}).map(
      ([parameter, name]) => [parameter, name, valueRegex(captureSource(name, rule, entry))] as const,
    ),
  };
}

function valueRegex(source: string): RegExp {
  let regex = compiledValues.get(source);
  if (!regex) {
    regex = new RegExp(`^(?:${source})$`, 'iu');
    compiledValues.set(source, regex);
  }
  return regex;
}

/** The rule's captures when the path, required query values and reserved-word checks all pass. */
function matchRule(
  rule: UrlRule,
  compiled: CompiledRule,
  entry: PlatformUrlPatterns,
  path: string,
  url: LinkParts,
): Record<string, string> | undefined {
  const match = path.match(compiled.path);
  if (!match) return undefined;
  const captures: Record<string, string> = {};
  if (match.groups) {
    for (const name of compiled.captureNames) {
      const value = match.groups[name];
      if (value !== undefined) captures[name] = value;
    }
  }
  for (const [parameter, name, valuePattern] of compiled.query) {
    const value = url.searchParams.get(parameter);
    if (value === null || !valuePattern.test(value)) return undefined;
    captures[name] = value;
  }
  for (const name of rule.notReserved ?? []) {
    const value = captures[name];
    if (value !== undefined && entry.reservedWords.includes(value.toLowerCase())) return undefined;
  }
  return captures;
}

// ---------------------------------------------------------------------------------------------
// Results

/** Each template of the table split once into literal text (even places) and placeholder names (odd places). */
const compiledTemplates = new Map<string, readonly string[]>();

function fillTemplate(template: string, valueOf: (name: string) => string | undefined): string {
  let parts = compiledTemplates.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    compiledTemplates.set(template, parts);
  }
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) filled += (valueOf(parts[i]!) ?? '') + parts[i + 1]!;
  return filled;
}

/** Percent-encodes text for a URL path, keeping the characters paths allow as-is (":" in ids, "@"). */
function encodePathText(text: string): string {
  const encoded = encodeURIComponent(text);
  if (!encoded.includes('%')) return encoded;
  return encoded.replace(/%(?:3A|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi, (escaped) => decodeURIComponent(escaped));
}

function fillReason(reason: string, entry: PlatformUrlPatterns, captures: Record<string, string>): string {
  return fillTemplate(reason, (name) => (name === 'platform' ? entry.description : captures[name]));
}

function buildRecognition(
  outcome: FetchOutcome,
  platform: Platform,
  captures: Record<string, string>,
  hostKey: string,
  withoutParams: boolean,
): Recognition {
  const canonicalUrl = fillTemplate(outcome.canonical, (name) => {
    if (name === 'host') return hostKey;
    const value = captures[name];
    return value === undefined ? undefined : encodePathText(value);
  });
  const params: Record<string, string> = {};
  if (!withoutParams) {
    for (const [parameter, template] of Object.entries(outcome.params)) {
      params[parameter] = fillTemplate(template, (name) => (name === 'canonicalUrl' ? canonicalUrl : captures[name]));
    }
  }
  const nativeId = nativeIdFrom(outcome, captures);
  const recognition: Recognition = { ok: true, platform, operation: outcome.operation, params, canonicalUrl, kind: outcome.kind };
  if (nativeId !== undefined) recognition.nativeId = nativeId;
  return recognition;
}

function nativeIdFrom(outcome: FetchOutcome, captures: Record<string, string>): string | undefined {
  const source = outcome.nativeId;
  if (source === undefined) return undefined;
  if (typeof source === 'string') return captures[source];
  if ('template' in source) return fillTemplate(source.template, (name) => captures[name]);
  const from = captures[source.from];
  if (from === undefined) return undefined;
  return from.match(valueRegex(`.*?${source.extract}.*`))?.[1];
}
