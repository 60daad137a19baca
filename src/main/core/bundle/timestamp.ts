/**
 * RFC 3161 trusted time for a bundle's manifest: the request (a DER TimeStampReq with a
 * SHA-256 imprint, a nonce and certReq, so the authority's certificate travels in the answer),
 * the call to the authority set in `bundle.tsa-url`, and the check of an answer: granted, its
 * imprint is SHA-256 of this manifest, and its CMS signature holds under the certificate it
 * carries; and, given the CA certificate(s) one trusts, that this certificate is an authority's
 * under them (tsa-trust.ts). Without them, the answer says the authority was not checked.
 */
import { createHash, randomBytes, verify as verifySignature, X509Certificate } from 'node:crypto';
import { GleanerError } from '../../../shared/errors';
import {
  booleanValue,
  children,
  DerError,
  nullValue,
  objectIdentifier,
  octetString,
  oidText,
  readNode,
  sequence,
  unsignedInteger,
  type DerNode,
} from './der';
import { checkAuthority, generalizedTime, subjectOf, type TrustedAuthorities } from './tsa-trust';

const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const HASHES = new Map([
  [SHA256_OID, 'sha256'],
  ['2.16.840.1.101.3.4.2.2', 'sha384'],
  ['2.16.840.1.101.3.4.2.3', 'sha512'],
  ['1.3.14.3.2.26', 'sha1'],
]);
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
const MESSAGE_DIGEST_OID = '1.2.840.113549.1.9.4';
/** Signature algorithms that name their own hash (else the signer's digest algorithm is used). */
const SIGNATURE_HASHES = new Map([
  ['1.2.840.113549.1.1.11', 'sha256'],
  ['1.2.840.113549.1.1.12', 'sha384'],
  ['1.2.840.113549.1.1.13', 'sha512'],
  ['1.2.840.10045.4.3.2', 'sha256'],
  ['1.2.840.10045.4.3.3', 'sha384'],
  ['1.2.840.10045.4.3.4', 'sha512'],
  ['1.3.101.112', ''],
]);

export function timestampRequest(data: Buffer, nonce: Buffer = randomBytes(8)): Buffer {
  const imprint = sequence(sequence(objectIdentifier(SHA256_OID), nullValue()), octetString(createHash('sha256').update(data).digest()));
  return sequence(unsignedInteger(Buffer.from([1])), imprint, unsignedInteger(nonce), booleanValue(true));
}

export interface TimestampAuthority {
  /** Whether the signer's certificate was checked against CA certificates one trusts. */
  checked: boolean;
  /** The trusted CA its chain ends at, when it holds. */
  trustedCa: string | null;
  /** The fact in words, for reports. */
  note: string;
}

export interface TimestampFacts {
  /** The authority's time, as it wrote it (GeneralizedTime, e.g. 20260102030405Z). */
  genTime: string;
  /** The signing certificate's subject. */
  signer: string | null;
  authority: TimestampAuthority;
}

export interface TimestampCheckOptions {
  /** The nonce the request carried, when checking an authority's fresh answer. */
  nonce?: Buffer;
  /** The CA certificates the authority must chain to; absent: the authority is not checked. */
  trusted?: TrustedAuthorities;
}

export const AUTHORITY_NOT_CHECKED =
  "the authority's certificate was not checked against a trusted CA (give bundle verify --tsa-ca PEM, or set bundle.tsa-ca)";

export interface TimestampCheck {
  ok: boolean;
  problems: string[];
  facts: TimestampFacts | null;
}

const at = (node: DerNode[], index: number, what: string): DerNode => {
  const found = node[index];
  if (!found) throw new DerError(`no ${what}`);
  return found;
};

