/**
 * URL recognition: says which platform and operation fetch a pasted link, with the request
 * parameters, or gives one sentence explaining why none does. All platform knowledge lives in the
 * table in url-patterns.ts; this file only reads pasted text and walks that table.
 */
import {
  PLATFORM_DESCRIPTIONS,
  URL_PATTERNS,
  withHostExtensions,
  type FetchOutcome,
  type HostExtension,
  type ItemKind,
  type OperationId,
  type Platform,
  type PlatformUrlPatterns,
  type UrlPatternTable,
  type UrlRule,
} from './url-patterns';

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
      kind: ItemKind;
    }
  | {
      ok: false;
      reason: string;
      /** Set when the host was recognised but the page cannot be fetched. */
      platform?: Platform;
    };

export interface RecogniseUrlOptions {
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
  const text = cleanPastedText(input);
  if (text === '') return fail(NOTHING_PASTED);
  if (text.length > MAX_INPUT_LENGTH) return fail(tooLong());
  if (/[\r\n]/.test(text)) return fail('This text has several lines: paste one link at a time.');
  if (/\s/u.test(text)) return fail('This looks like text rather than a single link: paste just the link.');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being rejected
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return fail('This text contains invisible control characters, so it is not a link.');

  const urlText = toUrlText(text);
  if (!urlText.ok) return urlText;

  let url: URL;
  try {
    url = new URL(urlText.value);
  } catch {
    return fail(UNREADABLE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(UNREADABLE);

  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return fail(UNREADABLE);
  const found = lookupHost(host, hostIndexFor(options));
  if (!found) {
    return fail(
      `“${host}” is not one of the platforms Gleaner can fetch from; if it is another address of one of them, add it in Settings.`,
    );
  }
  return recogniseOnPlatform(found, url);
}

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

/** Removes what commonly surrounds a link copied from an email or a sentence. */
function cleanPastedText(input: string): string {
  // trim() does not remove zero-width spaces and joiners, which arrive with copied links.
  let text = input.replace(/^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/gu, '');
  for (const [open, close] of WRAPPER_PAIRS) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) {
      text = text.slice(open.length, text.length - close.length).trim();
      break;
    }
  }
  // Sentence punctuation after a link is never part of the addresses recognised here.
  return text.replace(/[.,;]+$/, '');
}

