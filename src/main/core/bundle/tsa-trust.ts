/**
 * Whether a timestamp comes from an authority one trusts. The token's CMS signature only shows
 * that whoever holds the certificate it carries signed it; with the CA certificate(s) of
 * `bundle.tsa-ca` (or `bundle verify --tsa-ca`), the signer's certificate must also chain to one
 * of them, through the certificates the token carries, each valid at the token's time
 * (RFC 5280), and be meant for time-stamping: one critical extendedKeyUsage of id-kp-timeStamping
 * only (RFC 3161 §2.3), as `openssl ts -verify` also asks.
 */
import { X509Certificate } from 'node:crypto';
import { GleanerError } from '../../../shared/errors';
import { readRegularFileSync } from '../regular-file';
import { MAX_CA_FILE_BYTES } from '../settings/bundle-config';
import { children, DerError, oidText, readNode } from './der';

const EXTENDED_KEY_USAGE_OID = '2.5.29.37';
const TIME_STAMPING_OID = '1.3.6.1.5.5.7.3.8';
/** Longer chains than this are not built (a loop of cross-signed certificates stops here). */
const MAX_CHAIN = 8;

/** The CA certificates one trusts, and where they came from (named in problems). */
export interface TrustedAuthorities {
  certificates: X509Certificate[];
  source: string;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Every certificate of a PEM text; throws INVALID_INPUT naming `source` when there is none or one is damaged. */
export function parsePemCertificates(text: string, source: string): X509Certificate[] {
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new GleanerError('INVALID_INPUT', `${source} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`);
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new GleanerError('INVALID_INPUT', `Certificate number ${index + 1} in ${source} cannot be read.`);
    }
  });
}

/** The trusted CA certificates in the PEM file at `path`; NOT_FOUND or INVALID_INPUT when it cannot serve. */
export function readTrustedAuthorities(path: string, maxBytes = MAX_CA_FILE_BYTES): TrustedAuthorities {
  // A regular file no larger than a CA bundle: a device (/dev/zero) or a pipe is refused unread.
  const text = readRegularFileSync(path, {
    maxBytes,
    what: "the timestamp authority's CA certificate(s)",
    notFound: `There is no file ${path} (the timestamp authority's CA certificate).`,
  }).toString('utf8');
  return { certificates: parsePemCertificates(text, path), source: path };
}

/** A name from a certificate on one line, without control characters (it comes from the bundle: untrusted). */
const oneLine = (name: string): string => name.replace(/\n/g, ', ').replace(/\p{Cc}/gu, '?');
/** A certificate's subject as reports name it. */
export const subjectOf = (certificate: X509Certificate): string => oneLine(certificate.subject);
const issuerOf = (certificate: X509Certificate): string => oneLine(certificate.issuer);

/** GeneralizedTime as a timestamp writes it (YYYYMMDDHHMMSS[.fff]Z), or null. */
export function generalizedTime(text: string): Date | null {
  const parts = text.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second, fraction] = parts as unknown as string[];
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms);
  return Number.isNaN(time) ? null : new Date(time);
}

/** What is wrong with the signer's extendedKeyUsage for a timestamp authority, or null when it is as RFC 3161 asks. */
export function timeStampingProblem(certificate: X509Certificate): string | null {
  try {
    // Certificate → tbsCertificate → [3] extensions → SEQUENCE OF Extension.
    const tbs = children(children(readNode(certificate.raw))[0]!);
    const extensionsTag = tbs.find((node) => node.tag === 0xa3);
    const extensions = extensionsTag ? children(children(extensionsTag)[0]!) : [];
    const found = extensions.map((extension) => children(extension)).filter((parts) => oidText(parts[0]!) === EXTENDED_KEY_USAGE_OID);
    if (found.length === 0) return 'has no extendedKeyUsage';
    if (found.length > 1) return 'has more than one extendedKeyUsage';
    const [, second, third] = found[0]!;
    const critical = second?.tag === 0x01 && second.content[0] !== 0x00;
    const value = second?.tag === 0x04 ? second : third;
    if (!value) throw new DerError('no extension value');
    const usages = children(readNode(value.content));
    if (!usages.some((usage) => oidText(usage) === TIME_STAMPING_OID)) return 'has an extendedKeyUsage without timeStamping';
    if (usages.length > 1) return 'has an extendedKeyUsage for other purposes besides timeStamping';
    if (!critical) return 'has an extendedKeyUsage of timeStamping that is not marked critical';
    return null;
  } catch {
    return 'has extensions that cannot be read';
  }
}

function validityProblem(certificate: X509Certificate, at: Date, role: string): string | null {
  const from = Date.parse(certificate.validFrom);
  const to = Date.parse(certificate.validTo);
  if (Number.isNaN(from) || Number.isNaN(to)) return `${role} (${subjectOf(certificate)}) has a validity period that cannot be read`;
  if (at.getTime() < from || at.getTime() > to)
    return `${role} (${subjectOf(certificate)}) was not valid at the timestamp's time ${at.toISOString()} (valid from ${certificate.validFrom} to ${certificate.validTo})`;
  return null;
}

const issues = (issuer: X509Certificate, subject: X509Certificate): boolean => {
  try {
    return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
  } catch {
    return false;
  }
};

export interface AuthorityCheck {
  problems: string[];
  /** The trusted CA the signer's chain ends at, when it holds. */
  trustedCa: string | null;
}

/**
 * Checks that `signer` is a time-stamping certificate that chains to one of `trusted`, through
 * `carried` (the certificates in the token), every link valid at `at`.
 */
export function checkAuthority(
  signer: X509Certificate,
  carried: readonly X509Certificate[],
  trusted: TrustedAuthorities,
  at: Date,
): AuthorityCheck {
  const problems: string[] = [];
  const usage = timeStampingProblem(signer);
  if (usage)
    problems.push(
      `the timestamp authority's certificate (${subjectOf(signer)}) ${usage}: RFC 3161 asks for one critical extendedKeyUsage of timeStamping only`,
    );
  const signerValidity = validityProblem(signer, at, "the timestamp authority's certificate");
  if (signerValidity) problems.push(signerValidity);

  const isTrusted = (certificate: X509Certificate) =>
    trusted.certificates.some((anchor) => anchor.fingerprint256 === certificate.fingerprint256);
  let current = signer;
  const path: X509Certificate[] = [signer];
  for (let depth = 0; depth < MAX_CHAIN; depth += 1) {
    if (isTrusted(current)) return { problems, trustedCa: problems.length === 0 ? subjectOf(current) : null };
    const anchor = trusted.certificates.find((candidate) => issues(candidate, current));
    if (anchor) {
      const anchorValidity = validityProblem(anchor, at, 'the trusted CA certificate');
      if (anchorValidity) problems.push(anchorValidity);
      return { problems, trustedCa: problems.length === 0 ? subjectOf(anchor) : null };
    }
    const next = carried.find((candidate) => !path.includes(candidate) && candidate.ca && issues(candidate, current));
    if (!next) break;
    const validity = validityProblem(next, at, 'the intermediate CA certificate');
    if (validity) problems.push(validity);
    path.push(next);
    current = next;
  }
  problems.push(
    `the timestamp authority's certificate (${subjectOf(signer)}) does not chain to a CA in ${trusted.source} ` +
      `(${trusted.certificates.map(subjectOf).join('; ')}): the chain ends at ${subjectOf(current)}, issued by ${issuerOf(current)}`,
  );
  return { problems, trustedCa: null };
}
