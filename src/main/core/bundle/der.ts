/**
 * Just enough DER (ITU-T X.690) for RFC 3161: encoding a TimeStampReq, and reading the parts of a
 * TimeStampResp that verification needs. A reader that meets anything malformed throws
 * DerError, so a damaged timestamp is reported, never trusted.
 */
export class DerError extends Error {}

export interface DerNode {
  tag: number;
  /** Offsets into the buffer the node was read from. */
  start: number;
  contentStart: number;
  end: number;
  /** The whole encoding, header included. */
  raw: Buffer;
  content: Buffer;
}

export function readNode(buffer: Buffer, offset = 0): DerNode {
  if (offset + 2 > buffer.length) throw new DerError('truncated');
  const tag = buffer[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let length = buffer[offset + 1]!;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || contentStart + count > buffer.length) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + buffer[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > buffer.length) throw new DerError('truncated');
  return { tag, start: offset, contentStart, end, raw: buffer.subarray(offset, end), content: buffer.subarray(contentStart, end) };
}

/** The children of a constructed node (SEQUENCE, SET, a context tag). */
export function children(node: DerNode): DerNode[] {
  if ((node.tag & 0x20) === 0) throw new DerError('not a constructed value');
  const out: DerNode[] = [];
  let offset = 0;
  while (offset < node.content.length) {
    const child = readNode(node.content, offset);
    out.push(child);
    offset = child.end;
  }
  return out;
}

export function oidText(node: DerNode): string {
  if (node.tag !== 0x06 || node.content.length === 0) throw new DerError('not an object identifier');
  const bytes = node.content;
  const parts: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function encode(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export const sequence = (...parts: Buffer[]): Buffer => encode(0x30, Buffer.concat(parts));
export const octetString = (bytes: Buffer): Buffer => encode(0x04, bytes);
export const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);
export const booleanValue = (value: boolean): Buffer => Buffer.from([0x01, 0x01, value ? 0xff : 0x00]);

/** A non-negative INTEGER from big-endian bytes (a leading zero added where the top bit is set). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = bytes.subarray(start);
  return encode(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function objectIdentifier(dotted: string): Buffer {
  const numbers = dotted.split('.').map(Number);
  const body: number[] = [numbers[0]! * 40 + numbers[1]!];
  for (const part of numbers.slice(2)) {
    const bytes: number[] = [part & 0x7f];
    for (let rest = Math.floor(part / 128); rest > 0; rest = Math.floor(rest / 128)) bytes.unshift((rest & 0x7f) | 0x80);
    body.push(...bytes);
  }
  return encode(0x06, Buffer.from(body));
}
