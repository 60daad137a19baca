/**
 * Media files the demo service makes itself: about a second of silence as MPEG-1 Layer III
 * (an .mp3), and the same frames in an ISO base media file (an .mp4 with one audio track), so a
 * media address in a demo answer leads to a short file players accept. Built here, a few KB.
 */

const SAMPLE_RATE = 44_100;
const SAMPLES_PER_FRAME = 1152;
/** 32 kbit/s at 44.1 kHz, unpadded: 144 × 32000 / 44100 bytes. */
const FRAME_BYTES = 104;

/**
 * One silent mono frame: the header (MPEG-1, Layer III, no CRC, 32 kbit/s, 44.1 kHz, mono),
 * then side information and main data all zero, which decode as silence.
 */
function silentFrame(): Buffer {
  const frame = Buffer.alloc(FRAME_BYTES);
  frame.set([0xff, 0xfb, 0x10, 0xc0], 0);
  return frame;
}

/** `frames` silent frames (38 are about a second). */
export function silentMp3(frames: number): Buffer {
  const frame = silentFrame();
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const u32 = (value: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0, 0);
  return out;
};
const u16 = (value: number): Buffer => {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value, 0);
  return out;
};
const box = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
/** A "full box": version 0 and the given flags before its fields. */
const fullBox = (type: string, flags: number, ...parts: Buffer[]): Buffer => box(type, u32(flags), ...parts);
const UNITY_MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));
/** An MPEG-4 descriptor: its tag, a one-byte size (all of these are small), its body. */
const descriptor = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag, body.length]), body]);

/** The frames of `silentMp3(frames)` as the one audio track of an MP4 (mdat before moov). */
export function silentMp4(frames: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2mp41', 'latin1'));
  const mdat = box('mdat', silentMp3(frames));
  const samples = frames * SAMPLES_PER_FRAME;
  const durationMs = Math.round((samples / SAMPLE_RATE) * 1000);
  const esds = fullBox(
    'esds',
    0,
    descriptor(
      0x03, // ES_Descriptor: ES id 1, no flags
      Buffer.concat([
        u16(1),
        Buffer.from([0]),
        // DecoderConfigDescriptor: MPEG-1 audio (0x6b), an audio stream, buffer and bit rates.
        descriptor(0x04, Buffer.concat([Buffer.from([0x6b, 0x15, 0, 0x02, 0]), u32(32_000), u32(32_000)])),
        descriptor(0x06, Buffer.from([0x02])), // SLConfigDescriptor: predefined for MP4
      ]),
    ),
  );
  const mp4a = box(
    'mp4a',
    Buffer.alloc(6),
    u16(1), // data reference index
    Buffer.alloc(8),
    u16(1), // channels
    u16(16), // sample size
    Buffer.alloc(4),
    u32(SAMPLE_RATE * 65536),
    esds,
  );
  const chunkOffset = ftyp.length + 8; // the frames start right after mdat's header
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, u32(1), mp4a),
    fullBox('stts', 0, u32(1), u32(frames), u32(SAMPLES_PER_FRAME)),
    fullBox('stsc', 0, u32(1), u32(1), u32(frames), u32(1)),
    fullBox('stsz', 0, u32(FRAME_BYTES), u32(frames)),
    fullBox('stco', 0, u32(1), u32(chunkOffset)),
  );
  const minf = box('minf', fullBox('smhd', 0, u32(0)), box('dinf', fullBox('dref', 0, u32(1), fullBox('url ', 1))), stbl);
  const mdia = box(
    'mdia',
    fullBox('mdhd', 0, u32(0), u32(0), u32(SAMPLE_RATE), u32(samples), u16(0x55c4), u16(0)), // language "und"
    fullBox('hdlr', 0, u32(0), Buffer.from('soun', 'latin1'), Buffer.alloc(12), Buffer.from('SoundHandler\0', 'latin1')),
    minf,
  );
  const trak = box(
    'trak',
    // enabled and in the movie; track 1; volume 1.0
    fullBox(
      'tkhd',
      3,
      u32(0),
      u32(0),
      u32(1),
      u32(0),
      u32(durationMs),
      Buffer.alloc(8),
      u16(0),
      u16(0),
      u16(0x0100),
      u16(0),
      UNITY_MATRIX,
      u32(0),
      u32(0),
    ),
    mdia,
  );
  const moov = box(
    'moov',
    fullBox(
      'mvhd',
      0,
      u32(0),
      u32(0),
      u32(1000),
      u32(durationMs),
      u32(0x00010000),
      u16(0x0100),
      Buffer.alloc(10),
      UNITY_MATRIX,
      Buffer.alloc(24),
      u32(2),
    ),
    trak,
  );
  return Buffer.concat([ftyp, mdat, moov]);
}
