/**
 * The parts of a link that URL recognition reads, split by hand when the link is plain: ingest
 * recognises one or two links per record, and `new URL` with its lazily built `searchParams` was
 * most of that work. A plain link is one the WHATWG URL parser would return unchanged: an http(s)
 * scheme, a host of ASCII letters, digits and hyphens (no port, no credentials, no punycode label,
 * not ending in a number, which the parser would read as an IPv4 address), a path with nothing to
 * percent-encode, decode or resolve (no `%`, no `.` or `..` segment) and a query whose values the
 * parser's form decoding leaves as they are (no `%`, no `+`), and no fragment. Every other text
 * goes to the parser, so what is recognised is the same either way (test/reliability/properties).
 */

/** What recognition reads of a link: the same fields as a `URL` has. */
export interface LinkParts {
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly searchParams: { get(name: string): string | null };
}

const PLAIN_LINK =
  /^(https?):\/\/((?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*)(\/[A-Za-z0-9\-._~!$&()*+,;=:@/]*)?(?:\?([A-Za-z0-9\-._~!$&()*,;=:@/?]*))?$/i;
/** A `.` or `..` path segment, which the parser resolves away. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/** A query's parameters, read as URLSearchParams reads a query with nothing to decode. */
class PlainQuery {
  constructor(private readonly query: string) {}

  /** The first value of the parameter, '' when it has no `=`, null when absent. */
  get(name: string): string | null {
    const { query } = this;
    let start = 0;
    while (start <= query.length) {
      let end = query.indexOf('&', start);
      if (end === -1) end = query.length;
      if (end > start) {
        const equals = query.indexOf('=', start);
        const keyEnd = equals === -1 || equals > end ? end : equals;
        if (keyEnd - start === name.length && query.startsWith(name, start)) return keyEnd === end ? '' : query.slice(keyEnd + 1, end);
      }
      start = end + 1;
    }
    return null;
  }
}

/** The link's parts when it is plain, else null (then `new URL` reads it). */
export function plainLinkParts(text: string): LinkParts | null {
  const match = text.match(PLAIN_LINK);
  if (!match) return null;
  const hostname = match[2]!.toLowerCase();
  const pathname = match[3] ?? '/';
  if (hostname.includes('xn--') || DOT_SEGMENT.test(pathname)) return null;
  return { protocol: `${match[1]!.toLowerCase()}:`, hostname, pathname, searchParams: new PlainQuery(match[4] ?? '') };
}
