/**
 * The shape of the URL recognition table: each platform's public web hosts and the URL path
 * patterns that map to a retrieval-service operation, kept as data (in each platform's
 * `urls.ts`) so new hosts and patterns are edits there, not new code paths in the recogniser.
 *
 * Brand names appear only in host data and canonical URL templates; every `reason` text is shown
 * to users and uses the neutral platform description instead (`{platform}` is replaced by it).
 */
import type { OperationId, Platform } from '../../../shared/catalogue';
import type { LinkKind } from '../../../shared/model';

/**
 * Templates use `{name}` placeholders:
 * - in `canonical`: path captures (percent-encoded as path text) and `{host}` (the pasted host);
 * - in `params`: captures as plain text and `{canonicalUrl}`;
 * - in `reason`: captures as plain text and `{platform}` (the neutral description).
 */
export interface FetchOutcome {
  readonly operation: OperationId;
  readonly kind: LinkKind;
  readonly canonical: string;
  readonly params: Readonly<Record<string, string>>;
  /**
   * A capture name, a capture plus a regex whose first group is the id, or a template of captures
   * (as plain text) for ids the platform writes in another form than its links.
   */
  readonly nativeId?: string | { readonly from: string; readonly extract: string } | { readonly template: string };
}

export interface RejectOutcome {
  readonly reason: string;
}

export interface UrlRule {
  /**
   * Path pattern, matched case-insensitively against the decoded path without trailing slash.
   * `{name}` captures (regex from `captures`, default: one path segment); a final `/**` accepts
   * any further segments.
   */
  readonly path: string;
  /** Query parameters that must be present: parameter name → capture name. */
  readonly query?: Readonly<Record<string, string>>;
  /** Regex sources for this rule's captures, added to the platform's shared ones. */
  readonly captures?: Readonly<Record<string, string>>;
  /** Captures that must not be one of the platform's reserved path words (profile names). */
  readonly notReserved?: readonly string[];
  /** Only on these short-link hosts; without it the rule applies to the site hosts only. */
  readonly onHosts?: readonly string[];
  readonly then: FetchOutcome | RejectOutcome;
}

export interface PlatformUrlPatterns {
  readonly platform: Platform;
  /** Neutral words for the platform in every text shown to users: "the {platform}'s home page". */
  readonly description: string;
  /** Full-site hosts. `*.example.com` matches any one subdomain; `www.` is always tolerated. */
  readonly hosts: readonly string[];
  /** Short-link hosts: recognised, but only rules naming them in `onHosts` apply there. */
  readonly shortLinkHosts: readonly string[];
  /** First path segments that are the platform's own pages, never a user or page name. */
  readonly reservedWords: readonly string[];
  /** Regex sources shared by the platform's rules, by capture name. */
  readonly captures: Readonly<Record<string, string>>;
  /** First match wins, so specific patterns come before general ones. */
  readonly rules: readonly UrlRule[];
  /** Reason when no rule matches: says what can be fetched from this platform. */
  readonly unmatchedReason: string;
}

export type UrlPatternTable = readonly PlatformUrlPatterns[];

/** Extra site hosts for a platform, e.g. from user settings. */
export interface HostExtension {
  readonly platform: Platform;
  readonly hosts: readonly string[];
}

/** Returns a table with the extensions' hosts appended to their platforms' site hosts. */
export function withHostExtensions(table: UrlPatternTable, extensions: readonly HostExtension[]): UrlPatternTable {
  return table.map((entry) => {
    const added = extensions.filter((extension) => extension.platform === entry.platform).flatMap((e) => e.hosts);
    return added.length === 0 ? entry : { ...entry, hosts: [...entry.hosts, ...added] };
  });
}

// Shared reason texts. Search and home pages differ by whether the platform has a search operation.
export const SEARCH_PAGE_WITH_SEARCH = "This is the {platform}'s search page, not an item: use Fetch → search instead.";
export const SEARCH_PAGE_NO_SEARCH =
  "This is the {platform}'s search page, not an item, and Gleaner has no search for the {platform}: paste a link to a single item or profile instead.";
export const HOME_PAGE = "This is the {platform}'s home page, not an item: paste a link to a single item or profile instead.";
export const FEED_PAGE =
  'This is a personal or topic feed on the {platform}, not an item: paste a link to a single item or profile instead.';

export const reject = (reason: string): RejectOutcome => ({ reason });
