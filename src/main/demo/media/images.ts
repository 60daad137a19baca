/**
 * Thumbnails the demo service draws itself: a flat square in a shade picked from the address,
 * so each address has its own bytes (and hash) and the same address always the same ones.
 * A baseline JPEG (grey) and a PNG (colour), each a few hundred bytes, encoded here rather than
 * kept as files.
 */
import { deflateSync } from 'node:zlib';

const SIDE = 16;

/** Writes bits most significant first, with JPEG's byte stuffing (a 0x00 after each 0xff). */
function jpegBitWriter() {
  const bytes: number[] = [];
  let current = 0;
  let used = 0;
  const push = (byte: number) => {
    bytes.push(byte);
    if (byte === 0xff) bytes.push(0x00);
  };
  return {
    write(value: number, length: number) {
      for (let bit = length - 1; bit >= 0; bit -= 1) {
        current = (current << 1) | ((value >> bit) & 1);
        used += 1;
        if (used === 8) {
          push(current);
          current = 0;
          used = 0;
        }
      }
    },
    /** The bytes, the last one padded with 1 bits as the standard asks. */
    finish(): number[] {
      if (used > 0) push((current << (8 - used)) | ((1 << (8 - used)) - 1));
      return bytes;
    },
  };
}

const segment = (marker: number, body: number[]): number[] => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];

/**
 * A 16×16 grey JPEG of `level` (1–255, not 128). Every 8×8 block is flat, so each carries only
 * its DC value: the first the level's difference from mid-grey, the others a difference of 0.
 * The Huffman tables hold just the codes used: DC category 0 ('0') and the first block's
 * category ('10'); AC end-of-block ('0').
 */
export function flatJpeg(level: number): Buffer {
  const dc = 8 * (level - 128); // the DCT's DC term of a flat block, quantised by 1
  const category = Math.abs(dc).toString(2).length;
  const bits = jpegBitWriter();
  const blocks = (SIDE / 8) * (SIDE / 8);
  for (let block = 0; block < blocks; block += 1) {
    if (block === 0) {
      bits.write(0b10, 2);
      bits.write(dc > 0 ? dc : dc + (1 << category) - 1, category);
    } else bits.write(0b0, 1);
    bits.write(0b0, 1); // end of block: every AC coefficient is 0
  }
  const sixteen = (counts: number[]) => [...counts, ...new Array<number>(16 - counts.length).fill(0)];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [0x08, 0x00, SIDE, 0x00, SIDE, 0x01, 0x01, 0x11, 0x00]),
    ...segment(0xc4, [0x00, ...sixteen([1, 1]), 0x00, category]),
    ...segment(0xc4, [0x10, ...sixteen([1]), 0x00]),
    ...segment(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    ...bits.finish(),
    0xff,
    0xd9,
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 16×16 PNG of one colour (8-bit RGB). */
export function flatPng(red: number, green: number, blue: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIDE, 0);
  header.writeUInt32BE(SIDE, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, RGB, deflate, no filter method choice, no interlace
  const row = [0, ...Array.from({ length: SIDE }, () => [red, green, blue]).flat()]; // filter type 0, then pixels
  const pixels = Buffer.from(Array.from({ length: SIDE }, () => row).flat());
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