const BARE_COMMUNITY = /^\/?r\/([A-Za-z0-9][A-Za-z0-9_]{1,20})\/?$/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_WITH_PORT = /^[^/?#:@]+:\d+(?:[/?#]|$)/;
const LOOKS_LIKE_HOST = /^[^/?#:@]+\.[^/?#:@.]+/;

type UrlTextResult = { ok: true; value: string } | { ok: false; reason: string };

/** Turns pasted text into something the URL parser will read, or says why it is not a link. */
function toUrlText(text: string): UrlTextResult {
  const community = BARE_COMMUNITY.exec(text);
  if (community?.[1] !== undefined) return { ok: true, value: `https://www.reddit.com/r/${community[1]}` };
  if (text.startsWith('//')) return { ok: true, value: `https:${text}` };

  const scheme = SCHEME.exec(text)?.[1];
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

function hostIndexFor(options: RecogniseUrlOptions): HostIndex {
  const extensions = hostExtensionsFrom(options.extraHosts);
  if (extensions.length === 0) return defaultHostIndex;
  return buildHostIndex(URL_PATTERNS, withHostExtensions(URL_PATTERNS, extensions));
}

function hostExtensionsFrom(extraHosts: RecogniseUrlOptions['extraHosts']): HostExtension[] {
  if (extraHosts === undefined || extraHosts === null || typeof extraHosts !== 'object') return [];
  const extensions: HostExtension[] = [];
  for (const [platform, hosts] of Object.entries(extraHosts) as Array<[Platform, unknown]>) {
    if (!Object.hasOwn(PLATFORM_DESCRIPTIONS, platform) || !Array.isArray(hosts)) continue;
    const normalised = hosts.map(normaliseHostSetting).filter((h): h is string => h !== undefined);
    if (normalised.length > 0) extensions.push({ platform, hosts: normalised });
  }
  return extensions;
}

/** Settings may hold "Example.org", "https://example.org/" or "*.example.org"; all become hosts. */
function normaliseHostSetting(raw: unknown): string | undefined {
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

function recogniseOnPlatform(found: HostEntry, url: URL): Recognition {
  const { entry } = found;
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  const path = `/${segments.join('/')}`;

  for (const rule of entry.rules) {
    const appliesHere = rule.onHosts ? found.isShortLink && rule.onHosts.includes(found.key) : !found.isShortLink;
    if (!appliesHere) continue;
    const captures = matchRule(rule, entry, path, url);
    if (captures === undefined) continue;
    return 'reason' in rule.then
      ? fail(fillReason(rule.then.reason, entry.platform, captures), entry.platform)
      : buildRecognition(rule.then, entry.platform, captures, found.key);
  }

  const first = segments[0]?.toLowerCase();
  if (first !== undefined && entry.reservedWords.includes(first) && !found.isShortLink) {
    return fail(
      fillReason(
        `“/${first}” is one of the {platform}'s own pages, not a profile or an item: paste a link to a single item or profile instead.`,
        entry.platform,
        {},
      ),
      entry.platform,
    );
  }
  return fail(fillReason(entry.unmatchedReason, entry.platform, {}), entry.platform);
}

/** Decodes a path segment for matching; keeps it raw when decoding is invalid or would add a "/". */
function decodeSegment(segment: string): string {
  try {
    const decoded = decodeURIComponent(segment);
    return decoded.includes('/') ? segment : decoded;
  } catch {
    return segment;
  }
}

const compiledPaths = new WeakMap<UrlRule, RegExp>();
const compiledValues = new Map<string, RegExp>();

function captureSource(name: string, rule: UrlRule, entry: PlatformUrlPatterns): string {
  return rule.captures?.[name] ?? entry.captures[name] ?? '[^/]+';
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles a rule's path pattern once; literals match in any letter case. */
function pathRegex(rule: UrlRule, entry: PlatformUrlPatterns): RegExp {
  const cached = compiledPaths.get(rule);
  if (cached) return cached;
  const anyTail = rule.path.endsWith('/**');
  const pattern = anyTail ? rule.path.slice(0, -3) : rule.path;
  let source = '';
  let consumed = 0;
  for (const placeholder of pattern.matchAll(/\{(\w+)\}/g)) {
    const name = placeholder[1] ?? '';
    source += escapeRegex(pattern.slice(consumed, placeholder.index));
    source += `(?<${name}>${captureSource(name, rule, entry)})`;
    consumed = placeholder.index + placeholder[0].length;
  }
  source += escapeRegex(pattern.slice(consumed));
  if (anyTail) source += '(?:/.*)?';
  const regex = new RegExp(`^${source}$`, 'iu');
  compiledPaths.set(rule, regex);
  return regex;
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
function matchRule(rule: UrlRule, entry: PlatformUrlPatterns, path: string, url: URL): Record<string, string> | undefined {
  const match = pathRegex(rule, entry).exec(path);
  if (!match) return undefined;
  const captures: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.groups ?? {})) {
    if (value !== undefined) captures[name] = value;
  }
  for (const [parameter, name] of Object.entries(rule.query ?? {})) {
    const value = url.searchParams.get(parameter);
    if (value === null || !valueRegex(captureSource(name, rule, entry)).test(value)) return undefined;
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

function fillTemplate(template: string, valueOf: (name: string) => string | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_placeholder, name: string) => valueOf(name) ?? '');
}

/** Percent-encodes text for a URL path, keeping the characters paths allow as-is (":" in ids, "@"). */
function encodePathText(text: string): string {
  return encodeURIComponent(text).replace(/%(?:3A|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi, (escaped) =>
    decodeURIComponent(escaped),
  );
}

function fillReason(reason: string, platform: Platform, captures: Record<string, string>): string {
  return fillTemplate(reason, (name) => (name === 'platform' ? PLATFORM_DESCRIPTIONS[platform] : captures[name]));
}

function buildRecognition(
  outcome: FetchOutcome,
  platform: Platform,
  captures: Record<string, string>,
  hostKey: string,
): Recognition {
  const canonicalUrl = fillTemplate(outcome.canonical, (name) => {
    if (name === 'host') return hostKey;
    const value = captures[name];
    return value === undefined ? undefined : encodePathText(value);
  });
  const params: Record<string, string> = {};
  for (const [parameter, template] of Object.entries(outcome.params)) {
    params[parameter] = fillTemplate(template, (name) => (name === 'canonicalUrl' ? canonicalUrl : captures[name]));
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
  const from = captures[source.from];
  if (from === undefined) return undefined;
  return valueRegex(`.*?${source.extract}.*`).exec(from)?.[1];
}