/** Checks a TimeStampResp (or a bare token) against the data it should stamp. */
export function checkTimestamp(response: Buffer, data: Buffer, options: TimestampCheckOptions = {}): TimestampCheck {
  const expectedNonce = options.nonce;
  const problems: string[] = [];
  try {
    const top = children(readNode(response));
    // A TimeStampResp starts with PKIStatusInfo (a SEQUENCE); a bare token with its content type.
    let token: DerNode;
    if (top[0]?.tag === 0x30) {
      const status = children(top[0]);
      const code = at(status, 0, 'status').content.readUIntBE(0, at(status, 0, 'status').content.length || 1);
      if (code !== 0 && code !== 1)
        return { ok: false, problems: [`the timestamp authority refused the request (status ${code})`], facts: null };
      token = at(top, 1, 'timestamp token');
    } else token = readNode(response);
    const contentInfo = children(token);
    if (oidText(at(contentInfo, 0, 'content type')) !== SIGNED_DATA_OID) throw new DerError('the token is not CMS signed data');
    const signedData = children(at(children(at(contentInfo, 1, 'content')), 0, 'signed data'));
    const encapsulated = children(at(signedData, 2, 'encapsulated content'));
    if (oidText(at(encapsulated, 0, 'eContentType')) !== TST_INFO_OID) throw new DerError('the token holds no TSTInfo');
    const tstInfoBytes = at(children(at(encapsulated, 1, 'eContent')), 0, 'TSTInfo octets').content;
    const tstInfo = children(readNode(tstInfoBytes));
    const imprint = children(at(tstInfo, 2, 'message imprint'));
    const imprintHash = HASHES.get(oidText(at(children(at(imprint, 0, 'hash algorithm')), 0, 'hash OID')));
    const hashed = at(imprint, 1, 'hashed message').content;
    if (!imprintHash) problems.push('the timestamp uses a hash algorithm Gleaner does not know');
    else if (!createHash(imprintHash).update(data).digest().equals(hashed))
      problems.push('the timestamp is not of this manifest (its message imprint differs)');
    const genTime = at(tstInfo, 4, 'genTime').content.toString('latin1');
    if (expectedNonce) {
      const nonce = tstInfo.slice(5).find((node) => node.tag === 0x02);
      if (!nonce || !unsignedInteger(nonce.content).equals(unsignedInteger(expectedNonce)))
        problems.push('the timestamp does not answer this request (its nonce differs)');
    }

    // certificates [0] IMPLICIT, then signerInfos (the last SET).
    const certificates = signedData
      .filter((node) => node.tag === 0xa0)
      .flatMap((node) => children(node))
      .filter((node) => node.tag === 0x30)
      .map((node) => new X509Certificate(node.raw));
    const signerInfos = children(signedData[signedData.length - 1]!);
    const signerInfo = children(at(signerInfos, 0, 'signer info'));
    const digestName = HASHES.get(oidText(at(children(at(signerInfo, 2, 'digest algorithm')), 0, 'digest OID')));
    const signedAttrs = at(signerInfo, 3, 'signed attributes');
    if (signedAttrs.tag !== 0xa0 || !digestName) throw new DerError('the signer info has no signed attributes');
    const digestAttribute = children(signedAttrs)
      .map((attribute) => children(attribute))
      .find((attribute) => oidText(at(attribute, 0, 'attribute type')) === MESSAGE_DIGEST_OID);
    const messageDigest = digestAttribute ? at(children(at(digestAttribute, 1, 'attribute values')), 0, 'message digest').content : null;
    if (!messageDigest || !createHash(digestName).update(tstInfoBytes).digest().equals(messageDigest)) {
      problems.push('the timestamp’s signed digest does not match its content');
    }
    const signatureOid = oidText(at(children(at(signerInfo, 4, 'signature algorithm')), 0, 'signature OID'));
    const signature = at(signerInfo, 5, 'signature').content;
    // What was signed is the attributes' DER with their SET tag, not the [0] they travel under.
    const signedBytes = Buffer.concat([Buffer.from([0x31]), signedAttrs.raw.subarray(1)]);
    const hashName = SIGNATURE_HASHES.get(signatureOid) ?? digestName;
    const signer = certificates.find((certificate) => {
      try {
        return verifySignature(hashName === '' ? null : hashName, signedBytes, certificate.publicKey, signature);
      } catch {
        return false;
      }
    });
    if (!signer) problems.push('the timestamp’s signature does not hold under the certificate it carries');
    const authority = authorityOf(signer, certificates, genTime, options.trusted, problems);
    return { ok: problems.length === 0, problems, facts: { genTime, signer: signer ? subjectOf(signer) : null, authority } };
  } catch (error) {
    const why = error instanceof DerError ? error.message : error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [`the timestamp cannot be read (${why})`], facts: null };
  }
}

/** The trust check of the signer's certificate, its problems added to `problems`. */
function authorityOf(
  signer: X509Certificate | undefined,
  carried: X509Certificate[],
  genTime: string,
  trusted: TrustedAuthorities | undefined,
  problems: string[],
): TimestampAuthority {
  if (!trusted) return { checked: false, trustedCa: null, note: AUTHORITY_NOT_CHECKED };
  const at = generalizedTime(genTime);
  if (!signer || !at) {
    if (!at) problems.push(`the timestamp's time (${genTime.slice(0, 40)}) cannot be read`);
    return { checked: true, trustedCa: null, note: `the authority could not be checked against ${trusted.source}` };
  }
  const check = checkAuthority(signer, carried, trusted, at);
  problems.push(...check.problems);
  return {
    checked: true,
    trustedCa: check.trustedCa,
    note: check.trustedCa
      ? `the authority's certificate chains to ${check.trustedCa} from ${trusted.source}`
      : `the authority's certificate does not hold under ${trusted.source}`,
  };
}

/** Asks the authority at `url` to stamp `data`; rejects with a coded error a person can act on. */
export async function requestTimestamp(fetchFn: typeof fetch, url: string, data: Buffer, timeoutMs = 30_000): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0] = nonce[0]! & 0x7f;
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(timestampRequest(data, nonce)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GleanerError(
      'UPSTREAM_UNAVAILABLE',
      `The timestamp authority at ${url} could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new GleanerError('UPSTREAM_UNAVAILABLE', `The timestamp authority at ${url} answered ${response.status}.`);
  const check = checkTimestamp(body, data, { nonce });
  if (!check.ok)
    throw new GleanerError(
      'UPSTREAM_UNAVAILABLE',
      `The timestamp authority at ${url} gave an answer that does not hold: ${check.problems.join('; ')}.`,
    );
  return body;
}
