/**
 * Tiny recordings of each kind the archive keeps, written byte by byte here (no encoder, no system
 * tool): valid containers with the headers a parser reads for the codec and the length, and silent
 * or empty audio. Each lasts about `seconds`.
 */

const u8 = (...bytes: number[]) => Buffer.from(bytes);
const u16le = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u16be = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const text = (s: string) => Buffer.from(s, 'latin1');

/** PCM WAV, 8 kHz mono 16-bit, a quiet tone (so its bytes are not all alike). */
export function wav(seconds = 1, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const fmt = Buffer.concat([u16le(1), u16le(1), u32le(rate), u32le(rate * 2), u16le(2), u16le(16)]);
  return Buffer.concat([
    text('RIFF'),
    u32le(4 + 8 + fmt.length + 8 + data.length),
    text('WAVE'),
    text('fmt '),
    u32le(fmt.length),
    fmt,
    text('data'),
    u32le(data.length),
    data,
  ]);
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz stereo: frames of 1,152 samples (417 bytes each, silent). */
export function mp3(seconds = 1): Buffer {
  const frames = Math.ceil((seconds * 44100) / 1152);
  const frame = Buffer.alloc(417);
  u8(0xff, 0xfb, 0x90, 0x00).copy(frame, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** FLAC: the signature and its STREAMINFO block (44.1 kHz mono 16-bit, the sample count giving the length). */
export function flac(seconds = 1): Buffer {
  const rate = 44100;
  const total = Math.round(seconds * rate);
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0); // min block size
  info.writeUInt16BE(4096, 2); // max block size
  // 20 bits rate, 3 bits channels-1, 5 bits bits-per-sample-1, 36 bits total samples.
  const packed = (BigInt(rate) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(total);
  for (let i = 0; i < 8; i++) info[10 + i] = Number((packed >> BigInt(8 * (7 - i))) & 0xffn);
  return Buffer.concat([text('fLaC'), u8(0x80, 0, 0, 34), info]);
}

/** Ogg's CRC-32 (polynomial 0x04c11db7, unreflected). */
function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 24;
    for (let k = 0; k < 8; k++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

function oggPage(serial: number, sequence: number, granule: bigint, flags: number, packet: Buffer): Buffer {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.concat([
    text('OggS'),
    u8(0, flags),
    Buffer.alloc(8),
    u32le(serial),
    u32le(sequence),
    u32le(0),
    u8(lacing.length, ...lacing),
  ]);
  header.writeBigUInt64LE(granule, 6);
  const page = Buffer.concat([header, packet]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Ogg Opus: its head and tags, then one page whose granule position (48 kHz) gives the length. */
export function opus(seconds = 1): Buffer {
  const head = Buffer.concat([text('OpusHead'), u8(1, 1), u16le(312), u32le(48000), u16le(0), u8(0)]);
  const tags = Buffer.concat([text('OpusTags'), u32le(6), text('poetry'), u32le(0)]);
  // A TOC byte of a 20 ms SILK frame and no more: silence.
  const audio = u8(0x08);
  return Buffer.concat([
    oggPage(7, 0, 0n, 0x02, head),
    oggPage(7, 1, 0n, 0x00, tags),
    oggPage(7, 2, BigInt(Math.round(seconds * 48000) + 312), 0x04, audio),
  ]);
}

/** Ogg Vorbis: its identification header, then a page whose granule position (the sample count) gives the length. */
export function vorbis(seconds = 1): Buffer {
  const rate = 44100;
  const id = Buffer.concat([u8(1), text('vorbis'), u32le(0), u8(1), u32le(rate), u32le(0), u32le(96000), u32le(0), u8(0xb8, 1)]);
  const comment = Buffer.concat([u8(3), text('vorbis'), u32le(6), text('poetry'), u32le(0), u8(1)]);
  return Buffer.concat([
    oggPage(9, 0, 0n, 0x02, id),
    oggPage(9, 1, 0n, 0x00, comment),
    oggPage(9, 2, BigInt(Math.round(seconds * rate)), 0x04, u8(0)),
  ]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32be(8 + body.length), text(type), body]);
}
const fullBox = (type: string, ...content: Buffer[]) => box(type, u32be(0), ...content);

/** An M4A (ISO media, brand "M4A "): one sound track of AAC (mp4a, object type 0x40), its length in the movie header. */
export function m4a(seconds = 1): Buffer {
  const scale = 44100;
  const duration = Math.round(seconds * scale);
  const matrix = Buffer.concat([
    u32be(0x10000),
    u32be(0),
    u32be(0),
    u32be(0),
    u32be(0x10000),
    u32be(0),
    u32be(0),
    u32be(0),
    u32be(0x40000000),
  ]);
  const mvhd = fullBox(
    'mvhd',
    u32be(0),
    u32be(0),
    u32be(scale),
    u32be(duration),
    u32be(0x10000),
    u16be(0x100),
    Buffer.alloc(10),
    matrix,
    Buffer.alloc(24),
    u32be(2),
  );
  const tkhd = box(
    'tkhd',
    u32be(0x7),
    u32be(0),
    u32be(0),
    u32be(1),
    u32be(0),
    u32be(duration),
    Buffer.alloc(8),
    u16be(0),
    u16be(0),
    u16be(0x100),
    u16be(0),
    matrix,
    u32be(0),
    u32be(0),
  );
  const mdhd = fullBox('mdhd', u32be(0), u32be(0), u32be(scale), u32be(duration), u16be(0x55c4), u16be(0));
  const hdlr = fullBox('hdlr', u32be(0), text('soun'), Buffer.alloc(12), text('Sound\0'));
  // ES descriptor: decoder config with object type 0x40 (MPEG-4 audio), AudioSpecificConfig AAC LC 44.1 kHz stereo.
  const asc = u8(0x05, 0x80 | 0x12, 0x10);
  const decSpecific = Buffer.concat([u8(0x05, 2), u8(0x12, 0x10)]);
  void asc;
  const decConfig = Buffer.concat([
    u8(0x04, 13 + decSpecific.length),
    u8(0x40, 0x15),
    u8(0, 0, 0),
    u32be(128000),
    u32be(128000),
    decSpecific,
  ]);
  const slConfig = u8(0x06, 1, 2);
  const esDescriptor = Buffer.concat([u8(0x03, 3 + decConfig.length + slConfig.length), u16be(1), u8(0), decConfig, slConfig]);
  const esds = fullBox('esds', esDescriptor);
  const mp4a = box('mp4a', Buffer.alloc(6), u16be(1), Buffer.alloc(8), u16be(2), u16be(16), u16be(0), u16be(0), u32be(scale * 65536), esds);
  const stsd = fullBox('stsd', u32be(1), mp4a);
  const stbl = box(
    'stbl',
    stsd,
    fullBox('stts', u32be(0)),
    fullBox('stsc', u32be(0)),
    fullBox('stsz', u32be(0), u32be(0)),
    fullBox('stco', u32be(0)),
  );
  const minf = box('minf', fullBox('smhd', u32be(0)), box('dinf', fullBox('dref', u32be(1), fullBox('url ', Buffer.alloc(0)))), stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  return Buffer.concat([box('ftyp', text('M4A '), u32be(0), text('M4A '), text('isom')), box('moov', mvhd, trak)]);
}

/** AAC in ADTS frames (LC, 44.1 kHz stereo), 1,024 samples each, empty. */
export function adts(seconds = 1): Buffer {
  const frames = Math.ceil((seconds * 44100) / 1024);
  const length = 7 + 6;
  const frame = Buffer.alloc(length);
  // sync, MPEG-4, no CRC; LC, 44.1 kHz (index 4), 2 channels; frame length; buffer fullness 0x7ff; 1 raw block.
  frame[0] = 0xff;
  frame[1] = 0xf1;
  frame[2] = (1 << 6) | (4 << 2) | 0;
  frame[3] = (2 << 6) | ((length >> 11) & 0x3);
  frame[4] = (length >> 3) & 0xff;
  frame[5] = ((length & 0x7) << 5) | 0x1f;
  frame[6] = 0xfc;
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An EBML element: its id, its size as an 8-byte variable-length integer, its content. */
function ebml(id: number[], ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([u8(...id), size, body]);
}
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

/**
 * WebM with one Opus track, as a browser's MediaRecorder makes it: the EBML header (doc type
 * "webm"), the segment's info with its length (in milliseconds at the default timecode scale), the
 * track, and one cluster holding a silent 20 ms Opus frame.
 */
export function webm(seconds = 1): Buffer {
  const opusHead = Buffer.concat([text('OpusHead'), u8(1, 1), u16le(312), u32le(48000), u16le(0), u8(0)]);
  return Buffer.concat([
    ebml(
      [0x1a, 0x45, 0xdf, 0xa3],
      ebml([0x42, 0x86], u8(1)),
      ebml([0x42, 0xf7], u8(1)),
      ebml([0x42, 0xf2], u8(4)),
      ebml([0x42, 0xf3], u8(8)),
      ebml([0x42, 0x82], text('webm')),
      ebml([0x42, 0x87], u8(4)),
      ebml([0x42, 0x85], u8(2)),
    ),
    ebml(
      [0x18, 0x53, 0x80, 0x67],
      ebml(
        [0x15, 0x49, 0xa9, 0x66],
        ebml([0x2a, 0xd7, 0xb1], u8(0x0f, 0x42, 0x40)),
        ebml([0x4d, 0x80], text('poetry')),
        ebml([0x57, 0x41], text('poetry')),
        ebml([0x44, 0x89], float64(seconds * 1000)),
      ),
      ebml(
        [0x16, 0x54, 0xae, 0x6b],
        ebml(
          [0xae],
          ebml([0xd7], u8(1)),
          ebml([0x73, 0xc5], u8(1)),
          ebml([0x83], u8(2)),
          ebml([0x86], text('A_OPUS')),
          ebml([0x63, 0xa2], opusHead),
          ebml([0xe1], ebml([0xb5], float64(48000)), ebml([0x9f], u8(1))),
        ),
      ),
      ebml([0x1f, 0x43, 0xb6, 0x75], ebml([0xe7], u8(0)), ebml([0xa3], u8(0x81, 0, 0, 0x80, 0xf8, 0xff, 0xfe))),
    ),
  ]);
}
