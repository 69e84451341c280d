/**
 * What a stored file is, by its own bytes (never its name or a declared type), and the limits
 * each kind is held to: the one place the archive says so, for page photos, scanned PDFs, the
 * memorial's portrait and recordings alike.
 */

/** The image types a photo may be. */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** The audio types a recording may be, as it is served. */
export type AudioType = 'audio/mpeg' | 'audio/aac' | 'audio/mp4' | 'audio/ogg' | 'audio/webm' | 'audio/flac' | 'audio/wav';

/** The kinds of file the archive keeps, each with a size limit of its own (MAX_UPLOAD_MB, MAX_PDF_MB, MAX_AUDIO_MB). */
export type FileKind = 'image' | 'pdf' | 'audio';

/** Each kind's largest size in bytes, from the settings. */
export type FileLimits = Record<FileKind, number>;

/** Major brands of HEIF files whose pictures are HEVC-coded (iPhone photos are "heic"). */
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/;

/** The bytes from start to end as Latin-1 text: how file signatures are written. */
export function ascii(data: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...data.subarray(start, Math.min(end, data.length)));
}

/** What a photo is by its magic bytes; undefined for anything that is not an accepted photo. */
export function detectImageType(data: Uint8Array): PhotoType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.test(ascii(data, 8, 12))) return 'image/heic';
  return undefined;
}

/** A PDF is told from a photo by its first bytes, whatever its name or declared type. */
export const isPdf = (data: Uint8Array) => ascii(data, 0, 5) === '%PDF-';

/** Brands of an ISO media file that hold sound (an M4A or an MP4 that may carry only audio). */
const MP4_AUDIO_BRANDS = /^(M4A |M4B |M4P |mp41|mp42|isom|iso2|dash)$/;

/**
 * The audio container a file claims by its first bytes (an ID3 tag before MPEG or FLAC audio is
 * looked past by the parser, which reads the rest): a first judgement, cheap, before the file is
 * parsed for its codec and length. Undefined for anything that is no audio container.
 */
export function detectAudioContainer(data: Uint8Array): 'mpeg' | 'adts' | 'mp4' | 'ogg' | 'webm' | 'flac' | 'wav' | 'id3' | undefined {
  if (data.length >= 10 && ascii(data, 0, 3) === 'ID3') return 'id3';
  if (data.length >= 4 && ascii(data, 0, 4) === 'fLaC') return 'flac';
  if (data.length >= 4 && ascii(data, 0, 4) === 'OggS') return 'ogg';
  // EBML, the container of WebM: what browsers record (MediaRecorder) when a reading is made in the admin.
  if (data.length >= 4 && data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) return 'webm';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WAVE') return 'wav';
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp' && MP4_AUDIO_BRANDS.test(ascii(data, 8, 12))) return 'mp4';
  if (data.length >= 4 && data[0] === 0xff) {
    // ADTS (AAC): sync 0xFFF, layer 00. MPEG audio: sync 0xFFE, layer III, II or I (not 00).
    if ((data[1] & 0xf6) === 0xf0) return 'adts';
    if ((data[1] & 0xe0) === 0xe0 && (data[1] & 0x06) !== 0 && (data[1] & 0x18) !== 0x08) return 'mpeg';
  }
  return undefined;
}

/** What a recording's parser found in it: the container and codec it names, its length and channels. */
export interface AudioProbe {
  container?: string;
  codec?: string;
  durationSeconds?: number;
  channels?: number;
}

export type AudioJudgement = { ok: true; mimeType: AudioType; durationSeconds: number } | { ok: false; reason: string };

const ACCEPTED = 'MP3, AAC or M4A, Ogg Opus or Vorbis, WebM Opus, FLAC or WAV';

/**
 * Whether a file is a recording the archive keeps, from what its bytes begin with and what the
 * parser read in it: the codec must be one a browser plays, and it must last some time.
 */
export function judgeAudio(container: ReturnType<typeof detectAudioContainer>, probe: AudioProbe | undefined): AudioJudgement {
  if (!container || !probe) return { ok: false, reason: `It is not a sound recording the archive can keep (${ACCEPTED}).` };
  const codec = (probe.codec ?? '').toLowerCase();
  const format = (probe.container ?? '').toLowerCase();
  const mimeType = audioTypeOf(format, codec);
  if (!mimeType) {
    const said = [probe.container, probe.codec].filter(Boolean).join(', ');
    return { ok: false, reason: `Its sound is ${said || 'of an unknown kind'}, which the archive does not keep: send ${ACCEPTED}.` };
  }
  const duration = probe.durationSeconds;
  if (!duration || !Number.isFinite(duration) || duration <= 0) {
    return { ok: false, reason: 'It holds no sound to play (its length is nothing or cannot be read).' };
  }
  return { ok: true, mimeType, durationSeconds: Math.round(duration * 1000) / 1000 };
}

function audioTypeOf(format: string, codec: string): AudioType | undefined {
  if (format === 'mpeg' && /layer 3/.test(codec)) return 'audio/mpeg';
  if (/^adts\b/.test(format) && /aac/.test(codec)) return 'audio/aac';
  if (/^(m4a|m4b|m4p|mp4|mp41|mp42|isom|iso2|dash)\b/.test(format) && /aac/.test(codec)) return 'audio/mp4';
  if (format === 'ogg' && /^(opus|vorbis)/.test(codec)) return 'audio/ogg';
  // WebM (Matroska's web subset) with Opus is what browsers record with MediaRecorder (Chromium's
  // only audio choice beside a fragmented MP4 whose length no header gives): kept as recorded, since
  // re-encoding in the browser would cost quality or, as WAV, ten times the size; browsers play it.
  if (format === 'ebml/webm' && /^(opus|vorbis)$/.test(codec)) return 'audio/webm';
  if (format === 'flac') return 'audio/flac';
  if (format === 'wave' && /pcm|float/.test(codec)) return 'audio/wav';
  return undefined;
}

/** Each audio type's extension in the store (never the name a file came with): a backup's keys are checked against it. */
export const AUDIO_EXTENSIONS: Readonly<Record<AudioType, string>> = {
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/wav': 'wav',
};

/** The file's extension in the store, from its type. */
export const audioExtension = (type: AudioType): string => AUDIO_EXTENSIONS[type];
